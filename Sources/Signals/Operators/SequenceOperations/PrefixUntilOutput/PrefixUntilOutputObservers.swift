/// The prefix(untilOutputFrom:)'s state: a `FanIn` holding a `PrefixUntilOutputStateMachine`.
typealias PrefixUntilOutputStorage<Downstream: SignalObserver> = FanIn<Downstream, PrefixUntilOutputStateMachine>

/// Receives the upstream's events and passes them on.
struct PrefixUntilOutputObserver<Downstream: SignalObserver>: FanInObserver {
  let fanIn: PrefixUntilOutputStorage<Downstream>

  var key: UInt64 { PrefixUntilOutputStateMachine.upstreamKey }

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    fanIn.send(event)
  }
}
