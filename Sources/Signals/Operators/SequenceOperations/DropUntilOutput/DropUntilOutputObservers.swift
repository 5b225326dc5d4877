/// The drop(untilOutputFrom:)'s state: a `FanIn` holding a `DropUntilOutputStateMachine`.
@usableFromInline
typealias DropUntilOutputStorage<Downstream: SignalObserver> = FanIn<Downstream, DropUntilOutputStateMachine>

/// Receives the upstream's events: values pass once the gate is open, terminal events always.
@usableFromInline
struct DropUntilOutputObserver<Downstream: SignalObserver>: FanInObserver {
  @usableFromInline let fanIn: DropUntilOutputStorage<Downstream>

  @inlinable
  init(fanIn: DropUntilOutputStorage<Downstream>) {
    self.fanIn = fanIn
  }

  @inlinable
  var key: UInt64 { DropUntilOutputStateMachine.upstreamKey }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    fanIn.transact { $0.upstreamEvent(event) }
  }
}
