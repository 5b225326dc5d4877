/// The prefix(untilOutputFrom:)'s state: a `FanIn` holding a `PrefixUntilOutputStateMachine`.
@usableFromInline
typealias PrefixUntilOutputStorage<Downstream: SignalObserver> = FanIn<Downstream, PrefixUntilOutputStateMachine>

/// Receives the upstream's events and passes them on.
@usableFromInline
struct PrefixUntilOutputObserver<Downstream: SignalObserver>: FanInObserver {
  @usableFromInline let fanIn: PrefixUntilOutputStorage<Downstream>

  @inlinable
  init(fanIn: PrefixUntilOutputStorage<Downstream>) {
    self.fanIn = fanIn
  }

  @inlinable
  var key: UInt64 { PrefixUntilOutputStateMachine.upstreamKey }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    fanIn.send(event)
  }
}
