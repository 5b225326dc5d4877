/// How a `timeout` passes an upstream failure on.
@usableFromInline
enum TimeoutFailureMapping: Sendable {
  /// Unchanged: the signal's failure type is the upstream's.
  case unchanged
  /// As ``TimeoutFailure/upstream(_:)``: the signal's failure type is `TimeoutFailure<UpstreamFailure>`.
  case wrapped

  /// `error` as the signal's failure. The public initializers pair each case with its failure type, so the
  /// cast cannot fail.
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
  @usableFromInline
  init(first: Duration, each: Duration?) {
    guard let each = each.map(effectiveInterval) else {
      self = .never
      return
    }
    self = each >= effectiveInterval(first) ? .lazily(each: each) : .eagerly(each: each)
  }
}

/// The logic of ``Signal/timeout(_:scheduler:)`` and its forms: a value type whose transitions say what to
/// do, run by `TimeoutCore` (its engine) under its lock.
///
/// - The first timer (timer 0) starts with the subscription, for the first interval.
/// - A value passes through at once and restarts the interval once the downstream has handled it (a value
///   the downstream answers `stop` to, a `first()` after the timeout, never touches the scheduler), as
///   `TimeoutRearm` says: lazily (the common case) it only sets the deadline, and the timer, when it fires
///   before the latest deadline, moves there (still timer 0: it is never cancelled while the operator lives);
///   eagerly it cancels the timer and starts a new one under a fresh id; `never` only cancels it.
/// - A terminal event passes through (a failure mapped to the signal's failure type) and cancels the timer.
/// - Firing ends the upstream and fails with the error `customError` makes (after unlocking: it is user
///   code), or switches to the fallback, whose events pass through unchanged and are not timed.
///
/// **A value and the deadline at the same instant.** The deadline is when the timer runs: the machine never
/// compares a value's time with the deadline. So, in the two orders a scheduler can deliver them:
/// - the value first (`receive`, then `timerFired` at the same instant): the value is in time. It passes, and
///   the interval restarts from it: the timer that fires next moves to the value's deadline (lazily), or was
///   cancelled (eagerly).
/// - the timer first (`timerFired`, then `receive`): the timeout fires; the upstream is ended, and the
///   value, if it still comes, is refused.
/// On `TestScheduler`, work due at one instant runs in the order it was scheduled: an input scheduled before
/// the subscription (a marble diagram's, a test's `schedule`), or by the upstream while it is being subscribed
/// (the timer starts after), comes first, so a value exactly at the deadline is in time, as documented.
@usableFromInline
struct TimeoutStateMachine<Output: Sendable, UpstreamFailure: Error, Failure: Error>: Sendable {
  /// What the machine holds of the user's, moved out when the operator ends and released after unlocking.
  @usableFromInline typealias Discarded = ((@Sendable () -> Failure)?, (any Signal<Output, Failure>)?)

  /// Which events are accepted.
  @usableFromInline
  enum Phase: Sendable {
    /// The upstream's (and the timer's).
    case upstream
    /// The fallback's: the timer fired and switched.
    case fallback
    /// None: a terminal event was accepted.
    case closed
  }

  /// What to do with an upstream event: a plain value, so that the event itself stays with the engine.
  @usableFromInline
  enum Passing: Equatable, Sendable {
    /// Refuse it: the upstream is answered `stop`.
    case refuse
    /// Send it on (a failure as `mapped(_:)` makes it); for a value, tell the machine once the downstream
    /// has handled it (`valueHandled(at:cancel:start:)`).
    case pass
    /// Send it on, and cancel the timer whose id this is (a terminal event ends the timing).
    case passCancelling(UInt64)
  }

  /// What a timer's firing does.
  @usableFromInline
  enum Firing: Sendable {
    /// Nothing: the timer was not the live one.
    case none
    /// The interval was restarted since the timer started: start `timer` instead.
    case move(TimedTimerRequest)
    /// The timeout fires: end the upstream and fail with the error this closure makes (user code, run after
    /// unlocking)...
    case fail(@Sendable () -> Failure)
    /// ...or end the upstream and continue with this signal, subscribed after unlocking.
    case switchTo(any Signal<Output, Failure>)
  }

