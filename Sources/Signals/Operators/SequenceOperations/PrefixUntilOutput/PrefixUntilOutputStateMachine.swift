/// The state of a prefix(untilOutputFrom:): nothing beyond the fanIn's own; the keys of its two upstreams.
struct PrefixUntilOutputStateMachine: UntilOutputMachine {
  /// The slot key of the upstream.
  static var upstreamKey: UInt64 { 0 }
  /// The slot key of the trigger.
  static var triggerKey: UInt64 { 1 }

  static func triggerEvent<Downstream: SignalObserver>(
    _ completion: SignalCompletion<Downstream.Failure>?, in state: inout FanInState<Downstream, Self>
  ) -> FanInStep<Downstream.Input, Downstream.Failure> {
    state.triggerEvent(completion)
  }
}

extension FanInState where Machine == PrefixUntilOutputStateMachine {
  /// An event of the trigger: a value ends the signal, a finish changes nothing, a failure fails it.
  mutating func triggerEvent(_ completion: SignalCompletion<Failure>?) -> FanInStep<Output, Failure> {
    switch completion {
    case nil:
      return .emit(.finished)
    case .finished:
      dropUpstream(PrefixUntilOutputStateMachine.triggerKey)
      return .none
    case .failed(let error):
      return .emit(.failed(error))
    }
  }
}
