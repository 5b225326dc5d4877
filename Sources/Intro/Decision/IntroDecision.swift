import Signals

/// The intro's rules, free of schedulers, subscriptions and threads: inputs at instants in, the trace
/// written as they come, at most one outcome out. The coordinator feeds it on the main actor and does
/// what it answers (start the animation, move its timer, release the inputs); the rules are the article
/// "Building an intro".
///
/// Inputs are recorded as they arrive and judged by ``evaluate(at:)`` once nothing more is due at their
/// instant, so same-instant inputs never depend on their scheduling order. At an instant, in this order:
/// content failed, animation failed (a failure at the instant the animation ends counts), finished,
/// skipped, timed out — so an input exactly at the timeout is in time.
struct IntroDecision {
  /// What the configuration says, as far as the rules are concerned.
  struct Settings: Sendable {
    var hasAsset = false
    var hasContent = false
    /// The content is ready at its first `true` (a `Bool` signal), not at any value.
    var contentReadyWhenTrue = false
    /// The animation's fixed or fallback length, from its start.
    var length: Duration?
    var minimum = Duration.zero
    var grace = Duration.zero
    var timeout: Duration
    /// Whether a skip can end the intro (the skip policy is not ``IntroSkipPolicy/never``).
    var skipAllowed = true
    /// What the intro waits for, for a timeout's diagnostics: the asset's load, the animation's end, the
    /// content.
    var asset = Source.call("animationLoaded()")
    var end = Source.call("animationEnded()")
    var content = Source.call("contentReady()")
    /// Whether the animation's end comes from a playback (its lane in the trace) rather than a trigger.
    var endsWithPlayback = false
  }

  /// Where an input comes from, in the app's words: one of the coordinator's methods the app calls
  /// (`animationLoaded()`), or a source the configuration holds (`the content's task`), or else a fallback
  /// length. Its parts are literals, so a configuration copies it as plain bytes: nothing is formatted (or
  /// allocated) until a diagnostic needs it.
  struct Source: CustomStringConvertible {
    var name: StaticString
    /// Whose source it is (`content`: "the content's task"), for a configured one.
    var owner: StaticString?
    var isCall: Bool
    var fallback: Duration?

    /// The app's call `name`, or `fallback` if there is one.
    static func call(_ name: StaticString, orFallback fallback: Duration? = nil) -> Source {
      Source(name: name, owner: nil, isCall: true, fallback: fallback)
    }

    /// The configured source `name` (of `owner`), or `fallback` if there is one.
    static func configured(
      _ name: StaticString, of owner: StaticString? = nil, orFallback fallback: Duration? = nil
    ) -> Source {
      Source(name: name, owner: owner, isCall: false, fallback: fallback)
    }

    /// `animationEnded() or the 2.6 seconds fallback length`, `the content's task`.
    var description: String {
      let named = owner.map { "the \($0)'s \(name)" } ?? "\(name)"
      return named + (fallback.map { " or the \($0) fallback length" } ?? "")
    }
  }

  /// An input still awaited when the timeout came: its lane, its source, and whether the app never made
  /// that call at all (a likely mistake, worth a warning).
  struct Awaited {
    var input: IntroTraceEntry.Input
    var source: Source
    var neverCalled: Bool
    /// The trace entry that says so (its text is written when the trace is read).
    var entry: Int
  }

  /// A rule an input can decide by: which entries at the decision's instant decided, which lost a tie.
  enum Rule: Sendable, Hashable {
    case contentFailure, animationFailure, skip, timeout
    /// The conditions of finishing: the animation ended, the content is ready, the minimum time passed.
    case animationEnded, contentReady, minimumReached
  }

