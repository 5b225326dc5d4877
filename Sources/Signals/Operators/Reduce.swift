extension Signal {
  /// Combines all the values with an accumulator and emits the final result when the upstream finishes.
  ///
  /// ```swift
  /// let sum = [1, 2, 3].signal.reduce(0, +)  // 6, then finished
  /// ```
  ///
  /// An upstream that finishes without values yields `initialResult`. A
  /// failure passes through, and the partial result is not emitted.
  @inlinable
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
  @inlinable
  public init(
    upstream: Upstream, initialResult: Output,
    nextPartialResult: @escaping @Sendable (Output, Upstream.Output) -> Output
  ) {
    self.upstream = upstream
    self.initialResult = initialResult
    self.nextPartialResult = nextPartialResult
  }

  /// Subscribes `observer` with a fresh accumulator.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    .make(_subscribeHandle(observer))
  }

  /// Subscribes `observer` for another operator; see `Signal._subscribeHandle(_:)`.
  @inlinable
  public func _subscribeHandle<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure {
    let finishGuard = TrailingFinishGuard.guarding(Observer.self)
    let observer = ReduceObserver(
      downstream: observer, initialResult: initialResult, nextPartialResult: nextPartialResult, finishGuard: finishGuard
    )
    return finishGuard.connect(upstream._subscribeHandle(observer))
  }
}

/// The per-subscription accumulator of `reduce`.
@usableFromInline
final class ReduceObserver<Downstream: SignalObserver, Input: Sendable>: SignalObserver, Sendable {
  @usableFromInline let downstream: Downstream
  /// `nil` for a downstream that needs none (`SignalObserver._lateFinish`).
  @usableFromInline let finishGuard: TrailingFinishGuard?
  @usableFromInline let nextPartialResult: @Sendable (Downstream.Input, Input) -> Downstream.Input
  @usableFromInline let accumulator: Locked<Downstream.Input>

  @inlinable
  init(
    downstream: Downstream, initialResult: Downstream.Input,
    nextPartialResult: @escaping @Sendable (Downstream.Input, Input) -> Downstream.Input,
    finishGuard: TrailingFinishGuard?
  ) {
    self.finishGuard = finishGuard
    self.downstream = downstream
    self.nextPartialResult = nextPartialResult
    self.accumulator = Locked(initialResult)
  }

  @inlinable
  func receive(_ event: Event<Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      // Serial events: nothing changes the accumulator between the two locks; the closure runs unlocked.
      let next = nextPartialResult(accumulator.withLock { $0 }, value)
      accumulator.withLock { $0 = next }
      return .continue
    case .finished:
      if downstream.receive(.value(accumulator.withLock { $0 })) == .continue {
        _ = finishGuard.finish(downstream)
      }
      return .stop
    case .failed(let error):
      return downstream.receive(.failed(error))
    }
  }
}
