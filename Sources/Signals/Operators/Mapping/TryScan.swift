extension Signal {
  /// Emits each intermediate result of combining the values with an accumulator that may throw; a thrown
  /// error ends the signal with that error.
  ///
  /// ```marble try-scan
  /// upstream:                        -1-2-3-0-|
  /// tryScan(0, +), throwing at 0:    -1-3-6-#
  /// ```
  ///
  /// The closure throws the upstream's own failure type (typed throws), so the failure type is kept, as
  /// with ``Signal/tryMap(_:)->TryMapSignal<Self,T,Self.Failure>``:
  ///
  /// <!-- setup
  /// enum ScoreError: Error { case negative(Int) }
  /// let points = PassthroughSignal<Int, ScoreError>()
  /// -->
  /// ```swift
  /// let score = points.tryScan(0) { total, points throws(ScoreError) in
  ///   guard points >= 0 else { throw .negative(points) }
  ///   return total + points
  /// }
  /// ```
  ///
  /// When the closure throws, the error is sent downstream as ``Event/failed(_:)`` and the upstream
  /// subscription is released. Each subscription starts again from `initialResult`; terminal events pass
  /// through.
  public consuming func tryScan<T: Sendable>(
    _ initialResult: T, _ nextPartialResult: @escaping @Sendable (T, Output) throws(Failure) -> T
  ) -> TryScanSignal<Self, T, Failure> {
    TryScanSignal(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult) { $0 }
  }

  /// Emits each intermediate result of an accumulator that may throw any error; the failure type becomes
  /// `any Error`, as in Combine.
  ///
  /// Chosen when the closure throws errors of another type than the upstream's failure (an untyped
  /// `throws`). A thrown error ends the signal; an upstream failure passes through as `any Error`.
  public consuming func tryScan<T: Sendable>(
    _ initialResult: T, _ nextPartialResult: @escaping @Sendable (T, Output) throws -> T
  ) -> TryScanSignal<Self, T, any Error> {
    TryScanSignal(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult) { $0 }
  }
}

/// A signal that emits the running accumulation of its upstream's values with a throwing closure.
/// See ``Signal/tryScan(_:_:)->TryScanSignal<Self,T,Self.Failure>``.
public struct TryScanSignal<Upstream: Signal, Output: Sendable, Failure: Error>: Signal {
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
    let step = TryScanStep(initialState: initialResult, nextPartialResult: nextPartialResult)
    return upstream.subscribe(ScanningObserver(downstream: observer, step: step, mapFailure: mapFailure))
  }
}

/// `tryScan`'s step: the state is the accumulator, and each result is sent.
struct TryScanStep<Input: Sendable, Output: Sendable, Failure: Error>: ScanningStep {
  let initialState: Output
  let nextPartialResult: @Sendable (Output, Input) throws(Failure) -> Output

  func receive(_ value: Input, state: inout Output) throws(Failure) -> Output? {
    state = try nextPartialResult(state, value)
    return state
  }
}

extension TryScanSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
