// The time-operator engine: one subscription of `debounce`, `throttle`, `delay` or `timeout`, its whole
// state in one `Locked` (one allocation, which is also what its subscription cancels).
//
// - A step runs the operator's machine under the lock on an upstream event, a timer firing or a fallback
//   event; the events it sends are posted to the engines' one drainer (`SerialDelivery`) in the same lock
//   round trip, and the first claims the delivery when none is in progress. After unlocking: cancelled
//   timers are cancelled, new ones scheduled, an ended upstream cancelled, then the claimed delivery runs.
// - Timers: a timer is live from the step that asks for it until it fires or is cancelled. Timer 0's action
//   captures only this engine (no allocation for its context); others also capture their id.
// - The clock is read only for machines that use it (`TimedStateMachine.readsClock`), before locking.
// - Ending (a terminal event delivered, `stop`, or a cancel) releases everything after unlocking; the
//   source answered `stop` ends by itself, so its subscription is only let go.

/// One time-operator subscription.
@usableFromInline
struct TimedCore<Machine: TimedStateMachine, Downstream: SignalObserver>: Sendable
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  @usableFromInline typealias Output = Machine.Output
  @usableFromInline typealias Failure = Machine.Failure
  @usableFromInline typealias State = TimedState<Machine, Downstream>

  @usableFromInline let state: Locked<State>

  /// A subscription of `machine` for `downstream`, before its upstream is subscribed; `timer` receives the
  /// timer the machine starts with, if any, for ``attach(_:starting:on:)``.
  @inlinable
  init(
    machine: consuming Machine, downstream: consuming Downstream, scheduler: SchedulerReference,
    starting timer: inout TimedTimerRequest?
  ) {
    // Started before the upstream can send: its timer is live from here (an event during the upstream's
    // subscription may cancel it).
    var initial = State(machine: machine, downstream: downstream, scheduler: scheduler)
    var effects = TimedEffects()
    initial.machine.start(&effects)
    if let first = effects.schedule { initial.timers.insert(first.id) }
    timer = effects.schedule
    state = Locked(consume initial)
  }

  /// The handle handed downstream: ends the operator.
  @inlinable
  var handle: SignalSubscriptionHandle {
    state.handle()
  }

  /// Keeps `upstream`, the subscription of this engine's `TimedUpstreamObserver` (or `fallback`'s, of its
  /// `TimedFallbackObserver`), unless the machine ended it meanwhile (then it is cancelled).
  @inlinable
  func keep(_ upstream: consuming SignalSubscriptionHandle, fallback: Bool = false) {
    var upstream = Optional(upstream)
    state.withLock { state in
      if fallback {
        if state.delivery.isOpen { state.fallback = upstream.take() }
      } else if !state.upstreamEnded {
        state.upstream = upstream.take()
      }
    }
    upstream?.cancel()
  }

  /// Schedules the machine's first timer on `scheduler` (the signal's), once the upstream is subscribed;
  /// returns ``handle``.
  ///
  /// The operator's face subscribes the upstream itself, not this method: a generic engine function that
  /// subscribes an upstream would appear once per time operator of a chain with a growing observer type,
  /// and the compiler's specializer gives up at the third (the Engines article).
  @inlinable
  func attach(starting timer: TimedTimerRequest?, on scheduler: SchedulerReference) -> SignalSubscriptionHandle {
    // Measured from the end of the upstream's subscription (the same instant in virtual time).
    if let timer { startTimer(timer, on: scheduler) }
    return handle
  }

  // MARK: Steps

  /// An upstream event; `now` is the clock when the machine reads it.
  @inlinable
  func receiveUpstream(_ event: Event<Machine.Input, Machine.UpstreamFailure>, at now: SignalInstant?)
    -> SignalControl
  {
    step(answering: .upstream) { machine, sends, effects in machine.receive(event, at: now, &sends, &effects) }
  }

  /// An event of the fallback the machine switched to.
  @inlinable
  func receiveFallback(_ event: Event<Output, Failure>) -> SignalControl {
    step(answering: .fallback) { machine, sends, effects in machine.receiveFallback(event, &sends, &effects) }
  }

  /// Timer `id` fired; `now` is the clock when the machine reads it.
  @inlinable
  func timerFired(_ id: UInt64, at now: SignalInstant? = nil) {
    step(answering: .none, firedTimer: id) { machine, sends, effects in
      machine.timerFired(id, at: now, &sends, &effects)
      return true
    }
  }

  /// Runs `body` on the machine under the lock (refused once the operator ended, or for a timer that is no
  /// longer live), then performs its effects and delivers what it claimed. Answers whether `source` should
  /// go on.
  ///
  /// Always inlined into its three callers, so that `body` is inlined too: called through a closure, the
  /// machine's step kept `effects` in memory, where copying and destroying it went through its type's
  /// metadata (W5: about 1,500 instructions a round).
  @inlinable
  @inline(__always)
  @discardableResult
  func step(
    answering source: TimedSource, firedTimer: UInt64? = nil,
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
    // Set when there are timers to cancel or start.
    var scheduler: SchedulerReference?
    // Tested instead of `scheduler`: comparing an unretained reference with `nil` retains and releases it.
    var hasTimers = false
    var open = false
    // For a restart after values (`TimedAfterValues.tellWithClock`).
    var clock: SchedulerReference?
    state.withLock { state in
      if let firedTimer {
        // The timer that fired is running now: nothing to cancel.
        guard state.timers.remove(firedTimer) != nil else { return }
      }
      guard state.delivery.isOpen, body(&state.machine, &sends, &effects) else { return }
      state.post(&sends, claiming: &deliverer, holding: &held)
      scheduler = state.take(&effects, releasing: &released, &releasedMore, starting: &start, ending: &endedUpstream)
      hasTimers = released != nil || releasedMore != nil || start != nil
      if effects.afterValues == .tellWithClock { clock = state.scheduler }
      open = state.isOpen(for: source)
    }
    if hasTimers { performTimers(&released, &releasedMore, &start, on: scheduler) }
    endedUpstream.take()?.cancel()
    if effects.acts { perform(state.withLock { $0.machine.takeAction() }) }
    guard deliverer != nil else { return open ? .continue : .stop }
    return deliver(
      sends.first, holding: held, from: &deliverer, answering: source, after: effects.afterValues,
      clock: clock)
  }

  /// Delivers `first`, the first event of a step that claimed the delivery (its downstream moved into
  /// `deliverer`), then the `held` events of that step, then whatever was queued meanwhile, through the
  /// engines' one drain loop; ends the operator on a terminal event or `stop`. With `afterValues`, the
  /// machine hears of each value the downstream handled, in the lock round trip after it (with the time on
  /// `clock`).
  @inlinable
  @inline(__always)
  func deliver(
    _ first: Event<Output, Failure>, holding held: [Event<Output, Failure>]?, from deliverer: inout Downstream?,
    answering source: TimedSource, after afterValues: TimedAfterValues, clock: SchedulerReference? = nil
  ) -> SignalControl {
    var nextHeld = 0
    var handled = false
    var now: SignalInstant?
    // What the machine asked for after a handled value: performed after unlocking, before the next delivery.
    var released: SignalScheduledAction?
    var releasedMore: [SignalScheduledAction]?
    var start: TimedTimerRequest?
    var endedUpstream: SignalSubscriptionHandle?
    var scheduler: SchedulerReference?
    var hasTimers = false
    let drained = state.storage.drain(
      first,
      deliver: { event in
        if hasTimers { performTimers(&released, &releasedMore, &start, on: scheduler) }
        hasTimers = false
        // Called in place: binding the downstream to a constant would retain it.
        guard deliverer!.receive(event) == .continue, !event.isTerminal else { return false }
        if afterValues != .nothing, case .value = event { handled = true }
        if handled, afterValues == .tellWithClock { now = clock?.now }
        return true
      },
      next: { state in
        if handled {
          handled = false
          var effects = TimedEffects()
          state.machine.handledValue(at: now, &effects)
          scheduler = state.take(
            &effects, releasing: &released, &releasedMore, starting: &start, ending: &endedUpstream)
          hasTimers = released != nil || releasedMore != nil || start != nil
        }
        if let held, nextHeld < held.count, !state.delivery.isEnded {
          defer { nextHeld += 1 }
          return held[nextHeld]
        }
        return state.delivery.next(returning: &deliverer)
      })
    if hasTimers { performTimers(&released, &releasedMore, &start, on: scheduler) }
    endedUpstream.take()?.cancel()
    guard drained else {
      // `source` was answered `stop` (or sent the terminal event): it ends by itself.
      Self.end(state, sparing: source)
      return .stop
    }
    // Ended meanwhile (a cancel from another thread): `deliverer` kept the downstream, released here.
    return deliverer == nil ? .continue : .stop
  }
}

