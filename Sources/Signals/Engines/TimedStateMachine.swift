// What a time operator is made of: a state machine, free of locks, schedulers and threads, that turns
// upstream events and timer firings into effects — events for the downstream, timers to start or cancel,
// the upstream to end — which the time-operator engine (`TimedCore`) performs. `debounce`, `throttle` and
// `delay` are such machines; each file of theirs holds only what differs.

/// A timer to start: the machine's id for it, and when it fires.
///
/// Timer 0's action holds only the engine, but a late firing of a cancelled timer 0 would be taken for a live
/// one: use 0 for a timer that is cancelled only when the operator ends (`timeout`'s), and fresh ids for
/// timers that are replaced.
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

  /// Schedules `action` on `scheduler` for this timer.
  @inlinable
  func schedule(on scheduler: SchedulerReference, _ action: @escaping @Sendable () -> Void) -> SignalScheduledAction {
    if isDelay { return scheduler.schedule(after: offset, action) }
    return scheduler.schedule(at: SignalInstant(offset: offset), action)
  }
}

// A step's output is kept in two small values rather than one: the events it sends (`TimedSends`, the only
// part that holds user values, kept as their parts) and what else it asks for (`TimedEffects`, plain values
// only). The Engines article, rule 11.

/// The events a machine's step sends downstream, in order: the values, then the terminal event.
@usableFromInline
struct TimedSends<Output: Sendable, Failure: Error> {
  /// The first value to send.
  @usableFromInline var value: Output?
  /// The values after the first (rare: a flush, or `delay`'s values due at one instant).
  @usableFromInline var moreValues: [Output]?
  /// Whether the terminal event sent after the values is `finished`...
  @usableFromInline var finishes = false
  /// ...or `failed` with this error.
  @usableFromInline var failure: Failure?

  @inlinable
  init() {}

  /// Sends `event` downstream, after the events this step sent before it.
  @inlinable
  @inline(__always)
  mutating func send(_ event: Event<Output, Failure>) {
    switch event {
    case .value(let output):
      if value == nil {
        value = output
      } else if moreValues == nil {
        moreValues = [output]
      } else {
        moreValues!.append(output)
      }
    case .finished: finishes = true
    case .failed(let error): failure = error
    }
  }

  /// The first event the step sends (there is one).
  @inlinable
  @inline(__always)
  var first: Event<Output, Failure> {
    if let value { return .value(value) }
    return finishes ? .finished : .failed(failure!)
  }

  /// Whether the step sends one event.
  @inlinable
  @inline(__always)
  var sendsOne: Bool {
    moreValues == nil && (value == nil || (!finishes && failure == nil))
  }

  /// How many events the step sends.
  @inlinable
  var count: Int {
    (value == nil ? 0 : 1) + (moreValues?.count ?? 0) + (finishes || failure != nil ? 1 : 0)
  }

  /// The event at `index` in order, which is below `count`.
  @inlinable
  func event(at index: Int) -> Event<Output, Failure> {
    let values = (value == nil ? 0 : 1) + (moreValues?.count ?? 0)
    switch index {
    case values: return finishes ? .finished : .failed(failure!)
    case 0: return .value(value!)
    default: return .value(moreValues![index - 1])
    }
  }
}

/// What else a machine's step asks the engine for: timers, the upstream's end, an action. Plain values only.
@usableFromInline
struct TimedEffects: Sendable {
  /// The timer to start, if any (a step starts at most one: a machine's timers each wait for one event).
  @usableFromInline var schedule: TimedTimerRequest?
  /// A timer to cancel, by id.
  @usableFromInline var cancel: UInt64?
  /// Cancel every live timer whose id is below this one too (`delay`, when a timer fires before earlier
  /// ones, as on a real-time scheduler: the events of those were just sent).
  @usableFromInline var cancelBelow: UInt64?
  /// End the upstream's subscription (the machine accepts nothing more from it).
  @usableFromInline var endsUpstream = false

  @inlinable
  init() {}
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
  associatedtype Discarded

  /// An upstream event. Answers false to refuse it: the upstream is answered `stop`.
  mutating func receive(
    _ event: Event<Input, UpstreamFailure>, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>,
    _ effects: inout TimedEffects
  ) -> Bool

  /// The live timer `id` fired (a cancelled timer never reaches the machine).
  mutating func timerFired(
    _ id: UInt64, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>, _ effects: inout TimedEffects)

  /// The operator ended: hands over what the machine holds of the user's.
  mutating func end() -> Discarded
}

/// The interval a time operator uses for `requested`: a negative interval counts as zero,
/// as ``SignalScheduler/schedule(after:_:)`` does.
@inlinable
func effectiveInterval(_ requested: Duration) -> Duration {
  max(requested, .zero)
}
