// The shared storage of the time operators delay, debounce and throttle (timeout has its own lean core,
// Timeout/TimeoutCore.swift: it is on the intro's hot path).
//
// Each operator is a value-type state machine (`TimedStateMachine`) that turns
// upstream events and timer firings into *effects*: events for the downstream,
// timers to schedule or cancel. This class holds
// the machine under the lock seam together with a `SerialOutbox`, and performs
// the effects after unlocking: timers are scheduled or cancelled,
// and events delivered by the outbox's drainer. One audited implementation of
// the lock/timer/delivery bookkeeping, instead of one per operator; the
// operators' files hold only what differs (their machines).
//
// Performance: everything here is `@inlinable`, so an operator subscribed from
// inlinable code runs specialized (no generic metadata lookups); effects and
// timers hold their first element inline, so the common one-timer, one-event
// step allocates nothing.

/// What a time operator's state machine asks for, performed after unlocking.
@usableFromInline
struct TimedEffects<Output: Sendable, Failure: Error> {
  /// Events for the downstream, in order.
  @usableFromInline var events = InlineList<Event<Output, Failure>>()
  /// Timers to start: the machine's id for each, and when it fires.
  @usableFromInline var schedule = InlineList<(id: UInt64, deadline: SignalInstant)>()
  /// Timers to cancel, by id.
  @usableFromInline var cancel = InlineList<UInt64>()

  @inlinable
  init() {}

  @inlinable
  mutating func send(_ event: Event<Output, Failure>) {
    events.append(event)
  }
}

/// A time operator's logic, free of locks and schedulers.
@usableFromInline
protocol TimedStateMachine: Sendable {
  associatedtype Input: Sendable
  associatedtype UpstreamFailure: Error
  associatedtype Output: Sendable
  associatedtype Failure: Error

  /// Called once, after the upstream subscription was made.
  mutating func start(_ effects: inout TimedEffects<Output, Failure>)
  /// An upstream event arrived at `now`.
  mutating func receive(
    _ event: Event<Input, UpstreamFailure>, at now: SignalInstant, _ effects: inout TimedEffects<Output, Failure>)
  /// The timer `id` fired at `now` (only live timers: cancelled ones never reach the machine).
  mutating func timerFired(_ id: UInt64, at now: SignalInstant, _ effects: inout TimedEffects<Output, Failure>)
}

/// A live timer: its id, and its scheduler handle once the action is scheduled.
@usableFromInline
struct TimedTimer {
  @usableFromInline var id: UInt64
  @usableFromInline var token: SignalScheduledAction?

  @inlinable
  init(id: UInt64, token: SignalScheduledAction?) {
    self.id = id
    self.token = token
  }
}

/// The live timers, the first one inline (timeout, debounce and throttle have at most one).
@usableFromInline
struct TimedTimers {
  @usableFromInline var first: TimedTimer?
  /// Further live timers (delay), by id.
  @usableFromInline var others: [UInt64: TimedTimer] = [:]

  @inlinable
  init() {}

  @inlinable
  mutating func insert(_ id: UInt64) {
    if first == nil {
      first = TimedTimer(id: id, token: nil)
    } else {
      others[id] = TimedTimer(id: id, token: nil)
    }
  }

  @inlinable
  func contains(_ id: UInt64) -> Bool {
    if first?.id == id { return true }
    return !others.isEmpty && others[id] != nil
  }

  /// Stores the handle of live timer `id`; false if the timer is no longer live.
  @inlinable
  mutating func setToken(_ token: SignalScheduledAction, for id: UInt64) -> Bool {
    if first?.id == id {
      first!.token = token
      return true
    }
    guard !others.isEmpty, others[id] != nil else { return false }
    others[id]!.token = token
    return true
  }

  /// Removes timer `id`; nil if it was not live, else the removed timer (its handle to release).
  @inlinable
  mutating func remove(_ id: UInt64) -> TimedTimer? {
    if let timer = first, timer.id == id {
      first = nil
      return timer
    }
    guard !others.isEmpty else { return nil }
    return others.removeValue(forKey: id)
  }

  /// Removes every timer; their handles go to `released`, to cancel after unlocking.
  @inlinable
  mutating func removeAll(into released: inout InlineList<SignalScheduledAction>) {
    if let token = first?.token { released.append(token) }
    first = nil
    guard !others.isEmpty else { return }
    for timer in others.values { if let token = timer.token { released.append(token) } }
    others = [:]
  }
}

/// The lock-guarded state of a `TimedOperatorStorage`.
@usableFromInline
struct TimedState<Machine: TimedStateMachine> {
  @usableFromInline var machine: Machine?
  @usableFromInline var outbox = SerialOutbox<Machine.Output, Machine.Failure>()
  @usableFromInline var upstream: SignalSubscriptionHandle?
  @usableFromInline var timers = TimedTimers()
  @usableFromInline var ended = false

  @inlinable
  init(machine: Machine) {
    self.machine = machine
  }
}

