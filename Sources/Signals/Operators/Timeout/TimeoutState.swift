// The values of one `timeout` subscription: where an event came from, what firing does, the state under
// the lock and what an ending hands back to release after unlocking. TimeoutCore.swift acts on them.

/// Where the event being delivered came from: the source that gets the delivery's answer.
@usableFromInline
enum TimeoutEventSource: Sendable {
  case upstream
  case fallback
  /// The timer (a failure), or a cancel: nobody is answered.
  case none
}

/// What a timeout does when it fires.
@usableFromInline
enum TimeoutAction<Failure: Error>: Sendable {
  /// Fail with the error the closure makes.
  case fail(@Sendable () -> Failure)
  /// Cancel the upstream and continue with the fallback signal.
  case switchToFallback
}

/// How a `timeout` passes an upstream failure on: a case, not a closure (a closure made in a generic
/// initializer captures its type metadata, which allocates a context each time a signal is built).
@usableFromInline
enum TimeoutFailureMapping: Sendable {
  /// Unchanged: the signal's failure type is the upstream's.
  case unchanged
  /// As ``TimeoutFailure/upstream(_:)``: the signal's failure type is `TimeoutFailure<UpstreamFailure>`.
  case wrapped

  /// `error` as the signal's failure. The public initializers pair each case with its failure type, so the
  /// cast cannot fail (and is resolved when specialized).
  @inlinable
  func map<UpstreamFailure: Error, Failure: Error>(_ error: UpstreamFailure) -> Failure {
    let mapped =
      switch self {
      case .unchanged: error as? Failure
      case .wrapped: TimeoutFailure<UpstreamFailure>.upstream(error) as? Failure
      }
    guard let mapped else {
      preconditionFailure("Signals: timeout: \(Failure.self) is not the failure type of \(self)")
    }
    return mapped
  }
}

/// How a value restarts a `timeout`'s interval.
@usableFromInline
enum TimeoutRearm: Sendable {
  /// It does not: the first value disarms the timer for good (a timeout on the first value only).
  case never
  /// Lazily: the value only moves the deadline (`now + each`, one clock read, no scheduling); when the
  /// timer fires before the latest deadline, it moves to it. Used when `each` is at least the first
  /// interval: the first timer is then due no later than any deadline a value sets.
  case lazily(each: Duration)
  /// Eagerly: the value cancels the timer and schedules one for `each` (an `each` shorter than the first
  /// interval, whose deadline can come before the first timer's).
  case eagerly(each: Duration)

  /// The restart for `first` and `each`, as given (a negative interval counts as zero).
  @inlinable
  init(first: Duration, each: Duration?) {
    guard let each = each.map(effectiveInterval) else {
      self = .never
      return
    }
    self = each >= effectiveInterval(first) ? .lazily(each: each) : .eagerly(each: each)
  }
}

/// What a `timeout` does with failures and when it fires: a value stored inline in the signal and copied
/// into each subscription (building a signal per use, as an app does, allocates nothing for it).
@usableFromInline
struct TimeoutBehavior<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline let mapping: TimeoutFailureMapping
  @usableFromInline let action: TimeoutAction<Failure>
  /// Kept as an existential: a small fallback (a `JustSignal`) fits in its inline buffer, unboxed.
  @usableFromInline let fallback: (any Signal<Output, Failure>)?
  @usableFromInline let rearm: TimeoutRearm

  @inlinable
  init(
    mapping: TimeoutFailureMapping, action: TimeoutAction<Failure>, fallback: (any Signal<Output, Failure>)?,
    rearm: TimeoutRearm
  ) {
    self.mapping = mapping
    self.action = action
    self.fallback = fallback
    self.rearm = rearm
  }
}

/// The state of one `timeout` subscription.
@usableFromInline
struct TimeoutState<UpstreamFailure: Error, Downstream: SignalObserver> {
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  /// Which events are accepted.
  @usableFromInline
  enum Phase {
    /// The upstream's (and the timer's).
    case upstream
    /// The fallback's: the timer fired and switched.
    case fallback
    /// None: a terminal event was accepted and waits for delivery.
    case closing
  }

