extension Signal {
  /// Combines all the values with an accumulator that may throw, and emits the final result when the
  /// upstream finishes; a thrown error ends the signal with that error.
  ///
  /// ```marble try-reduce
  /// upstream:                          -1-2-3-|
  /// tryReduce(0, +):                   -------(6|)
  /// ```
  ///
  /// The closure throws the upstream's own failure type here (typed throws), so the failure type is kept.
  /// When it throws, the error is sent downstream at once and the upstream subscription is released. An
  /// upstream that finishes without values yields `initialResult`. A failure passes through, and the
  /// partial result is not emitted, as with ``Signal/reduce(_:_:)``.
  public consuming func tryReduce<T: Sendable>(
    _ initialResult: T, _ nextPartialResult: @escaping @Sendable (T, Output) throws(Failure) -> T
  ) -> TryReduceSignal<Self, T, Failure> {
    TryReduceSignal(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult) { $0 }
  }

  /// Combines all the values with an accumulator that may throw any error; the failure type becomes
  /// `any Error`, as in Combine.
  ///
  /// Chosen when the closure throws errors of another type than the upstream's failure (an untyped
  /// `throws`). A thrown error ends the signal; an upstream failure passes through as `any Error`.
  public consuming func tryReduce<T: Sendable>(
    _ initialResult: T, _ nextPartialResult: @escaping @Sendable (T, Output) throws -> T
  ) -> TryReduceSignal<Self, T, any Error> {
    TryReduceSignal(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult) { $0 }
  }
}

/// A signal that emits the accumulation of all its upstream's values with a throwing closure, on finish.
/// See ``Signal/tryReduce(_:_:)->TryReduceSignal<Self,T,Self.Failure>``.
public struct TryReduceSignal<Upstream: Signal, Output: Sendable, Failure: Error>: Signal {
  /// The signal whose values are accumulated.
  public let upstream: Upstream
  /// The accumulator before the first value.
  public let initialResult: Output
  /// Combines the accumulator with a value; a thrown error ends the signal.
  public let nextPartialResult: @Sendable (Output, Upstream.Output) throws(Failure) -> Output
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` with a fresh accumulator.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let step = TryReduceStep(initialState: initialResult, nextPartialResult: nextPartialResult)
    return upstream.subscribe(observer, reducing: step, mapFailure: mapFailure)
  }
}

/// `tryReduce`'s step: the state is the accumulator, and the result.
struct TryReduceStep<Input: Sendable, Output: Sendable, Failure: Error>: ReducingStep {
  let initialState: Output
  let nextPartialResult: @Sendable (Output, Input) throws(Failure) -> Output

  func receive(_ value: Input, state: inout Output) throws(Failure) {
    state = try nextPartialResult(state, value)
  }

  func result(_ state: Output) -> Output? { state }
}

extension TryReduceSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
