/// The state of a drop(untilOutputFrom:): whether the trigger opened the gate; the keys of its two upstreams.
struct DropUntilOutputStateMachine: UntilOutputMachine {
  /// The slot key of the upstream.
  static var upstreamKey: UInt64 { 0 }
  /// The slot key of the trigger.
  static var triggerKey: UInt64 { 1 }

  /// The trigger sent a value: the upstream's values pass.
  var isOpen = false

  init() {}

  static func triggerEvent<Downstream: SignalObserver>(
    _ completion: SignalCompletion<Downstream.Failure>?, in state: inout FanInState<Downstream, Self>
  ) -> FanInStep<Downstream.Input, Downstream.Failure> {
    state.triggerEvent(completion)
  }
}

extension FanInState where Machine == DropUntilOutputStateMachine {
  /// An event of the upstream: a value passes once the gate is open; a terminal event ends the signal.
  mutating func upstreamEvent(_ event: Event<Output, Failure>) -> FanInStep<Output, Failure> {
    if case .value = event, !machine.isOpen { return .none }
    return .emit(event)
  }

  /// An event of the trigger (its value as `nil`): a value opens the gate and lets the trigger go; a
  /// terminal event before that ends the signal with it.
  mutating func triggerEvent(_ completion: SignalCompletion<Failure>?) -> FanInStep<Output, Failure> {
    guard !machine.isOpen else { return .stopUpstream }
    guard let completion else {
      machine.isOpen = true
      dropUpstream(DropUntilOutputStateMachine.triggerKey)
      return .stopUpstream
    }
    return .emit(Event(completion))
  }
}
