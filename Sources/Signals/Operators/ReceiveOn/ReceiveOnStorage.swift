/// Delivers a subscription's events on a scheduler. `@unchecked Sendable`: mutable state is in a `Locked`.
///
/// One delivery run is scheduled at a time and delivers until the queue is
/// empty, so delivery is serial and in order whatever thread the upstream
/// sends from; events sent during a run join it.
final class ReceiveOnStorage<Downstream: SignalObserver>: SubscriptionTarget, @unchecked Sendable {
  typealias Machine = ReceiveOnStateMachine<Downstream.Input, Downstream.Failure>

  private struct State {
    var machine: Machine?
    var upstream: SignalSubscriptionHandle?
    var run: SignalScheduledAction?
    var runNumber: UInt64 = 0
    var ended = false
  }

  private let state: Locked<State>
  private let downstream: Downstream
  private let scheduler: SchedulerReference

  init(downstream: Downstream, scheduler: SchedulerReference, policy: SignalBufferingPolicy) {
    self.state = Locked(State(machine: Machine(policy: policy)))
    self.downstream = downstream
    self.scheduler = scheduler
  }

  /// Subscribes to `upstream` (through its handle: no subscription object of its own) and returns the
  /// subscription that ends the delivery.
  func attach<Upstream: Signal>(to upstream: Upstream) -> SignalSubscription
  where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
    // Moved, not copied, into the state; left here if delivery ended meanwhile.
    var token = Optional(upstream._subscribeHandle(ReceiveOnObserver(storage: self)))
    state.withLock { state in
      guard !state.ended else { return }
      state.upstream = token.take()
    }
    token.take()?.cancel()
    return SignalSubscription(target: self, id: 0)
  }

  func receiveUpstream(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    var dropped: Event<Downstream.Input, Downstream.Failure>?
    let (open, run): (Bool, UInt64?) = state.withLock { state in
      guard !state.ended, state.machine != nil else { return (false, nil) }
      guard state.machine!.enqueue(event, dropped: &dropped) else { return (true, nil) }
      state.runNumber += 1
      return (true, state.runNumber)
    }
    _ = dropped  // a value the buffering policy dropped, released here, outside the lock
    if let run { schedule(run) }
    return open ? .continue : .stop
  }

  private func schedule(_ run: UInt64) {
    let token = scheduler.schedule { [weak self] in self?.deliver() }
    let replaced: SignalScheduledAction? = state.withLock { state in
      guard !state.ended && state.runNumber == run else { return token }
      defer { state.run = token }
      return state.run
    }
    if let replaced { scheduler.cancel(replaced) }
  }

  private func deliver() {
    while let event = state.withLock({ $0.machine?.next() }) {
      let control = downstream.receive(event)
      if event.isTerminal || control == .stop {
        end()
        return
      }
    }
  }

  private func end() {
    let released: (Machine?, SignalSubscriptionHandle?, SignalScheduledAction?) = state.withLock { state in
      guard !state.ended else { return (nil, nil, nil) }
      state.ended = true
      defer {
        state.machine = nil
        state.upstream = nil
        state.run = nil
      }
      return (state.machine, state.upstream, state.run)
    }
    var upstream = released.1
    upstream.take()?.cancel()
    if let run = released.2 { scheduler.cancel(run) }
  }

  func cancelSubscription(id: UInt64) {
    end()
  }
}

struct ReceiveOnObserver<Downstream: SignalObserver>: SignalObserver {
  let storage: ReceiveOnStorage<Downstream>

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    storage.receiveUpstream(event)
  }
}
