// The state of one time-operator subscription under its lock: the machine, the delivery, the upstream (and
// fallback) subscriptions, and the live timers. TimedCore.swift acts on it.

/// A live timer: its id, and its scheduler handle once the action is scheduled.
@usableFromInline
struct TimedTimer: Sendable {
  @usableFromInline var id: UInt64
  @usableFromInline var token: SignalScheduledAction?

  @inlinable
  init(id: UInt64, token: SignalScheduledAction?) {
    self.id = id
    self.token = token
  }
}

/// The live timers, the first one inline (`timeout`, `debounce` and `throttle` have at most one).
///
/// A timer is live from the step that asks for it until it fires or is cancelled; the engine schedules it
/// after unlocking and stores its handle if it is still live then. A firing of a timer that is no longer
/// live (cancelled too late on a real-time scheduler) is dropped, so the machine only ever hears of live ones.
@usableFromInline
struct TimedTimers: Sendable {
  @usableFromInline var first: TimedTimer?
  /// Further live timers (`delay`), by id; `nil` until there is a second one.
  @usableFromInline var others: [UInt64: TimedTimer]?

  @inlinable
  init() {}

  @inlinable
  mutating func insert(_ id: UInt64) {
    if first == nil {
      first = TimedTimer(id: id, token: nil)
    } else {
      if others == nil { others = [:] }
      others![id] = TimedTimer(id: id, token: nil)
    }
  }

  /// Stores the handle of live timer `id`; false if the timer is no longer live.
  @inlinable
  mutating func setToken(_ token: SignalScheduledAction, for id: UInt64) -> Bool {
    if first?.id == id {
      first!.token = token
      return true
    }
    guard others?[id] != nil else { return false }
    others![id]!.token = token
    return true
  }

  /// Removes timer `id`; `nil` if it was not live, else the removed timer (its handle to cancel or release).
  @inlinable
  mutating func remove(_ id: UInt64) -> TimedTimer? {
    if let timer = first, timer.id == id {
      first = nil
      return timer
    }
    guard others != nil else { return nil }
    return others!.removeValue(forKey: id)
  }

  /// Removes every timer whose id is below `id`; their handles go to `released`, to cancel after unlocking.
  @inlinable
  mutating func removeAll(below id: UInt64, into released: inout [SignalScheduledAction]?) {
    if let timer = first, timer.id < id {
      if let token = timer.token { released.append(token) }
      first = nil
    }
    guard let all = others else { return }
    for (key, timer) in all where key < id {
      if let token = timer.token { released.append(token) }
      others![key] = nil
    }
  }

  /// Removes every timer: the first one's handle goes to `first`, the others' to `rest`, to cancel after
  /// unlocking.
  @inlinable
  mutating func removeAll(first: inout SignalScheduledAction?, rest: inout [SignalScheduledAction]?) {
    first = self.first.take()?.token
    guard let all = others.take() else { return }
    for timer in all.values { if let token = timer.token { rest.append(token) } }
  }
}

extension [SignalScheduledAction]? {
  /// Appends `token`, making the array on the first one.
  @inlinable
  mutating func append(_ token: SignalScheduledAction) {
    if self == nil { self = [token] } else { self!.append(token) }
  }
}

/// Who sent the event being delivered: the source that gets the delivery's answer.
@usableFromInline
enum TimedSource: Sendable {
  case upstream
  case fallback
  /// A timer, or a cancel: nobody is answered.
  case none
}

/// The lock-guarded state of one time-operator subscription.
@usableFromInline
struct TimedState<Machine: TimedStateMachine, Downstream: SignalObserver>
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  /// The scheduler: read under the lock, like the rest of the state (an unlocked read would conflict, for
  /// Thread Sanitizer, with the locked writes), and copied out only to be called.
  @usableFromInline let scheduler: SchedulerReference
  @usableFromInline var machine: Machine
  @usableFromInline var delivery: SerialDelivery<Downstream>
  @usableFromInline var upstream: SignalSubscriptionHandle?
  /// The machine ended the upstream (`TimedEffects.endsUpstream`), or the operator ended: its
  /// subscription, when it arrives, is cancelled instead of kept.
  @usableFromInline var upstreamEnded = false
  @usableFromInline var fallback: SignalSubscriptionHandle?
  @usableFromInline var timers = TimedTimers()

  @inlinable
  init(machine: consuming Machine, downstream: consuming Downstream, scheduler: SchedulerReference) {
    self.machine = machine
    self.delivery = SerialDelivery(downstream)
    self.scheduler = scheduler
  }

  /// Whether `source` may send more: the operator goes on, and the machine did not end the upstream.
  @inlinable
  func isOpen(for source: TimedSource) -> Bool {
    switch source {
    case .upstream: delivery.isOpen && !upstreamEnded
    case .fallback: delivery.isOpen
    case .none: true
    }
  }

  /// Posts a step's events: the first claims the delivery when none is in progress (moving the downstream
  /// into `deliverer`); the caller then delivers the step's other accepted events itself, after it, before
  /// the queue: they go to `held` (`nil` in the common step, which sends one event). Otherwise they are
  /// queued.
  @inlinable
  @inline(__always)
  mutating func post(
    _ sends: inout TimedSends<Machine.Output, Machine.Failure>, claiming deliverer: inout Downstream?,
    holding held: inout [Event<Machine.Output, Machine.Failure>]?
  ) {
    if sends.sendsOne {
      // The common step: one event (it sends one, or none when `sendsOne` finds nothing at all).
      if sends.value != nil || sends.finishes || sends.failure != nil {
        delivery.post(sends.first, claiming: &deliverer)
      }
      return
    }
    postAll(&sends, claiming: &deliverer, holding: &held)
  }

  @inlinable
  mutating func postAll(
    _ sends: inout TimedSends<Machine.Output, Machine.Failure>, claiming deliverer: inout Downstream?,
    holding held: inout [Event<Machine.Output, Machine.Failure>]?
  ) {
    let count = sends.count
    guard count > 0 else { return }
    delivery.post(sends.event(at: 0), claiming: &deliverer)
    guard count > 1 else { return }
    let claimed = deliverer != nil
    for index in 1..<count {
      let event = sends.event(at: index)
      if claimed {
        guard delivery.accept(event) else { return }
        if held == nil { held = [event] } else { held!.append(event) }
      } else {
        delivery.post(event, claiming: &deliverer)
      }
    }
  }

  /// Takes in a step's timers and its ending of the upstream: registers the timer to start (into `start`),
  /// takes out the cancelled timers' handles and the upstream's subscription, for the caller to cancel after
  /// unlocking, and answers the scheduler to do it on; `nil` when there is nothing to do.
  ///
  /// Into separate locals, not one value: a value grouping these non-trivial parts is destroyed through its
  /// type's metadata (see `TimedSends`).
  @inlinable
  @inline(__always)
  mutating func take(
    _ effects: inout TimedEffects, releasing released: inout SignalScheduledAction?,
    _ releasedMore: inout [SignalScheduledAction]?, starting start: inout TimedTimerRequest?,
    ending ended: inout SignalSubscriptionHandle?
  ) -> SchedulerReference? {
    guard effects.cancel != nil || effects.cancelBelow != nil || effects.schedule != nil || effects.endsUpstream
    else { return nil }
    if let id = effects.cancel { released = timers.remove(id)?.token }
    if let below = effects.cancelBelow { timers.removeAll(below: below, into: &releasedMore) }
    if let timer = effects.schedule {
      timers.insert(timer.id)
      start = timer
    }
    if effects.endsUpstream {
      upstreamEnded = true
      ended = upstream.take()
    }
    return scheduler
  }
}
