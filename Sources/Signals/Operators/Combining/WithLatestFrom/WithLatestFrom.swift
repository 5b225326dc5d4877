extension Signal {
  /// Sends, for each value, the latest value of `other`; values that come before `other` sent one are
  /// dropped.
  ///
  /// ```marble with-latest-from
  /// upstream:            --a---b-c-|
  /// other:               -1--2-----3-
  /// withLatestFrom:      --1---2-2-|
  /// ```
  ///
  /// <!-- setup
  /// let submitTaps = PassthroughSignal<Void, Never>()
  /// let typedName = CurrentValueSignal<String, Never>("")
  /// -->
  /// ```swift
  /// let submitted = submitTaps.withLatestFrom(typedName)  // the name, at each tap
  /// ```
  ///
  /// CombineExt's and RxSwift's `withLatestFrom`: only this signal's values send; `other`'s values are
  /// kept, not sent. See ``WithLatestFromSignal`` for the terminal events.
  public consuming func withLatestFrom<Other: Signal>(
    _ other: consuming Other
  ) -> MapSignal<WithLatestFromSignal<Self, Other>, Other.Output> where Other.Failure == Failure {
    WithLatestFromSignal(upstream: self, other: other) { $0 }.map { $0.1 }
  }

  /// Sends, for each value, `resultSelector` of it and the latest value of `other`; values that come
  /// before `other` sent one are dropped.
  ///
  /// <!-- setup
  /// let submitTaps = PassthroughSignal<Int, Never>()  // the tap count
  /// let typedName = CurrentValueSignal<String, Never>("")
  /// -->
  /// ```swift
  /// let attempts = submitTaps.withLatestFrom(typedName) { count, name in "\(name) (\(count))" }
  /// ```
  public consuming func withLatestFrom<Other: Signal, Result: Sendable>(
    _ other: consuming Other, resultSelector: @escaping @Sendable (Output, Other.Output) -> Result
  ) -> MapSignal<WithLatestFromSignal<Self, Other>, Result> where Other.Failure == Failure {
    WithLatestFromSignal(upstream: self, other: other) { $0 }.map { resultSelector($0.0, $0.1) }
  }

  /// Sends, for each value, the latest value of `other`, which cannot fail.
  public consuming func withLatestFrom<Other: Signal>(
    _ other: consuming Other
  ) -> MapSignal<WithLatestFromSignal<Self, Other>, Other.Output> where Other.Failure == Never {
    WithLatestFromSignal(upstream: self, other: other, otherFailure: neverFails).map { $0.1 }
  }

  /// Sends, for each value, `resultSelector` of it and the latest value of `other`, which cannot fail.
  public consuming func withLatestFrom<Other: Signal, Result: Sendable>(
    _ other: consuming Other, resultSelector: @escaping @Sendable (Output, Other.Output) -> Result
  ) -> MapSignal<WithLatestFromSignal<Self, Other>, Result> where Other.Failure == Never {
    WithLatestFromSignal(upstream: self, other: other, otherFailure: neverFails).map { resultSelector($0.0, $0.1) }
  }
}

extension Signal where Failure == Never {
  /// Sends, for each value, the latest value of `other` (neither can fail).
  public consuming func withLatestFrom<Other: Signal>(
    _ other: consuming Other
  ) -> MapSignal<WithLatestFromSignal<Self, Other>, Other.Output> where Other.Failure == Never {
    WithLatestFromSignal(upstream: self, other: other, otherFailure: neverFails).map { $0.1 }
  }

  /// Sends, for each value, `resultSelector` of it and the latest value of `other` (neither can fail).
  public consuming func withLatestFrom<Other: Signal, Result: Sendable>(
    _ other: consuming Other, resultSelector: @escaping @Sendable (Output, Other.Output) -> Result
  ) -> MapSignal<WithLatestFromSignal<Self, Other>, Result> where Other.Failure == Never {
    WithLatestFromSignal(upstream: self, other: other, otherFailure: neverFails).map { resultSelector($0.0, $0.1) }
  }
}

/// A signal that pairs each value of its upstream with the latest value of another signal.
/// See ``Signal/withLatestFrom(_:)-11s1s``.
///
/// - `other` is subscribed first, then the upstream (as RxSwift does), so a value `other` sends while being
///   subscribed (a ``CurrentValueSignal``'s) is there for the upstream's first value.
/// - An upstream value sent before `other` sent any value is dropped: there is nothing to pair it with
///   (CombineExt, RxSwift).
/// - The upstream's terminal event ends the signal, and cancels `other`.
/// - `other` finishing after a value changes nothing: its last value stays the latest. `other` finishing
///   *without* a value finishes the signal at once, since nothing could ever be sent (the rule of
///   ``CombineLatestSignal``; CombineExt and RxSwift go on dropping every value until the upstream ends).
/// - `other` failing fails the signal with its error (its failure type is the upstream's, or `Never`).
public struct WithLatestFromSignal<Upstream: Signal, Other: Signal>: Signal {
  /// A value of the upstream and the latest value of `other`.
  public typealias Output = (Upstream.Output, Other.Output)
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values send.
  public let upstream: Upstream
  /// The signal whose latest value goes with each.
  public let other: Other
  let otherFailure: @Sendable (Other.Failure) -> Failure

  /// Subscribes `observer`: `other` first, then the upstream.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let fanIn = FanIn(downstream: observer, machine: WithLatestFromStateMachine<Other.Output>())
    let keys = WithLatestFromStateMachine<Other.Output>.self
    guard fanIn.reserve([keys.upstreamKey, keys.otherKey]) else { return .empty }
    if fanIn.isWaiting(for: keys.otherKey) {
      other.subscribe(keeping: WithLatestFromOtherObserver<Observer, Other>(fanIn: fanIn, otherFailure: otherFailure))
    }
    if fanIn.isWaiting(for: keys.upstreamKey) {
      upstream.subscribe(keeping: WithLatestFromObserver<Observer, Upstream.Output, Other.Output>(fanIn: fanIn))
    }
    return .handing(fanIn.handle, to: observer)
  }
}

extension WithLatestFromSignal: HandsOverSubscription {}