  @usableFromInline let first: Duration
  @usableFromInline let rearm: TimeoutRearm
  @usableFromInline let mapping: TimeoutFailureMapping
  // What firing does: fail with the error `makeError` makes, or switch to `fallback`; both `nil` once taken
  // (fired) or released (ended). Two optionals rather than one `Firing`: an enum with a closure and an
  // existential payload is tested, copied and destroyed through the runtime.
  @usableFromInline var makeError: (@Sendable () -> Failure)?
  @usableFromInline var fallback: (any Signal<Output, Failure>)?
  @usableFromInline var phase = Phase.upstream
  /// The live timer's id; `nil` when none is live.
  @usableFromInline var timer: UInt64?
  /// `TimeoutRearm.lazily`: the deadline the latest handled value set (`nil` before the first value).
  @usableFromInline var deadline: SignalInstant?
  /// `TimeoutRearm.lazily`: the deadline the live timer was moved to (`nil` for the first timer).
  @usableFromInline var timerDeadline: SignalInstant?
  /// `TimeoutRearm.eagerly`: the id of the latest timer started.
  @usableFromInline var lastID: UInt64 = 0

  @inlinable
  init(first: Duration, each: Duration?, mapping: TimeoutFailureMapping, firing: consuming Firing) {
    self.first = effectiveInterval(first)
    self.rearm = TimeoutRearm(first: first, each: each)
    self.mapping = mapping
    switch consume firing {
    case .fail(let make): makeError = make
    case .switchTo(let signal): fallback = signal
    case .none, .move: break
    }
  }

  /// Whether a handled value needs the clock (`valueHandled(at:)`): a lazy restart sets its deadline from it.
  @inlinable
  var readsClockAfterValues: Bool {
    if case .lazily = rearm { return true }
    return false
  }

  /// The timer the subscription starts with: timer 0, for the first interval.
  @inlinable
  mutating func start() -> TimedTimerRequest {
    timer = 0
    return TimedTimerRequest(id: 0, after: first)
  }

  /// An upstream event, before the timer fired (see the type's documentation for one at the same instant).
  @inlinable
  mutating func receive(_ event: Event<Output, UpstreamFailure>) -> Passing {
    guard phase == .upstream else { return .refuse }
    guard event.isTerminal else { return .pass }
    phase = .closed
    guard let live = timer.take() else { return .pass }
    return .passCancelling(live)
  }

  /// `event`, an upstream event the machine passes, as the signal sends it: a failure mapped to the
  /// signal's failure type by `mapping` (the machine's).
  @inlinable
  static func mapped(_ event: Event<Output, UpstreamFailure>, by mapping: TimeoutFailureMapping)
    -> Event<Output, Failure>
  {
    switch event {
    case .value(let value): .value(value)
    case .finished: .finished
    case .failed(let error): .failed(mapping.map(error))
    }
  }

  /// The downstream handled an upstream value and goes on: the interval restarts, as `rearm` says. Answers
  /// the timer to cancel and the one to start; `now` is the clock, when `readsClockAfterValues`.
  @inlinable
  mutating func valueHandled(at now: SignalInstant?, cancel: inout UInt64?, start: inout TimedTimerRequest?) {
    guard phase == .upstream else { return }
    switch rearm {
    case .never:
      cancel = timer.take()
    case .lazily(let each):
      deadline = now! + each
    case .eagerly(let each):
      cancel = timer.take()
      lastID += 1
      timer = lastID
      start = TimedTimerRequest(id: lastID, after: each)
    }
  }

  /// Timer `id` fired: the timeout fires, unless values restarted the interval since the timer started (see
  /// the type's documentation for a value at the same instant).
  @inlinable
  mutating func timerFired(_ id: UInt64) -> Firing {
    guard phase == .upstream, id == timer else { return .none }
    timer = nil
    if case .lazily = rearm, let deadline, deadline != timerDeadline {
      // Values came since the timer was set: it moves to their deadline (once per deadline, so a scheduler
      // whose clock never moves, where every deadline is due at once, still times out).
      timerDeadline = deadline
      timer = 0
      return .move(TimedTimerRequest(id: 0, at: deadline))
    }
    if let make = makeError.take() {
      phase = .closed
      return .fail(make)
    }
    if let signal = fallback.take() {
      phase = .fallback
      return .switchTo(signal)
    }
    return .none
  }

  /// An event of the fallback the timeout switched to: passed on unchanged. Answers false to refuse it.
  @inlinable
  mutating func receiveFallback(_ event: Event<Output, Failure>) -> Bool {
    guard phase == .fallback else { return false }
    if event.isTerminal { phase = .closed }
    return true
  }

  /// The operator ended: hands over what the machine holds of the user's.
  @inlinable
  mutating func end() -> Discarded {
    phase = .closed
    return (makeError.take(), fallback.take())
  }
}
