// What a time operator is made of: a state machine, free of locks, schedulers and threads, that turns
// upstream events, timer firings and (for `timeout`) a fallback's events into effects — events for the
// downstream, timers to start or cancel, the upstream to end — which the time-operator engine
// (`TimedCore`) performs. `debounce`, `throttle`, `delay` and `timeout` are such machines; each file of
// theirs holds only what differs.

/// A timer to start: the machine's id for it, and when it fires.
///
/// Timer 0 costs no allocation (its action captures only the engine), but a late firing of a cancelled
/// timer 0 would be taken for a live one: use 0 for a timer that is cancelled only when the operator ends
/// (`timeout`'s), and fresh ids for timers that are replaced.
@usableFromInline
struct TimedTimerRequest: Sendable {
  @usableFromInline var id: UInt64
  /// The instant it fires at (`isDelay` false), or how long after it is scheduled (`isDelay` true: no clock
  /// read). Two plain fields rather than an enum: an optional of this request is tested inline.
  @usableFromInline var offset: Duration
  @usableFromInline var isDelay: Bool

  /// A timer that fires at `deadline`.
  @inlinable
  init(id: UInt64, at deadline: SignalInstant) {
    self.id = id
    self.offset = deadline.offset
    self.isDelay = false
  }

  /// A timer that fires `delay` after it is scheduled.
  @inlinable
  init(id: UInt64, after delay: Duration) {
    self.id = id
    self.offset = delay
    self.isDelay = true
  }
}

/// What happens after unlocking besides events and timers, on the rare paths of `timeout`
/// (`TimedEffects.acts`, `TimedStateMachine.takeAction()`).
@usableFromInline
enum TimedAction<Output: Sendable, Failure: Error>: Sendable {
  case none
  /// Fail with the error this closure (user code) makes, run after unlocking.
  case fail(@Sendable () -> Failure)
  /// Continue with this signal: subscribed after unlocking, its events are the machine's fallback events.
  case switchTo(any Signal<Output, Failure>)
}

/// What the engine does after the downstream handled a value and goes on.
@usableFromInline
enum TimedAfterValues: Sendable {
  case nothing
  /// Calls `TimedStateMachine.handledValue(at:_:)` without the clock.
  case tell
  /// Reads the clock, then calls `TimedStateMachine.handledValue(at:_:)`.
  case tellWithClock
}

/// What a time operator's machine asks for, performed by the engine.
@usableFromInline
struct TimedEffects<Output: Sendable, Failure: Error> {
  /// Events for the downstream, in order (queued under the lock, delivered after unlocking).
  @usableFromInline var events = InlineList<Event<Output, Failure>>()
  /// The timer to start, if any (a step starts at most one: a machine's timers each wait for one
  /// event).
  @usableFromInline var schedule: TimedTimerRequest?
  /// Timers to cancel, by id.
  @usableFromInline var cancel = InlineList<UInt64>()
  /// End the upstream's subscription (the machine accepts nothing more from it).
  @usableFromInline var endsUpstream = false
  /// Whether the machine hears of each value of this step that the downstream handled and goes on after
  /// (`timeout`'s restart, measured from when the downstream has handled the value).
  @usableFromInline var afterValues = TimedAfterValues.nothing
  /// The machine has an action for after unlocking: the engine takes it (`TimedStateMachine.takeAction()`)
  /// in a lock round trip of its own. A flag, so that the effects of every step hold no closure or
  /// existential to copy and destroy.
  @usableFromInline var acts = false

  @inlinable
  init() {}

  @inlinable
  mutating func send(_ event: Event<Output, Failure>) {
    events.append(event)
  }
}

/// A time operator's logic.
@usableFromInline
protocol TimedStateMachine: Sendable {
  associatedtype Input: Sendable
  associatedtype UpstreamFailure: Error
  associatedtype Output: Sendable
  associatedtype Failure: Error
  /// What the machine holds of the user's (values, closures), moved out when the operator ends and released
  /// after unlocking.
  associatedtype Leftovers

  /// Whether upstream events and timer firings need the clock: the engine then reads the scheduler's
  /// `now` before locking and passes it; otherwise `now` is `nil`.
  static var readsClock: Bool { get }

  /// The timer to start when the operator is subscribed (after its upstream's subscription), if any.
  mutating func start(_ effects: inout TimedEffects<Output, Failure>)

  /// An upstream event. Answers false to refuse it: the upstream is answered `stop`.
  mutating func receive(
    _ event: Event<Input, UpstreamFailure>, at now: SignalInstant?, _ effects: inout TimedEffects<Output, Failure>
  ) -> Bool

  /// The live timer `id` fired (a cancelled timer never reaches the machine).
  mutating func timerFired(_ id: UInt64, at now: SignalInstant?, _ effects: inout TimedEffects<Output, Failure>)

  /// The downstream handled a value and goes on, when the step that sent it asked
  /// (`TimedEffects.afterValues`).
  mutating func handledValue(at now: SignalInstant?, _ effects: inout TimedEffects<Output, Failure>)

  /// The action a step asked for (`TimedEffects.acts`), taken out.
  mutating func takeAction() -> TimedAction<Output, Failure>

  /// An event of the signal `TimedAction.switchTo` subscribed. Answers false to refuse it.
  mutating func receiveFallback(_ event: Event<Output, Failure>, _ effects: inout TimedEffects<Output, Failure>)
    -> Bool

  /// The operator ended: hands over what the machine holds of the user's.
  mutating func end() -> Leftovers
}

extension TimedStateMachine {
  @inlinable
  mutating func start(_ effects: inout TimedEffects<Output, Failure>) {}

  @inlinable
  mutating func handledValue(at now: SignalInstant?, _ effects: inout TimedEffects<Output, Failure>) {}

  @inlinable
  mutating func takeAction() -> TimedAction<Output, Failure> { .none }

  @inlinable
  mutating func receiveFallback(_ event: Event<Output, Failure>, _ effects: inout TimedEffects<Output, Failure>)
    -> Bool
  { false }
}

/// The interval a time operator uses for `requested`: a negative interval counts as zero,
/// as ``SignalScheduler/schedule(after:_:)`` does.
@inlinable
func effectiveInterval(_ requested: Duration) -> Duration {
  max(requested, .zero)
}