/// Holds a `TimedStateMachine` and performs its effects. `@unchecked Sendable`: mutable state is in a `Locked`.
@usableFromInline
final class TimedOperatorStorage<Machine: TimedStateMachine, Downstream: SignalObserver>: SpecializedTarget,
  @unchecked Sendable
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  @usableFromInline let state: Locked<TimedState<Machine>>
  @usableFromInline let downstream: Downstream
  @usableFromInline let scheduler: SchedulerReference

  @inlinable
  init(
    machine: Machine, downstream: Downstream, scheduler: SchedulerReference
  ) {
    self.state = Locked(TimedState(machine: machine))
    self.downstream = downstream
    self.scheduler = scheduler
    super.init { target, _ in unsafeDowncast(target, to: TimedOperatorStorage.self).end() }
  }

  /// Keeps `upstream`, the subscription of this storage's `TimedUpstreamObserver`, starts the machine,
  /// and returns the handle that ends it (capture-free: it calls the canceller this class stores,
  /// specialized).
  ///
  /// The operator's face subscribes the upstream itself, not this method: a generic engine function that
  /// subscribes an upstream would appear once per time operator of a chain with a growing observer type,
  /// and the compiler's specializer gives up at the third (the Engines article, rule 14).
  @inlinable
  func attach(_ upstream: consuming SignalSubscriptionHandle) -> SignalSubscriptionHandle {
    // Moved, not copied, into the state; left here if the operator ended meanwhile.
    var token = Optional(upstream)
    state.withLock { state in
      guard !state.ended else { return }
      state.upstream = token.take()
    }
    token.take()?.cancel()
    apply { machine, _, effects in machine.start(&effects) }
    return SignalSubscriptionHandle(target: self as SpecializedTarget, id: 0)
  }

  /// An upstream event: through the machine. Answers `.stop` once delivery has ended.
  @inlinable
  func receiveUpstream(_ event: Event<Machine.Input, Machine.UpstreamFailure>) -> SignalControl {
    apply { machine, now, effects in machine.receive(event, at: now, &effects) } ? .continue : .stop
  }

  @inlinable
  func timerFired(_ id: UInt64) {
    apply(firedTimer: id) { machine, now, effects in machine.timerFired(id, at: now, &effects) }
  }

  /// Runs `body` on the machine under the lock, then performs its effects. Returns false once ended.
  @inlinable
  @discardableResult
  func apply(
    firedTimer: UInt64? = nil,
    _ body: (inout Machine, SignalInstant, inout TimedEffects<Machine.Output, Machine.Failure>) -> Void
  ) -> Bool {
    let now = scheduler.now
    var effects = TimedEffects<Machine.Output, Machine.Failure>()
    var released = InlineList<SignalScheduledAction>()
    let (open, drain): (Bool, Bool) = state.withLock { state in
      if let firedTimer {
        // The timer that fired is running now: nothing to cancel.
        guard state.timers.remove(firedTimer) != nil else { return (!state.ended, false) }
      }
      guard !state.ended, state.machine != nil else { return (false, false) }
      body(&state.machine!, now, &effects)
      for event in effects.events { state.outbox.post(event) }
      for id in effects.cancel {
        if let token = state.timers.remove(id)?.token { released.append(token) }
      }
      for timer in effects.schedule { state.timers.insert(timer.id) }
      return (true, state.outbox.claimDrain())
    }
    for token in released { scheduler.cancel(token) }
    for timer in effects.schedule { schedule(timer.id, at: timer.deadline) }
    if drain { self.drain() }
    return open
  }

  @inlinable
  func schedule(_ id: UInt64, at deadline: SignalInstant) {
    // A strong capture: one closure context, no weak reference. The cycle (self → timer token →
    // scheduler → closure → self) ends when the timer fires or is cancelled, which `end()` does.
    let token = scheduler.schedule(at: deadline) { self.timerFired(id) }
    let keep = state.withLock { state in
      guard !state.ended else { return false }
      return state.timers.setToken(token, for: id)
    }
    if !keep { scheduler.cancel(token) }
  }

  @inlinable
  func drain() {
    while let event = state.withLock({ $0.outbox.take() }) {
      let control = downstream.receive(event)
      if event.isTerminal || control == .stop {
        end()
        return
      }
    }
  }

  /// Ends delivery and releases everything: upstream, timers, the machine's state.
  @inlinable
  func end() {
    var released = InlineList<SignalScheduledAction>()
    var upstream: SignalSubscriptionHandle?
    var dropped: SerialOutbox<Machine.Output, Machine.Failure>.Dropped?
    let machine: Machine? = state.withLock { state in
      guard !state.ended else { return nil }
      state.ended = true
      dropped = state.outbox.close()
      state.timers.removeAll(into: &released)
      upstream = state.upstream.take()
      return state.machine.take()
    }
    _ = (machine, dropped)  // released here, outside the lock
    for token in released { scheduler.cancel(token) }
    upstream.take()?.cancel()
  }
}

@usableFromInline
struct TimedUpstreamObserver<Machine: TimedStateMachine, Downstream: SignalObserver>: SignalObserver
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  @usableFromInline let storage: TimedOperatorStorage<Machine, Downstream>

  @inlinable
  init(storage: TimedOperatorStorage<Machine, Downstream>) {
    self.storage = storage
  }

  @inlinable
  func receive(_ event: Event<Machine.Input, Machine.UpstreamFailure>) -> SignalControl {
    storage.receiveUpstream(event)
  }
}

/// The interval a time operator uses for `requested`: a negative interval counts as zero,
/// as ``SignalScheduler/schedule(after:_:)`` does.
@inlinable
func effectiveInterval(_ requested: Duration) -> Duration {
  max(requested, .zero)
}
