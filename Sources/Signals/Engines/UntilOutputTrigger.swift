/// The state machine of an operator whose second upstream is a trigger (`prefix(untilOutputFrom:)`,
/// `drop(untilOutputFrom:)`): the trigger's slot key and the step its events take.
protocol UntilOutputMachine: FanInMachine {
  /// The slot key of the upstream.
  static var upstreamKey: UInt64 { get }
  /// The slot key of the trigger.
  static var triggerKey: UInt64 { get }
  /// The step for an event of the trigger: its value as `nil`, or its terminal event.
  static func triggerEvent<Downstream: SignalObserver>(
    _ completion: SignalCompletion<Downstream.Failure>?, in state: inout FanInState<Downstream, Self>
  ) -> FanInStep<Downstream.Input, Downstream.Failure>
}

/// Receives the trigger's events and hands them to the machine's rule.
struct UntilOutputTriggerObserver<Downstream: SignalObserver, Trigger: Signal, Machine: UntilOutputMachine>:
  FanInObserver
{
  let fanIn: FanIn<Downstream, Machine>
  let triggerFailure: @Sendable (Trigger.Failure) -> Downstream.Failure

  init(
    fanIn: FanIn<Downstream, Machine>,
    triggerFailure: @escaping @Sendable (Trigger.Failure) -> Downstream.Failure
  ) {
    self.fanIn = fanIn
    self.triggerFailure = triggerFailure
  }

  var key: UInt64 { Machine.triggerKey }

  func receive(_ event: Event<Trigger.Output, Trigger.Failure>) -> SignalControl {
    let completion: SignalCompletion<Downstream.Failure>?
    switch event {
    case .value: completion = nil
    case .finished: completion = .finished
    case .failed(let error): completion = .failed(triggerFailure(error))
    }
    return fanIn.transact { Machine.triggerEvent(completion, in: &$0) }
  }
}

extension UntilOutputMachine {
  /// The subscription of an operator with a trigger, in a fan-in holding `machine`: both slots reserved, in
  /// `order`; the trigger subscribed first (one that fires while being subscribed decides before the
  /// upstream is subscribed at all), then the upstream through the operator's own observer; the fan-in's
  /// handle, handed to `observer`.
  static func subscribe<Observer: SignalObserver, Trigger: Signal, Upstream: Signal, UpstreamObserver: UpstreamKeeper>(
    _ observer: Observer, machine: Self, reserving order: [UInt64], trigger: Trigger,
    triggerFailure: @escaping @Sendable (Trigger.Failure) -> Observer.Failure, upstream: Upstream,
    through upstreamObserver: (FanIn<Observer, Self>) -> UpstreamObserver
  ) -> SignalSubscription
  where UpstreamObserver.Input == Upstream.Output, UpstreamObserver.Failure == Upstream.Failure {
    let fanIn = FanIn(downstream: observer, machine: machine)
    guard fanIn.reserve(order) else { return .empty }
    if fanIn.isWaiting(for: triggerKey) {
      trigger.subscribe(
        keeping: UntilOutputTriggerObserver<Observer, Trigger, Self>(fanIn: fanIn, triggerFailure: triggerFailure))
    }
    if fanIn.isWaiting(for: upstreamKey) { upstream.subscribe(keeping: upstreamObserver(fanIn)) }
    return .handing(fanIn.handle, to: observer)
  }
}
