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

/// The logic of ``Signal/timeout(_:scheduler:)`` and its forms, on the time-operator engine.
///
/// - The first timer (timer 0) starts with the subscription, for the first interval.
/// - A value passes through at once and restarts the interval once the downstream has handled it (a value
///   the downstream answers `stop` to, a `first()` after the timeout, never touches the scheduler), as
///   `TimeoutRearm` says: lazily (the common case) it only sets the deadline, and the timer, when it fires
///   before the latest deadline, moves there (still timer 0: it is never cancelled while the operator lives,
///   so its action needs no id); eagerly it cancels the timer and starts a new one under a fresh id; `never`
///   only cancels it.
/// - A terminal event passes through (a failure mapped to the signal's failure type) and cancels the timer.
/// - Firing ends the upstream and fails with the error `customError` makes (after unlocking: it is user
///   code), or switches to the fallback, whose events pass through unchanged and are not timed.
@usableFromInline
struct TimeoutStateMachine<Output: Sendable, UpstreamFailure: Error, Failure: Error>: TimedStateMachine {
  @usableFromInline typealias Input = Output
  /// The failure closure and the fallback, when the operator ends before firing.
  @usableFromInline typealias Leftovers = ((@Sendable () -> Failure)?, (any Signal<Output, Failure>)?)

  /// Which events are accepted.
  @usableFromInline
  enum Phase: Sendable {
    /// The upstream's (and the timer's).
    case upstream
    /// The fallback's: the timer fired and switched.
    case fallback
    /// None: a terminal event was accepted.
    case closing
  }

  @usableFromInline let first: Duration
  @usableFromInline let rearm: TimeoutRearm
  @usableFromInline let mapping: TimeoutFailureMapping
  // What firing does: fail with the error `makeError` makes, or switch to `fallback`; both `nil` once taken
  // (fired) or released (ended). Two optionals rather than one `TimedAction`: an enum with a closure and
  // an existential payload is tested, copied and destroyed through the runtime, once per subscription.
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
  init(
    first: Duration, each: Duration?, mapping: TimeoutFailureMapping, firing: consuming TimedAction<Output, Failure>
  ) {
    self.first = effectiveInterval(first)
    self.rearm = TimeoutRearm(first: first, each: each)
    self.mapping = mapping
    // Consumed: the closure or the fallback moves into the machine (a borrowed action was copied, and its
    // existential payload copied and destroyed through value witnesses, per signal built).
    switch consume firing {
    case .none: break
    case .fail(let make): makeError = make
    case .switchTo(let signal): fallback = signal
    }
  }

  /// The clock is read only after a value, for a lazy restart.
  @inlinable
  static var readsClock: Bool { false }

  @inlinable
  mutating func start(_ effects: inout TimedEffects) {
    timer = 0
    effects.schedule = TimedTimerRequest(id: 0, after: first)
  }

  @inlinable
  mutating func receive(
    _ event: Event<Output, UpstreamFailure>, at _: SignalInstant?, _ sends: inout TimedSends<Output, Failure>,
    _ effects: inout TimedEffects
  ) -> Bool {
    guard phase == .upstream else { return false }
    switch event {
    case .value(let value):
      sends.send(.value(value))
      if case .lazily = rearm { effects.afterValues = .tellWithClock } else { effects.afterValues = .tell }
    case .finished:
      phase = .closing
      cancelTimer(&effects)
      sends.send(.finished)
    case .failed(let error):
      phase = .closing
      cancelTimer(&effects)
      sends.send(.failed(mapping.map(error)))
    }
    return true
  }

  @inlinable
  mutating func handledValue(at now: SignalInstant?, _ effects: inout TimedEffects) {
    guard phase == .upstream else { return }
    switch rearm {
    case .never:
      cancelTimer(&effects)
    case .lazily(let each):
      deadline = now! + each  // `.tellWithClock`
    case .eagerly(let each):
      cancelTimer(&effects)
      lastID += 1
      timer = lastID
      effects.schedule = TimedTimerRequest(id: lastID, after: each)
    }
  }

  @inlinable
  mutating func timerFired(
    _ id: UInt64, at _: SignalInstant?, _ sends: inout TimedSends<Output, Failure>, _ effects: inout TimedEffects
  ) {
    guard phase == .upstream, id == timer else { return }
    timer = nil
    if case .lazily = rearm, let deadline, deadline != timerDeadline {
      // Values came since the timer was set: it moves to their deadline (once per deadline, so a scheduler
      // whose clock never moves, where every deadline is due at once, still times out).
      timerDeadline = deadline
      timer = 0
      effects.schedule = TimedTimerRequest(id: 0, at: deadline)
      return
    }
    if makeError != nil {
      phase = .closing
    } else if fallback != nil {
      phase = .fallback
    } else {
      return
    }
    effects.endsUpstream = true
    effects.acts = true
  }

  @inlinable
  mutating func takeAction() -> TimedAction<Output, Failure> {
    if let make = makeError.take() { return .fail(make) }
    if let signal = fallback.take() { return .switchTo(signal) }
    return .none
  }

  @inlinable
  mutating func receiveFallback(
    _ event: Event<Output, Failure>, _ sends: inout TimedSends<Output, Failure>, _ effects: inout TimedEffects
  ) -> Bool {
    guard phase == .fallback else { return false }
    if event.isTerminal { phase = .closing }
    sends.send(event)
    return true
  }

  @inlinable
  mutating func end() -> Leftovers {
    phase = .closing
    return (makeError.take(), fallback.take())
  }

  @inlinable
  mutating func cancelTimer(_ effects: inout TimedEffects) {
    guard let live = timer else { return }
    effects.cancel = live
    timer = nil
  }
}
