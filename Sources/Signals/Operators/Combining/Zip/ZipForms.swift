// The other forms of `zip` Combine has: with a transformation, and of four signals.

extension Signal {
  /// Pairs the values of this signal and `other` in order, and emits `transform` of each pair.
  ///
  /// ```marble zip-transform
  /// upstream:                 -a---b-c-|
  /// other:                    ---1-2---|
  /// zip(other) { $0 + $1 }:   ---x-y---|
  /// ```
  ///
  /// Above, `x` is `"a1"` and `y` is `"b2"`; `c` never pairs, as `other` finishes first. One ``Signal/map(_:)-((Self.Output)->T)``
  /// after ``Signal/zip(_:)``; see ``ZipSignal`` for when it finishes and fails.
  public consuming func zip<Other: Signal, T: Sendable>(
    _ other: consuming Other, _ transform: @escaping @Sendable (Output, Other.Output) -> T
  ) -> MapSignal<ZipSignal<AnySignal<any Sendable, Failure>>, T> where Other.Failure == Failure {
    zip(other).map { transform($0.0, $0.1) }
  }

  /// Combines the values of this signal and two others in order, and emits `transform` of each triple.
  ///
  /// See ``ZipSignal`` for when it finishes and fails.
  public consuming func zip<Second: Signal, Third: Signal, T: Sendable>(
    _ second: consuming Second, _ third: consuming Third,
    _ transform: @escaping @Sendable (Output, Second.Output, Third.Output) -> T
  ) -> MapSignal<ZipSignal<AnySignal<any Sendable, Failure>>, T>
  where Second.Failure == Failure, Third.Failure == Failure {
    zip(second, third).map { transform($0.0, $0.1, $0.2) }
  }

  /// Combines the values of this signal and three others in order, into quadruples.
  ///
  /// See ``ZipSignal`` for when it finishes and fails.
  public consuming func zip<Second: Signal, Third: Signal, Fourth: Signal>(
    _ second: consuming Second, _ third: consuming Third, _ fourth: consuming Fourth
  ) -> MapSignal<ZipSignal<AnySignal<any Sendable, Failure>>, (Output, Second.Output, Third.Output, Fourth.Output)>
  where Second.Failure == Failure, Third.Failure == Failure, Fourth.Failure == Failure {
    ZipSignal([self.erasedValues(), second.erasedValues(), third.erasedValues(), fourth.erasedValues()]).map {
      values in
      // Each slot holds a value of the signal at that index, by construction.
      (values[0] as! Output, values[1] as! Second.Output, values[2] as! Third.Output, values[3] as! Fourth.Output)
    }
  }

  /// Combines the values of this signal and three others in order, and emits `transform` of each
  /// quadruple.
  ///
  /// See ``ZipSignal`` for when it finishes and fails.
  public consuming func zip<Second: Signal, Third: Signal, Fourth: Signal, T: Sendable>(
    _ second: consuming Second, _ third: consuming Third, _ fourth: consuming Fourth,
    _ transform: @escaping @Sendable (Output, Second.Output, Third.Output, Fourth.Output) -> T
  ) -> MapSignal<ZipSignal<AnySignal<any Sendable, Failure>>, T>
  where Second.Failure == Failure, Third.Failure == Failure, Fourth.Failure == Failure {
    zip(second, third, fourth).map { transform($0.0, $0.1, $0.2, $0.3) }
  }
}