  /// The signal's scheduler: read under the lock, like the rest of the state (an unlocked read would
  /// conflict, for Thread Sanitizer, with the locked writes), and copied out only to be called.
  @usableFromInline let scheduler: SchedulerReference
  /// How a value restarts the interval and how an upstream failure is passed on (the behaviour's, kept
  /// after the behaviour is released: reading a field of the optional behaviour copies it whole).
  @usableFromInline let rearm: TimeoutRearm
  @usableFromInline let mapping: TimeoutFailureMapping
  /// The user's closures and fallback: released when the operator ends.
  @usableFromInline var behavior: TimeoutBehavior<Output, Failure>?

  /// Here while no delivery is in progress (the deliverer holds it meanwhile); `nil` once the operator
  /// ended.
  @usableFromInline var downstream: Downstream?
  @usableFromInline var phase = Phase.upstream
  @usableFromInline var upstream: SignalSubscriptionHandle?
  @usableFromInline var fallbackSubscription: SignalSubscriptionHandle?
  @usableFromInline var timer: SignalScheduledAction?
  /// `TimeoutRearm.lazily`: the deadline the latest handled value set (`nil` before the first value).
  @usableFromInline var deadline: SignalInstant?
  /// `TimeoutRearm.lazily`: the deadline the live timer was moved to (`nil` for the first timer).
  @usableFromInline var timerDeadline: SignalInstant?
  /// `TimeoutRearm.eagerly`: bumped by each value, so the timer is re-armed for the latest one.
  @usableFromInline var generation: UInt64 = 0
  /// `TimeoutRearm.eagerly`: the generation the live timer (or the one being armed) was armed for.
  @usableFromInline var armedGeneration: UInt64 = 0
  /// A delivery is in progress: new events are queued for it.
  @usableFromInline var delivering = false
  @usableFromInline var pending = PendingEvents<Output, Failure>()
  /// Set by `end(sparing:)`, when a terminal event was delivered, the downstream answered `stop`, or the
  /// subscription was cancelled: everything was released, and cancelled but for a source answered `stop`.
  @usableFromInline var ended = false

  @inlinable
  init(
    downstream: Downstream, scheduler: SchedulerReference, behavior: TimeoutBehavior<Output, Failure>
  ) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.rearm = behavior.rearm
    self.mapping = behavior.mapping
    self.behavior = behavior
  }

  /// Whether values restart the interval lazily (`TimeoutRearm.lazily`).
  @inlinable
  var rearmsLazily: Bool {
    if case .lazily = rearm { true } else { false }
  }

  /// Queues `event` behind the delivery in progress, or claims the delivery: moves the downstream into
  /// `deliverer`, to deliver `event` to. Left `nil`: queued, or the operator ended.
  @inlinable
  mutating func claim(_ event: Event<Output, Failure>, into deliverer: inout Downstream?) {
    guard !ended else { return }
    if delivering {
      pending.append(event)
      return
    }
    delivering = true
    deliverer = downstream.take()
  }

  /// The next queued event for the deliverer, which holds the downstream. When none is left, the delivery
  /// ends: the downstream moves back from `deliverer` into the state, unless the operator ended meanwhile
  /// (then `deliverer` keeps it, to release it outside the lock).
  /// `now`, when the deliverer just handled a value and the interval restarts lazily, is the new start.
  @inlinable
  mutating func next(returning deliverer: inout Downstream?, restartingAt now: SignalInstant? = nil)
    -> Event<Output, Failure>?
  {
    if let now, !ended, phase == .upstream, case .lazily(let each) = rearm { deadline = now + each }
    if let next = pending.next(ended: ended, returning: &deliverer, into: &downstream) { return next }
    delivering = false
    return nil
  }
}

/// What the timer's firing does, decided under the lock.
@usableFromInline
enum TimeoutFiring<Output: Sendable, Failure: Error> {
  case fail(@Sendable () -> Failure, upstream: SignalSubscriptionHandle?)
  case switchToFallback((any Signal<Output, Failure>)?, upstream: SignalSubscriptionHandle?)
  /// `TimeoutRearm.lazily`: values came since the timer was set; it moves to their deadline.
  case move(to: SignalInstant, on: SchedulerReference)
}
