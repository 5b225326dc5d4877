// The time-operator engine: one subscription of `debounce`, `throttle` or `delay`, its whole state in one
// `Locked`, which its handle ends.
//
// - A step runs the operator's machine under the lock on an upstream event or a timer firing; the events it
//   sends are posted to the engines' one drainer (`SerialDelivery`) in the same lock round trip, and the
//   first claims the delivery when none is in progress. After unlocking: cancelled timers are cancelled,
//   new ones scheduled, an ended upstream cancelled, then the claimed delivery runs.
// - Timers: a timer is live from the step that asks for it until it fires or is cancelled; a late firing of
//   one that is no longer live is dropped.
// - The clock is read before locking, and passed to the machine's step.
// - Ending (a terminal event delivered, `stop`, or a cancel) releases everything after unlocking; the
//   source answered `stop` ends by itself, so its subscription is only let go.

/// One time-operator subscription.
@usableFromInline
struct TimedCore<Machine: TimedStateMachine, Downstream: SignalObserver>: SubscriptionCore
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  @usableFromInline typealias Output = Machine.Output
  @usableFromInline typealias Failure = Machine.Failure
  @usableFromInline typealias State = TimedState<Machine, Downstream>

  @usableFromInline let state: Locked<State>

  /// A subscription of `machine` for `downstream`, before its upstream is subscribed.
  @inlinable
  init(machine: consuming Machine, downstream: consuming Downstream, scheduler: SchedulerReference) {
    state = Locked(State(machine: machine, downstream: downstream, scheduler: scheduler))
  }

  /// Subscribes `downstream` to `upstream` through a new subscription of `machine`: what a time operator's
  /// `subscribe` does.
  ///
  /// Always inlined into each face (the Engines article, rule 10).
  @inlinable
  @inline(__always)
  static func subscribe<Upstream: Signal>(
    _ downstream: Downstream, to upstream: Upstream, machine: consuming Machine, on scheduler: SchedulerReference
  ) -> SignalSubscription where Upstream.Output == Machine.Input, Upstream.Failure == Machine.UpstreamFailure {
    let core = TimedCore(machine: machine, downstream: downstream, scheduler: scheduler)
    upstream.subscribe(keeping: TimedUpstreamObserver(core: core, scheduler: scheduler))
    return .handing(core.handle, to: downstream)
  }

  // MARK: Steps

  /// An upstream event, at `now`.
  @inlinable
  func receiveUpstream(_ event: Event<Machine.Input, Machine.UpstreamFailure>, at now: SignalInstant)
    -> SignalControl
  {
    step(answering: true) { machine, sends, effects in machine.receive(event, at: now, &sends, &effects) }
  }

  /// Timer `id` fired at `now`.
  @inlinable
  func timerFired(_ id: UInt64, at now: SignalInstant) {
    step(answering: false, firedTimer: id) { machine, sends, effects in
      machine.timerFired(id, at: now, &sends, &effects)
      return true
    }
  }

  /// Runs `body` on the machine under the lock (refused once the operator ended, or for a timer that is no
  /// longer live), then performs its effects and delivers what it claimed. Answers whether the upstream
  /// should go on, when `upstream` is the source.
  ///
  /// Always inlined into its callers, so that `body` is inlined too (the Engines article: small values on
  /// the hot path).
  @inlinable
  @inline(__always)
  @discardableResult
  func step(
    answering upstream: Bool, firedTimer: UInt64? = nil,
    _ body: (inout Machine, inout TimedSends<Output, Failure>, inout TimedEffects) -> Bool
  ) -> SignalControl {
    var sends = TimedSends<Output, Failure>()
    var effects = TimedEffects()
    var deliverer: Downstream?
    var held: [Event<Output, Failure>]?
    var released: SignalScheduledAction?
    var releasedMore: [SignalScheduledAction]?
    var start: TimedTimerRequest?
    var endedUpstream: SignalSubscriptionHandle?
    var scheduler: SchedulerReference?  // set when there are timers to cancel or start
    var hasTimers = false
    var open = false
    state.withLock { state in
      if let firedTimer {
        // The timer that fired is running now: nothing to cancel.
        guard state.timers.remove(firedTimer) != nil else { return }
      }
      guard state.delivery.isOpen, body(&state.machine, &sends, &effects) else { return }
      state.post(&sends, claiming: &deliverer, holding: &held)
      scheduler = state.take(&effects, releasing: &released, &releasedMore, starting: &start, ending: &endedUpstream)
      hasTimers = released != nil || releasedMore != nil || start != nil
      open = state.delivery.isOpen && !state.upstreamEnded
    }
    if hasTimers { performTimers(&released, &releasedMore, &start, on: scheduler) }
    endedUpstream.take()?.cancel()
    guard deliverer != nil else { return open ? .continue : .stop }
    return deliver(sends.first, holding: held, from: &deliverer, answering: upstream)
  }

  /// Delivers `first`, the first event of a step that claimed the delivery (its downstream moved into
  /// `deliverer`), then the `held` events of that step, then whatever was queued meanwhile, through the
  /// engines' one drain loop; ends the operator on a terminal event or `stop`.
  @inlinable
  @inline(__always)
  func deliver(
    _ first: Event<Output, Failure>, holding held: [Event<Output, Failure>]?, from deliverer: inout Downstream?,
    answering upstream: Bool
  ) -> SignalControl {
    var nextHeld = 0
    let drained = state.storage.deliver(first, to: &deliverer) { state, deliverer in
      if let held, nextHeld < held.count, !state.delivery.isEnded {
        defer { nextHeld += 1 }
        return held[nextHeld]
      }
      return state.delivery.next(returning: &deliverer)
    }
    guard drained else {
      // The upstream was answered `stop` (or sent the terminal event): it ends by itself.
      Self.end(state, sparingUpstream: upstream)
      return .stop
    }
    // Ended meanwhile (a cancel from another thread): `deliverer` kept the downstream, released here.
    return deliverer == nil ? .continue : .stop
  }
}

