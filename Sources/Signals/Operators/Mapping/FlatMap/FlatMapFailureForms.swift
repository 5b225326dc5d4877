// The forms of `flatMap` whose upstream and inner signals have different failure types, where one of them
// cannot fail: Combine's overloads (iOS 14, macOS 11). The one that cannot fail takes the other's failure
// type, as `setFailureType(to:)` would give it; the result is a `FlatMapSignal` as Combine's is a
// `Publishers.FlatMap`, with a `SetFailureTypeSignal` where Combine has a `Publishers.SetFailureType`.

extension Signal where Failure == Never {
  /// Transforms each value into a signal that can fail and merges the events of those inner signals; this
  /// signal cannot fail, so the result fails as the inner signals do.
  ///
  /// Each upstream value names an inner signal (drawn as hot signals, on the upstream's frames):
  ///
  /// ```marble flat-map-failing-inner
  /// upstream:  -a--b-----
  /// a:         --1----2--
  /// b:         -----#
  /// flatMap:   --1--#
  /// ```
  ///
  /// <!-- setup
  /// struct LoadError: Error {}
  /// let pageNumbers = PassthroughSignal<Int, Never>()
  /// func load(_ page: Int) -> FailSignal<String, LoadError> { FailSignal(LoadError()) }
  /// -->
  /// ```swift
  /// let pages = pageNumbers.flatMap { page in load(page) }  // fails with LoadError
  /// ```
  ///
  /// The same as `setFailureType(to: Inner.Failure.self).flatMap(...)`:
  /// see ``Signal/flatMap(maxConcurrency:buffering:_:)-3nvrb`` for the rest.
  public consuming func flatMap<Inner: Signal>(
    maxConcurrency: Int = .max,
    buffering: SignalBufferingPolicy = .unbounded,
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> FlatMapSignal<SetFailureTypeSignal<Self, Inner.Failure>, Inner> {
    FlatMapSignal(
      upstream: SetFailureTypeSignal(upstream: self), maxConcurrency: maxConcurrency, buffering: buffering,
      transform: transform)
  }

  /// Transforms each value into a signal and merges the events of those inner signals; neither can fail.
  ///
  /// Chosen over the forms for different failure types when both are `Never`: see
  /// ``Signal/flatMap(maxConcurrency:buffering:_:)-3nvrb``.
  public consuming func flatMap<Inner: Signal>(
    maxConcurrency: Int = .max,
    buffering: SignalBufferingPolicy = .unbounded,
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> FlatMapSignal<Self, Inner> where Inner.Failure == Never {
    FlatMapSignal(upstream: self, maxConcurrency: maxConcurrency, buffering: buffering, transform: transform)
  }
}

extension Signal {
  /// Transforms each value into a signal that cannot fail and merges the events of those inner signals;
  /// the result fails as this signal does.
  ///
  /// ```marble flat-map-failing-upstream
  /// upstream:  -a---#
  /// a:         --1-2--3
  /// flatMap:   --1-2#
  /// ```
  ///
  /// <!-- setup
  /// struct FeedError: Error {}
  /// let feeds = PassthroughSignal<String, FeedError>()
  /// -->
  /// ```swift
  /// let letters = feeds.flatMap { feed in feed.map(String.init).signal }  // fails with FeedError
  /// ```
  ///
  /// Each inner signal is given this signal's failure type, as `setFailureType(to: Failure.self)` would:
  /// see ``Signal/flatMap(maxConcurrency:buffering:_:)-3nvrb`` for the rest.
  public consuming func flatMap<Inner: Signal>(
    maxConcurrency: Int = .max,
    buffering: SignalBufferingPolicy = .unbounded,
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> FlatMapSignal<Self, SetFailureTypeSignal<Inner, Failure>> where Inner.Failure == Never {
    FlatMapSignal(upstream: self, maxConcurrency: maxConcurrency, buffering: buffering) { value in
      SetFailureTypeSignal(upstream: transform(value))
    }
  }
}