  /// The clocks, in the trace's words, each counting active time: the length from the animation's start,
  /// the minimum time, the grace period and the timeout from `start`.
  static let clocks: [IntroTraceEntry.Input] = [.length, .minimum, .grace, .timeout]
  /// The rule reaching each clock can decide by (the grace period decides nothing).
  static let clockRules: [IntroTraceEntry.Input: Rule] = [
    .length: .animationEnded, .minimum: .minimumReached, .timeout: .timeout,
  ]

  /// What the coordinator does once an input is in: nothing (it was only recorded); ask for a decision at
  /// the end of the instant and move the timer; start the animation (its asset loaded), then decide; or
  /// release the inputs (the last entry kept after the outcome).
  enum FollowUp: Equatable { case none, decide, startAnimation, releaseInputs }

  /// How many entries the trace records after the outcome before the inputs are released.
  static let entriesKeptAfterOutcome = 64

  let settings: Settings
  private(set) var trace: IntroTrace
  private(set) var outcome: IntroOutcome?
  /// How the intro presents: `.none` until ``present(at:isStatic:)``.
  private(set) var presentation = IntroOutcome.Presentation.none
  private var entriesAfterOutcome = 0
  /// The rule each entry of the trace can decide by, if any: what its role is worked out from.
  private var rules: [Rule?] = []
  /// The failures not described in the trace yet, with their entries (see ``describeFailures()``).
  private var undescribed: [(entry: Int, error: any Error)] = []

  /// Active time before the current active stretch; the stretch's start (`nil` while inactive).
  private var activeBefore = Duration.zero
  private var activeSince: SignalInstant?
  /// The active time at which the animation started (its asset loaded), if it has.
  private var animationStart: Duration?
  private var animationEnd: SignalInstant?
  private var animationFailure: (any Error)?
  private var contentReady: SignalInstant?
  private var contentFailure: (any Error)?
  private var skipped = false
  /// The minimum time: the configuration's, raised for a still pose with nothing to wait for.
  private var minimum: Duration
  /// What was awaited when the intro timed out (empty otherwise).
  /// What the intro still waited for when it timed out: the animation (its asset's load or its end) and the
  /// content. Nothing else; kept without an array, so a timeout allocates nothing until the trace is read.
  private(set) var awaitedAtTimeout: (animation: Awaited?, content: Awaited?)
  private var reached: [IntroTraceEntry.Input: SignalInstant] = [:]
  /// The instant of the latest input or clock: the instant a decision is made at (on a real clock the
  /// decision runs a little after the input that makes it). A clock's timer sets it.
  var latestInstant: SignalInstant?

  init(settings: Settings, start: SignalInstant) {
    self.settings = settings
    minimum = settings.minimum
    trace = IntroTrace(start: start)
    trace.entries.reserveCapacity(8)  // an intro's inputs and clocks, in one allocation
    rules.reserveCapacity(8)
  }

  /// Whether inputs still count: the intro presents and is undecided.
  var isDeciding: Bool { presentation != .none && outcome == nil }

  /// The phase the UI shows while undecided.
  var undecidedPhase: IntroPhase {
    if presentation == .staticPose { return .staticPose }
    return animationEnd == nil ? .playing : .holding
  }

  /// `start`: the trace starts now, with the history's diagnostic if reading it had one.
  mutating func start(at now: SignalInstant, diagnostic: IntroHistoryDiagnostic?) {
    trace.start = now
    if let diagnostic { _ = record(.history, .diagnostic(diagnostic.message), at: now) }
  }

  /// The intro presents from `now`, animated or as a still pose (whose animation counts as ended at once,
  /// with none of its inputs used).
  mutating func present(at now: SignalInstant, isStatic: Bool) {
    presentation = isStatic ? .staticPose : .animated
    activeSince = now
    if isStatic {
      animationEnd = now
      // With nothing to wait for, the pose is held long enough not to blink (up to the timeout).
      if !settings.hasContent {
        minimum = max(minimum, min(IntroReduceMotionPolicy.shortestStillPose, settings.timeout))
      }
    } else if !settings.hasAsset {
      animationStart = .zero
    }
  }

