// The other forms of `combineLatest` Combine has: with a transformation, and of four signals.

extension Signal {
  /// Combines this signal with `other`: once both have sent a value, every new value of either sends
  /// `transform` of their latest values.
  ///
  /// ```marble combine-latest-transform
  /// upstream:                           -a---b---|
  /// other:                              ---1---2-|
  /// combineLatest(other) { $0 + $1 }:   ---x-y-z-|
  /// ```
  ///
  /// Above, `x` is `"a1"`, `y` is `"b1"` and `z` is `"b2"`. One ``Signal/map(_:)-((Self.Output)->T)`` after
  /// ``Signal/combineLatest(_:)``; see ``CombineLatestSignal`` for when it finishes and fails.
  public consuming func combineLatest<Other: Signal, T: Sendable>(
    _ other: consuming Other, _ transform: @escaping @Sendable (Output, Other.Output) -> T
  ) -> MapSignal<CombineLatestSignal<AnySignal<any Sendable, Failure>>, T> where Other.Failure == Failure {
    combineLatest(other).map { transform($0.0, $0.1) }
  }

  /// Combines this signal with two others, and sends `transform` of their latest values.
  ///
  /// See ``CombineLatestSignal`` for when it finishes and fails.
  public consuming func combineLatest<Second: Signal, Third: Signal, T: Sendable>(
    _ second: consuming Second, _ third: consuming Third,
    _ transform: @escaping @Sendable (Output, Second.Output, Third.Output) -> T
  ) -> MapSignal<CombineLatestSignal<AnySignal<any Sendable, Failure>>, T>
  where Second.Failure == Failure, Third.Failure == Failure {
    combineLatest(second, third).map { transform($0.0, $0.1, $0.2) }
  }

  /// Combines this signal with three others into quadruples of their latest values.
  ///
  /// See ``CombineLatestSignal`` for when it finishes and fails.
  public consuming func combineLatest<Second: Signal, Third: Signal, Fourth: Signal>(
    _ second: consuming Second, _ third: consuming Third, _ fourth: consuming Fourth
  ) -> MapSignal<
    CombineLatestSignal<AnySignal<any Sendable, Failure>>, (Output, Second.Output, Third.Output, Fourth.Output)
  >
  where Second.Failure == Failure, Third.Failure == Failure, Fourth.Failure == Failure {
    CombineLatestSignal([self.erasedValues(), second.erasedValues(), third.erasedValues(), fourth.erasedValues()])
      .map { values in
        // Each slot holds the value of the signal at that index, by construction.
        (values[0] as! Output, values[1] as! Second.Output, values[2] as! Third.Output, values[3] as! Fourth.Output)
      }
  }

  /// Combines this signal with three others, and sends `transform` of their latest values.
  ///
  /// See ``CombineLatestSignal`` for when it finishes and fails.
  public consuming func combineLatest<Second: Signal, Third: Signal, Fourth: Signal, T: Sendable>(
    _ second: consuming Second, _ third: consuming Third, _ fourth: consuming Fourth,
    _ transform: @escaping @Sendable (Output, Second.Output, Third.Output, Fourth.Output) -> T
  ) -> MapSignal<CombineLatestSignal<AnySignal<any Sendable, Failure>>, T>
  where Second.Failure == Failure, Third.Failure == Failure, Fourth.Failure == Failure {
    combineLatest(second, third, fourth).map { transform($0.0, $0.1, $0.2, $0.3) }
  }
}
