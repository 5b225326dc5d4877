/// The drop(untilOutputFrom:)'s state: a `FanIn` holding a `DropUntilOutputStateMachine`.
typealias DropUntilOutputStorage<Downstream: SignalObserver> = FanIn<Downstream, DropUntilOutputStateMachine>

/// Receives the upstream's events: values pass once the gate is open, terminal events always.
struct DropUntilOutputObserver<Downstream: SignalObserver>: FanInObserver {
  let fanIn: DropUntilOutputStorage<Downstream>

  var key: UInt64 { DropUntilOutputStateMachine.upstreamKey }

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    fanIn.transact { $0.upstreamEvent(event) }
  }
}
