// One `receive(on:)` subscription: its whole state in one `Locked`, which is also what its subscription
// cancels. Events are queued; the first one that finds no run in progress schedules one, and the run
// delivers through the engines' one drain loop until the queue is empty (events sent meanwhile join it), so
// delivery is serial and in order whatever thread the upstream sends from.

struct ReceiveOnCore<Downstream: SignalObserver>: OneUpstreamCore {
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure
  typealias State = ReceiveOnState<Downstream>

  let state: Locked<State>

  init(downstream: consuming Downstream, scheduler: SchedulerReference, policy: SignalBufferingPolicy) {
    state = Locked(State(downstream: downstream, scheduler: scheduler, policy: policy))
  }

  func receiveUpstream(_ event: Event<Output, Failure>) -> SignalControl {
    var dropped: Event<Output, Failure>?
    var open = false
    var scheduler: SchedulerReference?
    let run = state.withLock { state -> UInt64? in
      let run = state.enqueue(event, dropping: &dropped)
      open = !state.delivery.isEnded
      if run != nil { scheduler = state.scheduler }
      return run
    }
    _ = dropped  // a value the buffering policy dropped, released here, outside the lock
    if let run, let scheduler { schedule(run, on: scheduler) }
    return open ? .continue : .stop
  }

  func schedule(_ run: UInt64, on scheduler: SchedulerReference) {
    let core = self
    let token = scheduler.schedule { core.deliverRun() }
    var replaced: SignalScheduledAction?
    let current = state.withLock { state -> Bool in
      guard !state.delivery.isEnded && state.runNumber == run else { return false }
      replaced = state.run
      state.run = token
      return true
    }
    if !current { scheduler.cancel(token) } else if let replaced { scheduler.cancel(replaced) }
  }

  /// A scheduled run: delivers what waits, then what joins meanwhile, until the queue is empty.
  func deliverRun() {
    var deliverer: Downstream?
    guard let first = state.withLock({ $0.taken($0.delivery.claim(into: &deliverer)) }) else { return }
    let drained = state.storage.deliver(first, to: &deliverer) { $0.taken($0.delivery.next(returning: &$1)) }
    if !drained { Self.end(state) }
    _ = deliverer  // ended meanwhile: released here, outside the lock
  }

  /// Ends the delivery `state` is the state of: drops what waits, cancels the upstream and the scheduled
  /// run.
  static func end(_ state: Locked<State>) {
    var downstream: Downstream?
    var queued = EventQueue<Event<Output, Failure>>()
    var upstream: SignalSubscriptionHandle?
    var run: SignalScheduledAction?
    var scheduler: SchedulerReference?
    let first = state.withLock { state -> Bool in
      guard state.delivery.end(releasing: &downstream, &queued) else { return false }
      upstream = state.upstream.take()
      run = state.run.take()
      if run != nil { scheduler = state.scheduler }
      return true
    }
    guard first else { return }
    _ = (downstream, queued)  // released here, outside the lock
    upstream.take()?.cancel()
    if let run { scheduler?.cancel(run) }
  }
}

extension ReceiveOnState: OneUpstreamState {
  var keepsUpstream: Bool { !delivery.isEnded }

  static func cancel(_ state: Locked<Self>, id: UInt64) {
    ReceiveOnCore.end(state)
  }
}
