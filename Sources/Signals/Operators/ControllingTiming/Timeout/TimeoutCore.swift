// One `timeout` subscription: its machine (`TimeoutStateMachine`), the deliveries to its downstream (the
// engines' drainer, `SerialDelivery`), the subscriptions of its upstream and fallback, and its one live timer,
// in one `Locked`, which its handle ends. A step runs the machine under the lock and
// posts what it passes; after unlocking, timers are cancelled and started, an ended upstream cancelled, and
// the claimed delivery runs. A value the downstream handled is told to the machine in the round trip after
// it, which restarts the interval.

/// The lock-guarded state of one `timeout` subscription.
@usableFromInline
struct TimeoutState<UpstreamFailure: Error, Downstream: SignalObserver> {
  @usableFromInline typealias Machine = TimeoutStateMachine<Downstream.Input, UpstreamFailure, Downstream.Failure>

  @usableFromInline var machine: Machine
  @usableFromInline var delivery: SerialDelivery<Downstream>
  @usableFromInline var upstream: SignalSubscriptionHandle?
  /// The timeout fired, or the operator ended: the upstream's subscription, when it arrives, is cancelled.
  @usableFromInline var upstreamEnded = false
  @usableFromInline var fallback: SignalSubscriptionHandle?
  /// The live timer's handle, once scheduled, and its id.
  @usableFromInline var timer: (id: UInt64, token: SignalScheduledAction)?
  @usableFromInline let scheduler: SchedulerReference

  @inlinable
  init(machine: consuming Machine, downstream: consuming Downstream, scheduler: SchedulerReference) {
    self.machine = machine
    self.delivery = SerialDelivery(downstream)
    self.scheduler = scheduler
  }

  /// The handle of timer `id`, if it is the one scheduled, taken out to cancel.
  @inlinable
  mutating func takeTimer(_ id: UInt64?) -> SignalScheduledAction? {
    guard let id, let live = timer, live.id == id else { return nil }
    timer = nil
    return live.token
  }
}

/// Who sent the event being delivered: the source that gets the delivery's answer.
@usableFromInline
enum TimeoutSource: Sendable {
  case upstream
  case fallback
  /// The timer, or a cancel: nobody is answered.
  case none
}

/// One `timeout` subscription.
@usableFromInline
struct TimeoutCore<UpstreamFailure: Error, Downstream: SignalObserver>: SubscriptionCore {
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure
  @usableFromInline typealias State = TimeoutState<UpstreamFailure, Downstream>

  @usableFromInline let state: Locked<State>

  /// A subscription of `machine` for `downstream`, before its upstream is subscribed; `timer` receives the
  /// machine's first timer, live from here (an event during the upstream's subscription may end it), which
  /// `attach(starting:on:)` schedules.
  @inlinable
  init(
    machine: consuming State.Machine, downstream: consuming Downstream, scheduler: SchedulerReference,
    starting timer: inout TimedTimerRequest?
  ) {
    var initial = State(machine: machine, downstream: downstream, scheduler: scheduler)
    timer = initial.machine.start()
    state = Locked(consume initial)
  }

  /// Keeps `subscription`, the upstream's (or the fallback's), unless the operator no longer wants it.
  @inlinable
  func keep(_ subscription: consuming SignalSubscriptionHandle, fallback: Bool) {
    state.keep(subscription) { state, handle in
      if fallback {
        if state.delivery.isOpen { state.fallback = handle.take() }
      } else if !state.upstreamEnded {
        state.upstream = handle.take()
      }
    }
  }

  /// Schedules the first timer on `scheduler` (the signal's), once the upstream is subscribed: the first
  /// interval is measured from the end of the upstream's subscription (the same instant in virtual time).
  @inlinable
  func attach(starting timer: TimedTimerRequest?, on scheduler: SchedulerReference) {
    if let timer { start(timer, on: scheduler) }
  }

  // MARK: Steps

  /// An upstream event.
  @inlinable
  func receiveUpstream(_ event: Event<Output, UpstreamFailure>) -> SignalControl {
    var deliverer: Downstream?
    var mapping = TimeoutFailureMapping.unchanged
    var cancelled: SignalScheduledAction?
    var scheduler: SchedulerReference?
    var clock: SchedulerReference?
    var open = false
    let passes = state.withLock { state -> Bool in
      guard state.delivery.isOpen else { return false }
      let passing = state.machine.receive(event)
      guard passing != .refuse else { return false }
      if case .passCancelling(let id) = passing, let token = state.takeTimer(id) {
        cancelled = token
        scheduler = state.scheduler
      }
      mapping = state.machine.mapping
      state.delivery.post(State.Machine.mapped(event, by: mapping), claiming: &deliverer)
      if deliverer != nil, state.machine.readsClockAfterValues { clock = state.scheduler }
      open = state.delivery.isOpen && !state.upstreamEnded
      return true
    }
    if let cancelled { scheduler?.cancel(cancelled) }
    guard passes else { return .stop }
    guard deliverer != nil else { return open ? .continue : .stop }
    return deliver(State.Machine.mapped(event, by: mapping), from: &deliverer, answering: .upstream, clock: clock)
  }

  /// An event of the fallback the timeout switched to.
  @inlinable
  func receiveFallback(_ event: Event<Output, Failure>) -> SignalControl {
    var deliverer: Downstream?
    let passes = state.withLock { state -> Bool in
      guard state.delivery.isOpen, state.machine.receiveFallback(event) else { return false }
      state.delivery.post(event, claiming: &deliverer)
      return true
    }
    guard passes else { return .stop }
    guard deliverer != nil else { return event.isTerminal ? .stop : .continue }
    return deliver(event, from: &deliverer, answering: .fallback)
  }

