import Signals

/// The intro's rules, free of schedulers, subscriptions and threads: typed inputs at instants in, the trace
/// written as they come, at most one outcome out. The coordinator feeds it on the main actor and does
/// what it answers (start the animation, move its timer, release the inputs); the rules are the article
/// "Building an intro".
///
/// Inputs are recorded as they arrive and judged by ``evaluate(at:)`` once nothing more is due at their
/// instant, so same-instant inputs never depend on their scheduling order. At an instant, in this order:
/// content failed, animation failed (a failure at the instant the animation ends counts), finished,
/// skipped, timed out — so an input exactly at the timeout is in time.
///
/// Its parts: the inputs' rules and the clocks (`IntroDecision+Rules.swift`), the trace it writes
/// (`IntroDecision+Trace.swift`), the settings and small types (`IntroDecisionTypes.swift`).
struct IntroDecision {
  let settings: Settings
  var trace: IntroTrace
  private(set) var outcome: IntroOutcome?
  /// How the intro presents: `.none` until ``present(at:isStatic:)``.
  private(set) var presentation = IntroOutcome.Presentation.none
  var entriesAfterOutcome = 0
  /// The rule each entry of the trace can decide by, if any: what its role is worked out from.
  var rules: [Rule?] = []
  /// The failures not described in the trace yet, with their entries (see ``describeFailures()``).
  var undescribed: [(entry: Int, error: any Error)] = []

  /// Active time before the current active stretch; the stretch's start (`nil` while inactive).
  var activeBefore = Duration.zero
  var activeSince: SignalInstant?
  /// The activity of each scene (window) still there; `nil` until the first one reports (the app is active
  /// until then). The app is active while one of them is, and inactive once the last one has gone.
  var scenes: [String: Bool]?
  /// The active time at which the animation started (its asset loaded), if it has.
  var animationStart: Duration?
  var animationEnd: SignalInstant?
  var animationFailure: (any Error)?
  var contentReady: SignalInstant?
  var contentFailure: (any Error)?
  var skipped = false
  /// The minimum time: the configuration's, raised for a still pose with nothing to wait for.
  var minimum: Duration
  /// What the intro still waited for when it timed out: the animation (its asset's load or its end) and the
  /// content. Nothing else; kept without an array, so a timeout allocates nothing until the trace is read.
  var awaitedAtTimeout: (animation: Awaited?, content: Awaited?)
  var reached: [IntroTraceEntry.Input: SignalInstant] = [:]
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

  /// An input at `now`: applied to the rules and recorded in the trace (after the outcome, only recorded).
  mutating func apply(_ input: IntroInput, at now: SignalInstant) -> FollowUp {
    if case .historyWriteFailed(let diagnostic) = input {
      return record(.history, .diagnostic(diagnostic.message), at: now) ? .releaseInputs : .none
    }
    guard isDeciding else {
      let (lane, event, _, _) = judge(input, at: now, deciding: false)
      return record(lane, event, at: now, failure: input.failure) ? .releaseInputs : .none
    }
    latestInstant = now
    let (lane, event, ignored, rule) = judge(input, at: now, deciding: true)
    _ = record(lane, event, at: now, failure: input.failure, ignoredBecause: ignored, decides: rule)
    guard ignored == nil else { return .none }
    if case .asset(let loaded) = input, loaded.failure == nil { return .startAnimation }
    return .decide
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
}
