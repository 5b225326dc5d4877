/// The prefix(untilOutputFrom:)'s storage: a `FanIn` holding a `PrefixUntilOutputStateMachine`.
@usableFromInline
typealias PrefixUntilOutputStorage<Downstream: SignalObserver> = FanIn<Downstream, PrefixUntilOutputStateMachine>

/// Receives the upstream's events and passes them on.
@usableFromInline
struct PrefixUntilOutputObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let storage: PrefixUntilOutputStorage<Downstream>

  @inlinable
  init(storage: PrefixUntilOutputStorage<Downstream>) {
    self.storage = storage
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    storage.send(event)
  }
}

/// Receives the trigger's events.
@usableFromInline
struct PrefixUntilOutputTriggerObserver<Downstream: SignalObserver, Trigger: Signal>: SignalObserver {
  @usableFromInline let storage: PrefixUntilOutputStorage<Downstream>
  @usableFromInline let triggerFailure: @Sendable (Trigger.Failure) -> Downstream.Failure

  @inlinable
  init(
    storage: PrefixUntilOutputStorage<Downstream>,
    triggerFailure: @escaping @Sendable (Trigger.Failure) -> Downstream.Failure
  ) {
    self.storage = storage
    self.triggerFailure = triggerFailure
  }

  @inlinable
  func receive(_ event: Event<Trigger.Output, Trigger.Failure>) -> SignalControl {
    let completion: SignalCompletion<Downstream.Failure>?
    switch event {
    case .value: completion = nil
    case .finished: completion = .finished
    case .failed(let error): completion = .failed(triggerFailure(error))
    }
    return storage.transact { $0.triggerEvent(completion) }
  }
}