  /// Timer `id` fired.
  @inlinable
  func timerFired(_ id: UInt64) {
    var firing = State.Machine.Firing.none
    var upstream: SignalSubscriptionHandle?
    var scheduler: SchedulerReference?
    state.withLock { state in
      guard state.delivery.isOpen else { return }
      if state.timer?.id == id { state.timer = nil }  // running now: nothing to cancel
      firing = state.machine.timerFired(id)
      switch firing {
      case .none: return
      case .move: scheduler = state.scheduler
      case .fail, .switchTo:
        state.upstreamEnded = true
        upstream = state.upstream.take()
      }
    }
    switch consume firing {
    case .none:
      return
    case .move(let timer):
      start(timer, on: scheduler!)
    case .fail(let makeError):
      upstream.take()?.cancel()
      let failure = Event<Output, Failure>.failed(makeError())
      var deliverer: Downstream?
      state.withLock { $0.delivery.post(failure, claiming: &deliverer) }
      if deliverer != nil { _ = deliver(failure, from: &deliverer, answering: .none) }
    case .switchTo(let fallback):
      upstream.take()?.cancel()
      fallback.subscribe(keeping: TimeoutFallbackObserver(core: self))
    }
  }

  /// Delivers `first`, which claimed the delivery (the downstream moved into `deliverer`), then what was
  /// queued meanwhile, through the engines' one drain loop; after each upstream value the downstream goes on
  /// from, the machine hears of it (the interval restarts, at the time on `clock` when the machine reads it).
  /// Ends the operator on a terminal event or `stop`.
  @inlinable
  func deliver(
    _ first: Event<Output, Failure>, from deliverer: inout Downstream?, answering source: TimeoutSource,
    clock: SchedulerReference? = nil
  ) -> SignalControl {
    var handled = false
    var now: SignalInstant?
    var cancelled: SignalScheduledAction?
    var start: TimedTimerRequest?
    var scheduler: SchedulerReference?
    let drained = state.storage.drain(
      first,
      deliver: { event in
        if cancelled != nil || start != nil { restart(&cancelled, &start, on: scheduler!) }
        guard deliverer!.receive(event) == .continue, !event.isTerminal else { return false }
        if source == .upstream, case .value = event {
          handled = true
          now = clock?.now
        }
        return true
      },
      next: { state in
        if handled {
          handled = false
          var cancel: UInt64?
          state.machine.valueHandled(at: now, cancel: &cancel, start: &start)
          cancelled = state.takeTimer(cancel)
          if cancelled != nil || start != nil { scheduler = state.scheduler }
        }
        return state.delivery.next(returning: &deliverer)
      })
    if cancelled != nil || start != nil { restart(&cancelled, &start, on: scheduler!) }
    guard drained else {
      // `source` was answered `stop` (or sent the terminal event): it ends by itself.
      Self.end(state, sparing: source)
      return .stop
    }
    // Ended meanwhile (a cancel from another thread): `deliverer` kept the downstream, released here.
    return deliverer == nil ? .continue : .stop
  }

  // MARK: Timers and the ending

  /// Cancels and starts what a handled value asked for, after unlocking.
  @inlinable
  func restart(
    _ cancelled: inout SignalScheduledAction?, _ start: inout TimedTimerRequest?, on scheduler: SchedulerReference
  ) {
    if let token = cancelled.take() { scheduler.cancel(token) }
    if let timer = start.take() { self.start(timer, on: scheduler) }
  }

  /// Schedules `timer` and keeps its handle, or cancels it if the machine no longer waits for it. Timer 0's
  /// action holds only this engine.
  @inlinable
  func start(_ timer: TimedTimerRequest, on scheduler: SchedulerReference) {
    let core = self
    let id = timer.id
    let token =
      id == 0
      ? timer.schedule(on: scheduler) { core.timerFired(0) }
      : timer.schedule(on: scheduler) { core.timerFired(id) }
    let kept = state.withLock { state -> Bool in
      guard state.delivery.isOpen, state.machine.timer == id else { return false }
      state.timer = (id, token)
      return true
    }
    if !kept { scheduler.cancel(token) }
  }

  /// Ends the operator `state` is the state of: nothing more is delivered, and the upstream, the fallback
  /// and the timer are cancelled, except `spared`, which was answered `stop` and ends by itself.
  @inlinable
  static func end(_ state: Locked<State>, sparing spared: TimeoutSource = .none) {
    var downstream: Downstream?
    var queued = EventQueue<Event<Output, Failure>>()
    var upstream: SignalSubscriptionHandle?
    var fallback: SignalSubscriptionHandle?
    var timer: SignalScheduledAction?
    var scheduler: SchedulerReference?
    var discarded: State.Machine.Discarded?
    let first = state.withLock { state -> Bool in
      guard state.delivery.end(releasing: &downstream, &queued) else { return false }
      state.upstreamEnded = true
      upstream = state.upstream.take()
      fallback = state.fallback.take()
      timer = state.timer.take()?.token
      if timer != nil { scheduler = state.scheduler }
      discarded = state.machine.end()
      return true
    }
    guard first else { return }
    _ = (downstream, queued, discarded)  // released here, outside the lock
    if let timer { scheduler?.cancel(timer) }
    if spared != .upstream { upstream.take()?.cancel() }
    if spared != .fallback { fallback.take()?.cancel() }
  }
}

extension TimeoutState: SubscriptionState {
  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    TimeoutCore.end(state)
  }
}