  // MARK: Inputs

  /// An input's event at `now`: applied to the rules and recorded in the trace (after the outcome, only
  /// recorded). A failure is recorded undescribed.
  mutating func apply(_ input: IntroTraceEntry.Input, _ event: IntroInputEvent, at now: SignalInstant) -> FollowUp {
    var input = input
    if input == .trigger, case .failed = event, animationStart == nil, settings.hasAsset { input = .asset }
    guard isDeciding else {
      return record(input, event.traced, at: now, failure: event.failure) ? .releaseInputs : .none
    }
    latestInstant = now
    let (ignored, rule) = rule(for: input, event, at: now)
    _ = record(input, event.traced, at: now, failure: event.failure, ignoredBecause: ignored, decides: rule)
    guard ignored == nil else { return .none }
    return input == .asset && event.failure == nil ? .startAnimation : .decide
  }

  /// What `event` of `input` does: why it is ignored, if it is, and the rule it can decide by.
  private mutating func rule(
    for input: IntroTraceEntry.Input, _ event: IntroInputEvent, at now: SignalInstant
  ) -> (ignored: String?, rule: Rule?) {
    switch (input, event) {
    case (.asset, .failed(let error)), (.trigger, .failed(let error)), (.playback, .failed(let error)):
      if presentation == .staticPose { return ("static pose: the animation is not used", nil) }
      if let end = animationEnd, end < now { return ("after the animation ended", nil) }
      if animationFailure != nil { return ("the animation had failed", nil) }
      animationFailure = error
      return (nil, .animationFailure)
    case (.asset, _):
      if presentation == .staticPose { return ("static pose: the asset is not used", nil) }
      if animationStart != nil || animationFailure != nil { return ("already loaded", nil) }
      animationStart = activeTime(at: now)
      return (nil, nil)
    case (.trigger, .finished):
      return ("finished without a value", nil)
    case (.playback, .value):
      return (nil, nil)
    case (.trigger, .value), (.playback, .finished):
      if presentation == .staticPose { return ("static pose: the animation is not used", nil) }
      if animationEnd != nil { return ("the animation had ended", nil) }
      animationStart = animationStart ?? activeTime(at: now)  // an end reported before the load is its load too
      animationEnd = now
      return (nil, .animationEnded)
    case (.content, _):
      if contentReady != nil || contentFailure != nil {
        return (event.isTerminal && contentReady != nil ? nil : "the content had settled", nil)
      }
      if let error = event.failure {
        contentFailure = error
        return (nil, .contentFailure)
      }
      if settings.contentReadyWhenTrue, event.value == "false" || event.isTerminal {
        return (event.isTerminal ? "finished without being ready" : "not ready", nil)
      }
      contentReady = now
      return (nil, .contentReady)
    case (.tap, _):
      guard settings.skipAllowed else { return ("skipping is off (skipPolicy: .never)", nil) }
      guard activeTime(at: now) >= settings.grace else { return ("in the grace period", nil) }
      skipped = true
      return (nil, .skip)
    case (.active, .value(let label)):
      let active = label == "true"
      switch (active, activeSince) {
      case (true, nil): activeSince = now
      case (false, let since?):
        activeBefore += since.duration(to: now)
        activeSince = nil
      default: return (active ? "already active" : "already inactive", nil)
      }
      return (nil, nil)
    default:
      return ("not an input", nil)
    }
  }

  /// An input that changes nothing, recorded with why.
  mutating func ignore(
    _ input: IntroTraceEntry.Input, _ event: IntroInputEvent, because reason: String, at now: SignalInstant
  ) {
    _ = record(input, event.traced, at: now, ignoredBecause: isDeciding ? reason : nil)
  }

  /// A fault of the history store, worth knowing; true when it is the last entry kept after the outcome.
  mutating func recordHistory(_ diagnostic: IntroHistoryDiagnostic, at now: SignalInstant) -> Bool {
    record(.history, .diagnostic(diagnostic.message), at: now)
  }

