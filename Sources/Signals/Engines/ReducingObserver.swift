// The operators that fold every value into a state and send one result when the upstream finishes:
// `tryReduce`, `max`/`min` and their `by:` and `try` forms, and `tryLast(where:)`. Each is a face and a
// step, a small value that says what a value does to the state and what the state's result is;
// `ReducingObserver` runs the step for every subscription, with the state in one `Locked`.

/// What an operator of the reducing family does with each value, and what it sends at the end.
protocol ReducingStep: Sendable {
  associatedtype Input: Sendable
  associatedtype Output: Sendable
  associatedtype State: Sendable
  associatedtype Failure: Error

  /// The state before the first value.
  var initialState: State { get }

  /// Folds `value` into `state`. May call the user's closure, which may throw: the error ends the signal.
  func receive(_ value: Input, state: inout State) throws(Failure)

  /// What is sent when the upstream finishes: `nil` sends only `finished`.
  func result(_ state: State) -> Output?
}

/// Runs a ``ReducingStep`` on each value of one subscription, and sends its result, then `finished`, when
/// the upstream finishes. A failure passes through and the state is not sent, as in Combine.
struct ReducingObserver<Downstream: SignalObserver, Step: ReducingStep, UpstreamFailure: Error>: SignalObserver
where Step.Output == Downstream.Input, Step.Failure == Downstream.Failure {
  let downstream: Downstream
  /// `nil` for a downstream that needs none (see `TrailingFinishGuard`).
  let finishGuard: TrailingFinishGuard?
  let step: Step
  let mapFailure: @Sendable (UpstreamFailure) -> Downstream.Failure
  let state: Locked<Step.State>

  init(
    downstream: Downstream, step: Step, mapFailure: @escaping @Sendable (UpstreamFailure) -> Downstream.Failure,
    finishGuard: TrailingFinishGuard?
  ) {
    self.downstream = downstream
    self.finishGuard = finishGuard
    self.step = step
    self.mapFailure = mapFailure
    self.state = Locked(step.initialState)
  }

  func receive(_ event: Event<Step.Input, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value):
      // Events arrive serially: nothing changes the state between the two locks, and the step runs unlocked.
      var current = state.withLock { $0 }
      do {
        try step.receive(value, state: &current)
      } catch {
        _ = downstream.receive(.failed(error))
        return .stop
      }
      state.withLock { $0 = current }
      return .continue
    case .finished:
      if let result = step.result(state.withLock { $0 }), downstream.receive(.value(result)) == .stop { return .stop }
      return finishGuard.finish(downstream)
    case .failed(let error):
      return downstream.receive(.failed(mapFailure(error)))
    }
  }
}

extension ReducingObserver: ForwardingObserver {}
extension ReducingObserver: EngineObserver where Downstream: EngineObserver {}

extension Signal {
  /// Subscribes `observer` to the result of `step` over this signal's values (see `ReducingObserver`).
  ///
  /// Always inlined: shared by several operators, it subscribes an upstream (the Engines article, rule 10).
  func subscribe<Observer: SignalObserver, Step: ReducingStep>(
    _ observer: Observer, reducing step: Step, mapFailure: @escaping @Sendable (Failure) -> Observer.Failure
  ) -> SignalSubscription
  where Step.Input == Output, Step.Output == Observer.Input, Step.Failure == Observer.Failure {
    TrailingFinishGuard.subscribe(observer, to: self) {
      ReducingObserver(downstream: observer, step: step, mapFailure: mapFailure, finishGuard: $0)
    }
  }
}
