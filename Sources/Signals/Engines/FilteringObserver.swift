// The stateless operators that decide for each value alone whether it passes, transformed or not, or ends
// the signal: `prefix(while:)`, `ignoreOutput()`, and the `try` forms of `map`, `compactMap`, `filter` and
// `prefix(while:)`. Each is a face and a step, a small value that says what a value does;
// `FilteringObserver` runs the step and passes terminal events through. It holds no state: after it
// answers `stop`, the upstream delivers nothing more.

/// What a value does in an operator of the filtering family.
enum FilteringAnswer<Output> {
  /// Sends `output` downstream.
  case send(Output)
  /// Drops the value.
  case drop
  /// Sends `finished` and ends the signal.
  case finish
}

/// What an operator of the filtering family does with each value.
protocol FilteringStep: Sendable {
  associatedtype Input: Sendable
  associatedtype Output: Sendable
  associatedtype Failure: Error

  /// What `value` does. May call the user's closure, which may throw: the error ends the signal.
  func receive(_ value: Input) throws(Failure) -> FilteringAnswer<Output>
}

/// Runs a ``FilteringStep`` on each value of one subscription; terminal events pass through.
struct FilteringObserver<Downstream: SignalObserver, Step: FilteringStep, UpstreamFailure: Error>: SignalObserver
where Step.Output == Downstream.Input, Step.Failure == Downstream.Failure {
  let downstream: Downstream
  let step: Step
  let mapFailure: @Sendable (UpstreamFailure) -> Downstream.Failure

  func receive(_ event: Event<Step.Input, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value):
      let answer: FilteringAnswer<Step.Output>
      do {
        answer = try step.receive(value)
      } catch {
        _ = downstream.receive(.failed(error))
        return .stop
      }
      switch answer {
      case .send(let output):
        return downstream.receive(.value(output))
      case .drop:
        return .continue
      case .finish:
        _ = downstream.receive(.finished)
        return .stop
      }
    case .finished:
      return downstream.receive(.finished)
    case .failed(let error):
      return downstream.receive(.failed(mapFailure(error)))
    }
  }
}

extension FilteringObserver: ForwardingObserver {}
extension FilteringObserver: EngineObserver where Downstream: EngineObserver {}

extension Signal {
  /// Subscribes `observer` to what `step` makes of this signal's values (see `FilteringObserver`).
  func subscribe<Observer: SignalObserver, Step: FilteringStep>(
    _ observer: Observer, filtering step: Step, mapFailure: @escaping @Sendable (Failure) -> Observer.Failure
  ) -> SignalSubscription
  where Step.Input == Output, Step.Output == Observer.Input, Step.Failure == Observer.Failure {
    subscribe(FilteringObserver(downstream: observer, step: step, mapFailure: mapFailure))
  }
}
