// The operators that carry a state from one value to the next and may send something for each value:
// `tryScan`, `tryRemoveDuplicates(by:)`, `tryDrop(while:)` and `pairwise()`. Each is a face and a step, a
// small value that says what a value does to the state and what it sends; `ScanningObserver` runs the step
// for every subscription, with the state in one `Locked` (the Engines article, rule 1).

/// What an operator of the scanning family does with each value.
protocol ScanningStep: Sendable {
  associatedtype Input: Sendable
  associatedtype Output: Sendable
  associatedtype State: Sendable
  associatedtype Failure: Error

  /// The state before the first value.
  var initialState: State { get }

  /// Updates `state` for `value` and returns what to send, if anything. May call the user's closure, which
  /// may throw: the error ends the signal.
  func receive(_ value: Input, state: inout State) throws(Failure) -> Output?
}

/// Runs a ``ScanningStep`` on each value of one subscription; terminal events pass through.
struct ScanningObserver<Downstream: SignalObserver, Step: ScanningStep, UpstreamFailure: Error>: SignalObserver
where Step.Output == Downstream.Input, Step.Failure == Downstream.Failure {
  let downstream: Downstream
  let step: Step
  let mapFailure: @Sendable (UpstreamFailure) -> Downstream.Failure
  let state: Locked<Step.State>

  init(downstream: Downstream, step: Step, mapFailure: @escaping @Sendable (UpstreamFailure) -> Downstream.Failure) {
    self.downstream = downstream
    self.step = step
    self.mapFailure = mapFailure
    self.state = Locked(step.initialState)
  }

  func receive(_ event: Event<Step.Input, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value):
      // Events arrive serially: nothing changes the state between the two locks, and the step runs unlocked.
      var current = state.withLock { $0 }
      let output: Step.Output?
      do {
        output = try step.receive(value, state: &current)
      } catch {
        _ = downstream.receive(.failed(error))
        return .stop
      }
      state.withLock { $0 = current }
      guard let output else { return .continue }
      return downstream.receive(.value(output))
    case .finished:
      return downstream.receive(.finished)
    case .failed(let error):
      return downstream.receive(.failed(mapFailure(error)))
    }
  }
}

extension ScanningObserver: ForwardingObserver {}
extension ScanningObserver: EngineObserver where Downstream: EngineObserver {}
