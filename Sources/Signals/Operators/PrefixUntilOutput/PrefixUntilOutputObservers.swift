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

/// Receives the trigger's events.
@usableFromInline
struct PrefixUntilOutputTriggerObserver<Downstream: SignalObserver, Trigger: Signal>: FanInObserver {
  @usableFromInline let fanIn: PrefixUntilOutputStorage<Downstream>
  @usableFromInline let triggerFailure: @Sendable (Trigger.Failure) -> Downstream.Failure

  @inlinable
  init(
    fanIn: PrefixUntilOutputStorage<Downstream>,
    triggerFailure: @escaping @Sendable (Trigger.Failure) -> Downstream.Failure
  ) {
    self.fanIn = fanIn
    self.triggerFailure = triggerFailure
  }

  @inlinable
  var key: UInt64 { PrefixUntilOutputStateMachine.triggerKey }

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
