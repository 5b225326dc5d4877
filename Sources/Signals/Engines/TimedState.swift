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
  /// Further live timers (`delay`), by id.
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

  /// Removes timer `id`; `nil` if it was not live, else the removed timer (its handle to cancel or release).
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

  /// Takes in what a machine's step asked for under the lock: posts its events, registers its timers, and
  /// takes out the cancelled timers' handles and the ended upstream's subscription for the caller to cancel
  /// after unlocking. When the first event claims the delivery (moving the downstream into `deliverer`), the
  /// caller delivers the step's other accepted events itself, after it: `held` counts them.
  @inlinable
  mutating func take(
    _ effects: borrowing TimedEffects<Machine.Output, Machine.Failure>, claiming deliverer: inout Downstream?,
    holding held: inout Int, cancelling released: inout InlineList<SignalScheduledAction>,
    upstream ended: inout SignalSubscriptionHandle?
  ) {
    var claimed = false
    var refused = false
    effects.events.forEachElement { event in
      if refused { return }
      if claimed {
        guard delivery.accept(event) else {
          refused = true
          return
        }
        held += 1
      } else {
        let wasDelivering = deliverer != nil
        delivery.post(event, claiming: &deliverer)
        claimed = !wasDelivering && deliverer != nil
      }
    }
    effects.cancel.forEachElement { id in
      if let token = timers.remove(id)?.token { released.append(token) }
    }
    if let timer = effects.schedule { timers.insert(timer.id) }
    if effects.endsUpstream {
      upstreamEnded = true
      ended = upstream.take()
    }
  }
}