// MARK: Timers and the ending

extension TimedCore {
  /// Cancels and starts the timers a step took out under the lock, after unlocking.
  @inlinable
  @inline(__always)
  func performTimers(
    _ released: inout SignalScheduledAction?, _ releasedMore: inout [SignalScheduledAction]?,
    _ start: inout TimedTimerRequest?, on scheduler: SchedulerReference?
  ) {
    if let token = released.take() { scheduler?.cancel(token) }
    if let more = releasedMore.take() { for token in more { scheduler?.cancel(token) } }
    if let timer = start.take() { startTimer(timer, on: scheduler!) }
  }

  /// Ends the operator `state` is the state of: nothing more is delivered, and the upstream and the timers
  /// are cancelled, unless the upstream was answered `stop` (`sparingUpstream`: it ends by itself).
  @inlinable
  static func end(_ state: Locked<State>, sparingUpstream: Bool = false) {
    // Taken into locals of concrete types, released or cancelled after unlocking.
    var downstream: Downstream?
    var queued = EventQueue<Event<Output, Failure>>()
    var upstream: SignalSubscriptionHandle?
    var timer: SignalScheduledAction?
    var moreTimers: [SignalScheduledAction]?
    var discarded: Machine.Discarded?
    var scheduler: SchedulerReference?
    var hasTimers = false
    let first = state.withLock { state -> Bool in
      guard state.delivery.end(releasing: &downstream, &queued) else { return false }
      state.upstreamEnded = true
      upstream = state.upstream.take()
      state.timers.removeAll(first: &timer, rest: &moreTimers)
      if timer != nil || moreTimers != nil {
        scheduler = state.scheduler
        hasTimers = true
      }
      discarded = state.machine.end()
      return true
    }
    guard first else { return }
    _ = (downstream, queued, discarded)  // released here, outside the lock
    if hasTimers {
      if let timer { scheduler?.cancel(timer) }
      if let moreTimers { for token in moreTimers { scheduler?.cancel(token) } }
    }
    if !sparingUpstream { upstream.take()?.cancel() }
  }
}

extension TimedState: OneUpstreamState {
  @inlinable
  var keepsUpstream: Bool { !upstreamEnded }

  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    TimedCore.end(state)
  }
}
