extension Signal {
  /// Combines all the values with an accumulator and emits the final result when the upstream finishes.
  ///
  /// ```swift
  /// let sum = [1, 2, 3].signal.reduce(0, +)  // 6, then finished
  /// ```
  ///
  /// An upstream that finishes without values yields `initialResult`. A
  /// failure passes through, and the partial result is not emitted.
  public consuming func reduce<T: Sendable>(
    _ initialResult: T, _ nextPartialResult: @escaping @Sendable (T, Output) -> T
  ) -> ReduceSignal<Self, T> {
    ReduceSignal(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

/// A signal that emits the accumulation of all its upstream's values on finish. See ``Signal/reduce(_:_:)``.
public struct ReduceSignal<Upstream: Signal, Output: Sendable>: Signal {
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are accumulated.
  public let upstream: Upstream
  /// The accumulator before the first value.
  public let initialResult: Output
  /// Combines the accumulator with a value.
  public let nextPartialResult: @Sendable (Output, Upstream.Output) -> Output

  /// Creates the signal; prefer ``Signal/reduce(_:_:)``.
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
    // `tryReduce`'s step, with a closure that does not throw.
    let step = TryReduceStep<Upstream.Output, Output, Failure>(
      initialState: initialResult, nextPartialResult: nextPartialResult)
    return upstream.subscribe(observer, reducing: step) { $0 }
  }
}

extension ReduceSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