  /// The active time elapsed by `instant` (pauses excluded).
  private func activeTime(at instant: SignalInstant) -> Duration {
    guard let activeSince else { return activeBefore }
    return activeBefore + max(activeSince.duration(to: instant), .zero)
  }

  /// The active time at which `clock` is due, if it is still to be reached.
  private func target(of clock: IntroTraceEntry.Input) -> Duration? {
    guard reached[clock] == nil else { return nil }
    switch clock {
    case .length:
      guard let length = settings.length, let animationStart, animationEnd == nil else { return nil }
      return animationStart + length
    case .minimum: return minimum > .zero ? minimum : nil
    case .grace: return settings.grace > .zero ? settings.grace : nil
    default: return settings.timeout
    }
  }

  /// Where the next clock falls on the scheduler's timeline, if the app stays active; `nil` when none is
  /// due (undecided, inactive, or every clock reached).
  func nextDeadline(from now: SignalInstant) -> SignalInstant? {
    guard isDeciding, activeSince != nil else { return nil }
    var next: Duration?
    for clock in Self.clocks {
      if let target = target(of: clock) { next = min(next ?? target, target) }
    }
    return next.map { now + max($0 - activeTime(at: now), .zero) }
  }

  // MARK: The decision

  /// Judges the instant once everything due then is in: records the clocks reached, and returns the
  /// outcome if it is decided now.
  mutating func evaluate(at now: SignalInstant) -> IntroOutcome? {
    guard isDeciding else { return nil }
    let instant = latestInstant ?? now
    latestInstant = nil
    let elapsed = activeTime(at: instant)
    for clock in Self.clocks {
      guard let target = target(of: clock), elapsed >= target else { continue }
      reached[clock] = instant
      if clock == .length { animationEnd = instant }
      _ = record(clock, .reached, at: instant, decides: Self.clockRules[clock])
    }
    if let error = contentFailure { return decide(.contentFailed(error), by: [.contentFailure], at: instant) }
    if let error = animationFailure { return decide(.animationFailed(error), by: [.animationFailure], at: instant) }
    if let conditions = finishing() { return decide(.finished, by: conditions, at: instant) }
    if skipped { return decide(.skipped, by: [.skip], at: instant) }
    guard reached[.timeout] != nil else { return nil }
    if animationStart == nil, settings.hasAsset {
      awaitedAtTimeout.animation = awaiting(.asset, settings.asset, at: instant)
    } else if animationEnd == nil {
      awaitedAtTimeout.animation = awaiting(settings.endsWithPlayback ? .playback : .trigger, settings.end, at: instant)
    }
    if settings.hasContent, contentReady == nil {
      awaitedAtTimeout.content = awaiting(.content, settings.content, at: instant)
    }
    return decide(.timedOut, by: [.timeout], at: instant)
  }

  /// `input`, awaited from `source` when the intro timed out at `instant`: recorded in the trace as a
  /// diagnostic, whose text is written when the trace is read.
  private mutating func awaiting(_ input: IntroTraceEntry.Input, _ source: Source, at instant: SignalInstant)
    -> Awaited
  {
    // Only an app's call with nothing else to end it (no fallback) is worth a warning when it never came.
    let callAlone = source.isCall && source.fallback == nil
    let neverCalled = callAlone && !trace.entries.contains { $0.input == input }
    let entry = trace.entries.count
    _ = record(input, .diagnostic(""), at: instant)
    return Awaited(input: input, source: source, neverCalled: neverCalled, entry: entry)
  }

