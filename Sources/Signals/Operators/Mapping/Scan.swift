extension Signal {
  /// Emits each intermediate result of combining the values with an accumulator.
  ///
  /// <!-- setup
  /// let taps = PassthroughSignal<Void, Never>()
  /// -->
  /// ```swift
  /// let tapCount = taps.map { 1 }.scan(0, +)  // 1, 2, 3, ...
  /// ```
  ///
  /// The first value is combined with `initialResult`; each emitted result is
  /// the accumulator for the next value. Each subscription starts again from
  /// `initialResult`. Terminal events pass through (nothing extra is emitted on finish).
  public consuming func scan<T: Sendable>(
    _ initialResult: T, _ nextPartialResult: @escaping @Sendable (T, Output) -> T
  ) -> ScanSignal<Self, T> {
    ScanSignal(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

/// A signal that emits the running accumulation of its upstream's values. See ``Signal/scan(_:_:)``.
public struct ScanSignal<Upstream: Signal, Output: Sendable>: Signal {
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are accumulated.
  public let upstream: Upstream
  /// The accumulator before the first value.
  public let initialResult: Output
  /// Combines the accumulator with a value.
  public let nextPartialResult: @Sendable (Output, Upstream.Output) -> Output

  /// Creates the signal; prefer ``Signal/scan(_:_:)``.
  public init(
    upstream: Upstream, initialResult: Output,
    nextPartialResult: @escaping @Sendable (Output, Upstream.Output) -> Output
  ) {
    self.upstream = upstream
    self.initialResult = initialResult
    self.nextPartialResult = nextPartialResult
  }

  /// Subscribes `observer` with a fresh accumulator.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    // `tryScan`'s step, with a closure that does not throw.
    let step = TryScanStep<Upstream.Output, Output, Failure>(
      initialState: initialResult, nextPartialResult: nextPartialResult)
    return upstream.subscribe(ScanningObserver(downstream: observer, step: step) { $0 })
  }
}

extension ScanSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
