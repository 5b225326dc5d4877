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

/// Receives the trigger's events.
@usableFromInline
struct DropUntilOutputTriggerObserver<Downstream: SignalObserver, Trigger: Signal>: FanInObserver {
  @usableFromInline let fanIn: DropUntilOutputStorage<Downstream>
  @usableFromInline let triggerFailure: @Sendable (Trigger.Failure) -> Downstream.Failure

  @inlinable
  init(
    fanIn: DropUntilOutputStorage<Downstream>,
    triggerFailure: @escaping @Sendable (Trigger.Failure) -> Downstream.Failure
  ) {
    self.fanIn = fanIn
    self.triggerFailure = triggerFailure
  }

  @inlinable
  var key: UInt64 { DropUntilOutputStateMachine.triggerKey }

  @inlinable
  func receive(_ event: Event<Trigger.Output, Trigger.Failure>) -> SignalControl {
    let completion: SignalCompletion<Downstream.Failure>?
    switch event {
    case .value: completion = nil
    case .finished: completion = .finished
    case .failed(let error): completion = .failed(triggerFailure(error))
    }
    return fanIn.transact { $0.triggerEvent(completion) }
  }
}