// MARK: Timers, actions and the ending

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

  /// What a step asked for besides events and timers: a failure made by user code, or a fallback.
  @inlinable
  @inline(never)
  func perform(_ action: TimedAction<Output, Failure>) {
    switch action {
    case .none:
      return
    case .fail(let makeError):
      let failure = Event<Output, Failure>.failed(makeError())
      var deliverer: Downstream?
      state.withLock { $0.delivery.post(failure, claiming: &deliverer) }
      if deliverer != nil { _ = deliver(failure, holding: nil, from: &deliverer, answering: .none, after: .nothing) }
    case .switchTo(let fallback):
      fallback.subscribe(keeping: TimedFallbackObserver(core: self))
    }
  }

  /// Ends the operator `state` is the state of: nothing more is delivered, and the upstream, the fallback
  /// and the timers are cancelled, except `spared`, which was answered `stop` and ends by itself (its
  /// subscription is only let go).
  @inlinable
  static func end(_ state: Locked<State>, sparing spared: TimedSource = .none) {
    // Taken into locals of concrete types, released or cancelled after unlocking.
    var downstream: Downstream?
    var queued = EventQueue<Event<Output, Failure>>()
    var upstream: SignalSubscriptionHandle?
    var fallback: SignalSubscriptionHandle?
    var timer: SignalScheduledAction?
    var moreTimers: [SignalScheduledAction]?
    var leftovers: Machine.Leftovers?
    var scheduler: SchedulerReference?
    var hasTimers = false
    let first = state.withLock { state -> Bool in
      guard state.delivery.end(releasing: &downstream, &queued) else { return false }
      state.upstreamEnded = true
      upstream = state.upstream.take()
      fallback = state.fallback.take()
      state.timers.removeAll(first: &timer, rest: &moreTimers)
      if timer != nil || moreTimers != nil {
        scheduler = state.scheduler
        hasTimers = true
      }
      leftovers = state.machine.end()
      return true
    }
    guard first else { return }
    _ = (downstream, queued, leftovers)  // released here, outside the lock
    if hasTimers {
      if let timer { scheduler?.cancel(timer) }
      if let moreTimers { for token in moreTimers { scheduler?.cancel(token) } }
    }
    if spared != .upstream { upstream.take()?.cancel() }
    if spared != .fallback { fallback.take()?.cancel() }
  }
}

extension TimedState: SubscriptionState {
  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    TimedCore.end(state)
  }
}
