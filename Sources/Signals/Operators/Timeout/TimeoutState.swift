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

/// What a `timeout` does with failures, when it fires and after a value: a value stored inline in the
/// signal and copied into each subscription (building a signal per use, as an app does, allocates nothing
/// for it).
@usableFromInline
struct TimeoutBehavior<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline let mapping: TimeoutFailureMapping
  @usableFromInline let action: TimeoutAction<Failure>
  /// Kept as an existential: a small fallback (a `JustSignal`) fits in its inline buffer, unboxed.
  @usableFromInline let fallback: (any Signal<Output, Failure>)?
  /// The interval each value re-arms the timer with; `nil`: the first value disarms it for good (a
  /// timeout on the first value only).
  @usableFromInline let each: Duration?

  @usableFromInline
  init(
    mapping: TimeoutFailureMapping, action: TimeoutAction<Failure>, fallback: (any Signal<Output, Failure>)?,
    each: Duration?
  ) {
    self.mapping = mapping
    self.action = action
    self.fallback = fallback
    self.each = each
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

  /// The interval and the scheduler.
  @usableFromInline let timing: ScheduledTiming
  /// The user's closures and fallback: released when the operator ends.
  @usableFromInline var behavior: TimeoutBehavior<Output, Failure>?

  /// Here while no delivery is in progress (the deliverer holds it meanwhile); `nil` once the operator
  /// ended.
  @usableFromInline var downstream: Downstream?
  @usableFromInline var phase = Phase.upstream
  @usableFromInline var upstream: SignalSubscriptionHandle?
  @usableFromInline var fallbackSubscription: SignalSubscriptionHandle?
  @usableFromInline var timer: SignalScheduledAction?
  /// Bumped by each value: the timer must be re-armed for the latest one.
  @usableFromInline var generation: UInt64 = 0
  /// The generation the live timer (or the one being armed) was armed for.
  @usableFromInline var armedGeneration: UInt64 = 0
  /// A delivery is in progress: new events are queued for it.
  @usableFromInline var delivering = false
  @usableFromInline var pending = PendingEvents<Output, Failure>()
  /// Set by `end(sparing:)`, when a terminal event was delivered, the downstream answered `stop`, or the
  /// subscription was cancelled: everything was released, and cancelled but for a source answered `stop`.
  @usableFromInline var ended = false

  @inlinable
  init(
    downstream: Downstream, timing: ScheduledTiming, behavior: TimeoutBehavior<Output, Failure>
  ) {
    self.downstream = downstream
    self.timing = timing
    self.behavior = behavior
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
  @inlinable
  mutating func next(returning deliverer: inout Downstream?) -> Event<Output, Failure>? {
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
}

/// What an upstream terminal event needs from the state, taken under the lock.
@usableFromInline
struct TimeoutClosing {
  @usableFromInline var timer: SignalScheduledAction?
  @usableFromInline var mapping: TimeoutFailureMapping?
  @usableFromInline var timing: Unmanaged<ScheduledTiming>

  @inlinable
  init(timer: SignalScheduledAction?, mapping: TimeoutFailureMapping?, timing: Unmanaged<ScheduledTiming>) {
    self.timer = timer
    self.mapping = mapping
    self.timing = timing
  }
}
