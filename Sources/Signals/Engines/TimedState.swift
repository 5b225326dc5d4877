// The state of one time-operator subscription under its lock: the machine, the delivery, the upstream's
// subscription, and the live timers (TimedTimers.swift). TimedCore.swift acts on it.

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
  @usableFromInline var timers = TimedTimers()

  @inlinable
  init(machine: consuming Machine, downstream: consuming Downstream, scheduler: SchedulerReference) {
    self.machine = machine
    self.delivery = SerialDelivery(downstream)
    self.scheduler = scheduler
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
  /// Into separate locals, not one value (the Engines article, rule 11).
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
