// CombineExt's `withLatestFrom` of two and three other signals: the others' latest values combined, as
// `combineLatest` combines them, and taken at each value of this signal. Every rule of
// `WithLatestFromSignal` and `CombineLatestSignal` holds: the others are subscribed first, in order; a value
// of this signal before each other sent one is dropped; another that finishes without a value finishes the
// result at once; a failure of any fails it.

extension Signal {
  /// Sends, for each value, the latest values of `other1` and `other2`; values that come before both sent
  /// one are dropped (CombineExt's `withLatestFrom(_:_:)`).
  ///
  /// ```marble with-latest-from-two
  /// upstream:             -a--b--c-d-|
  /// other1:               --1---2----
  /// other2:               ---x-------
  /// withLatestFrom:       ----p--q-q-|
  /// ```
  ///
  /// Above, `p` is `(1, x)` and `q` is `(2, x)`.
  ///
  /// <!-- setup
  /// let submitTaps = PassthroughSignal<Void, Never>()
  /// let typedName = CurrentValueSignal<String, Never>("")
  /// let typedAge = CurrentValueSignal<Int, Never>(0)
  /// -->
  /// ```swift
  /// let submitted = submitTaps.withLatestFrom(typedName, typedAge)  // (name, age), at each tap
  /// ```
  public consuming func withLatestFrom<Other1: Signal, Other2: Signal>(
    _ other1: consuming Other1, _ other2: consuming Other2
  ) -> MapSignal<
    WithLatestFromSignal<
      Self, MapSignal<CombineLatestSignal<AnySignal<any Sendable, Failure>>, (Other1.Output, Other2.Output)>
    >,
    (Other1.Output, Other2.Output)
  > where Other1.Failure == Failure, Other2.Failure == Failure {
    WithLatestFromSignal(upstream: self, other: other1.combineLatest(other2)) { $0 }.map { $0.1 }
  }

  /// Sends, for each value, `resultSelector` of it and the latest values of `other1` and `other2`; values
  /// that come before both sent one are dropped (CombineExt's `withLatestFrom(_:_:resultSelector:)`).
  ///
  /// <!-- setup
  /// let submitTaps = PassthroughSignal<Int, Never>()  // the tap count
  /// let typedName = CurrentValueSignal<String, Never>("")
  /// let typedAge = CurrentValueSignal<Int, Never>(0)
  /// -->
  /// ```swift
  /// let attempts = submitTaps.withLatestFrom(typedName, typedAge) { count, latest in "\(latest.0), \(latest.1) (\(count))" }
  /// ```
  public consuming func withLatestFrom<Other1: Signal, Other2: Signal, Result: Sendable>(
    _ other1: consuming Other1, _ other2: consuming Other2,
    resultSelector: @escaping @Sendable (Output, (Other1.Output, Other2.Output)) -> Result
  ) -> MapSignal<
    WithLatestFromSignal<
      Self, MapSignal<CombineLatestSignal<AnySignal<any Sendable, Failure>>, (Other1.Output, Other2.Output)>
    >,
    Result
  > where Other1.Failure == Failure, Other2.Failure == Failure {
    WithLatestFromSignal(upstream: self, other: other1.combineLatest(other2)) { $0 }.map { resultSelector($0.0, $0.1) }
  }

  /// Sends, for each value, the latest values of `other1`, `other2` and `other3`; values that come before
  /// all three sent one are dropped (CombineExt's `withLatestFrom(_:_:_:)`).
  ///
  /// <!-- setup
  /// let saveTaps = PassthroughSignal<Void, Never>()
  /// let title = CurrentValueSignal<String, Never>("")
  /// let body = CurrentValueSignal<String, Never>("")
  /// let isDraft = CurrentValueSignal<Bool, Never>(true)
  /// -->
  /// ```swift
  /// let saved = saveTaps.withLatestFrom(title, body, isDraft)  // (title, body, isDraft), at each tap
  /// ```
  public consuming func withLatestFrom<Other1: Signal, Other2: Signal, Other3: Signal>(
    _ other1: consuming Other1, _ other2: consuming Other2, _ other3: consuming Other3
  ) -> MapSignal<
    WithLatestFromSignal<
      Self,
      MapSignal<CombineLatestSignal<AnySignal<any Sendable, Failure>>, (Other1.Output, Other2.Output, Other3.Output)>
    >,
    (Other1.Output, Other2.Output, Other3.Output)
  > where Other1.Failure == Failure, Other2.Failure == Failure, Other3.Failure == Failure {
    WithLatestFromSignal(upstream: self, other: other1.combineLatest(other2, other3)) { $0 }.map { $0.1 }
  }

  /// Sends, for each value, `resultSelector` of it and the latest values of `other1`, `other2` and `other3`;
  /// values that come before all three sent one are dropped (CombineExt's
  /// `withLatestFrom(_:_:_:resultSelector:)`).
  public consuming func withLatestFrom<Other1: Signal, Other2: Signal, Other3: Signal, Result: Sendable>(
    _ other1: consuming Other1, _ other2: consuming Other2, _ other3: consuming Other3,
    resultSelector: @escaping @Sendable (Output, (Other1.Output, Other2.Output, Other3.Output)) -> Result
  ) -> MapSignal<
    WithLatestFromSignal<
      Self,
      MapSignal<CombineLatestSignal<AnySignal<any Sendable, Failure>>, (Other1.Output, Other2.Output, Other3.Output)>
    >,
    Result
  > where Other1.Failure == Failure, Other2.Failure == Failure, Other3.Failure == Failure {
    WithLatestFromSignal(upstream: self, other: other1.combineLatest(other2, other3)) { $0 }.map {
      resultSelector($0.0, $0.1)
    }
  }
}
