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
    upstream.subscribe(
      ScanObserver(downstream: observer, initialResult: initialResult, nextPartialResult: nextPartialResult))
  }
}

/// The per-subscription accumulator of `scan`.
final class ScanObserver<Downstream: SignalObserver, Input: Sendable>: SignalObserver, Sendable {
  let downstream: Downstream
  let nextPartialResult: @Sendable (Downstream.Input, Input) -> Downstream.Input
  let accumulator: Locked<Downstream.Input>

  init(
    downstream: Downstream, initialResult: Downstream.Input,
    nextPartialResult: @escaping @Sendable (Downstream.Input, Input) -> Downstream.Input
  ) {
    self.downstream = downstream
    self.nextPartialResult = nextPartialResult
    self.accumulator = Locked(initialResult)
  }

  func receive(_ event: Event<Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      // Events arrive serially, so nothing changes the accumulator between these two locks;
      // the user's closure runs unlocked.
      let next = nextPartialResult(accumulator.withLock { $0 }, value)
      accumulator.withLock { $0 = next }
      return downstream.receive(.value(next))
    case .finished:
      return downstream.receive(.finished)
    case .failed(let error):
      return downstream.receive(.failed(error))
    }
  }
}

extension ScanSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension ScanObserver: ForwardingObserver {}
extension ScanObserver: EngineObserver where Downstream: EngineObserver {}