  /// The conditions of finishing that became true last, if all of them hold.
  private func finishing() -> Set<Rule>? {
    guard let ended = animationEnd else { return nil }
    var conditions: [(Rule, SignalInstant)] = [(.animationEnded, ended)]
    if settings.hasContent {
      guard let ready = contentReady else { return nil }
      conditions.append((.contentReady, ready))
    }
    if minimum > .zero {
      guard let minimum = reached[.minimum] else { return nil }
      conditions.append((.minimumReached, minimum))
    }
    let last = conditions.map(\.1).max()!
    return Set(conditions.filter { $0.1 == last }.map(\.0))
  }

  /// Decides `reason` at `instant`, by `rules`; `nil` when already decided.
  mutating func decide(_ reason: IntroOutcome.Reason, by rules: Set<Rule> = [], at instant: SignalInstant)
    -> IntroOutcome?
  {
    guard outcome == nil else { return nil }
    let decided = IntroOutcome(
      reason: reason, presentation: presentation, endedAt: instant, duration: trace.start.duration(to: instant))
    outcome = decided
    // Each entry at `instant` that can decide by a rule decided (a rule of `rules`) or lost a tie.
    for index in trace.entries.indices where trace.entries[index].instant == instant {
      guard trace.entries[index].ignoredBecause == nil, let rule = self.rules[index] else { continue }
      trace.entries[index].role = rules.contains(rule) ? .decided : .lostTie
    }
    trace.outcome = reason.kind
    trace.decidedAt = instant
    return decided
  }

  /// Describes the failures in the trace not described yet: when the trace is read, not when it is
  /// written (describing an error runs its code, and a trace nobody reads never needs it).
  mutating func describeFailures() {
    for (entry, error) in undescribed { trace.entries[entry].event = .failed(String(describing: error)) }
    undescribed = []
    if let awaited = awaitedAtTimeout.animation { describe(awaited) }
    if let awaited = awaitedAtTimeout.content { describe(awaited) }
  }

  private mutating func describe(_ awaited: Awaited) {
    guard trace.entries[awaited.entry].event == .diagnostic("") else { return }  // described already
    trace.entries[awaited.entry].event = .diagnostic("timed out waiting for \(awaited.source)")
  }

  /// Appends an entry; after the outcome only the first ``entriesKeptAfterOutcome``. True when this one
  /// was the last kept: the inputs are released.
  private mutating func record(
    _ input: IntroTraceEntry.Input, _ event: IntroTraceEntry.Event, at instant: SignalInstant,
    failure: (any Error)? = nil, ignoredBecause: String? = nil, decides rule: Rule? = nil
  ) -> Bool {
    let afterOutcome = outcome != nil
    if afterOutcome {
      guard entriesAfterOutcome < Self.entriesKeptAfterOutcome else { return false }
      entriesAfterOutcome += 1
    }
    if let failure { undescribed.append((trace.entries.count, failure)) }
    trace.entries.append(
      IntroTraceEntry(
        input: input, event: event, instant: instant, role: afterOutcome ? .afterOutcome : .beforeOutcome,
        ignoredBecause: ignoredBecause))
    rules.append(afterOutcome ? nil : rule)
    return afterOutcome && entriesAfterOutcome == Self.entriesKeptAfterOutcome
  }
}

/// One event of an intro input as the coordinator sees it: a value described for the trace (`""` for `()`,
/// `true` or `false` for a `Bool`), a finish, or a failure; a call of the app's or a signal's event.
typealias IntroInputEvent = Event<String, any Error>

extension Event where Output == String, Failure == any Error {
  /// A signal's event, its value described.
  init<Value, Failing>(describing event: Event<Value, Failing>) {
    switch event {
    case .value(let value): self = .value(value is Void ? "" : "\(value)")
    case .finished: self = .finished
    case .failed(let error): self = .failed(error)
    }
  }

  var failure: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }

  /// As the trace writes it; a failure is described when the trace is read.
  var traced: IntroTraceEntry.Event {
    switch self {
    case .value(let label): .value(label)
    case .finished: .finished
    case .failed: .failed("")
    }
  }
}
