import Signals

/// The intro's decision, free of schedulers, subscriptions and threads: typed inputs at instants in, at
/// most one outcome out. The coordinator feeds it and performs what it asks; the rules are written down
/// in the article "Building an intro".
///
/// Inputs are recorded as they arrive; the decision is taken by ``evaluate(at:)`` once nothing more is due
/// at an instant, so same-instant inputs never depend on their scheduling order. At an instant, in this
/// order: content failed, animation failed (a failure at the instant the animation ends counts), completed,
/// skipped, timed out — so an input exactly at the timeout is in time.
struct IntroDecisionMachine: Sendable {
  /// What the configuration says, as far as the decision is concerned.
  struct Settings: Sendable {
    var hasAsset: Bool
    var hasContent: Bool
    /// The animation's fixed or fallback length.
    var length: Duration?
    var minimum: Duration
    var grace: Duration
    var timeout: Duration
  }

  /// A rule an input can decide by: which entries at the decision's instant decided and which lost a tie.
  enum Rule: UInt8, Sendable, Hashable {
    case contentFailure
    case animationFailure
    /// A condition of completion: the animation ended.
    case animationEnded
    /// A condition of completion: the content is ready.
    case contentReady
    /// A condition of completion: the minimum time has passed.
    case minimumReached
    case skip
    case timeout
  }

  /// A set of rules in one byte (no `Set` storage to allocate per decision).
  struct Rules: Sendable, Equatable {
    private var bits: UInt8

    /// No rule.
    init() { bits = 0 }

    /// Only `rule`.
    init(_ rule: Rule) { bits = 1 << rule.rawValue }

    func contains(_ rule: Rule) -> Bool { bits & (1 << rule.rawValue) != 0 }

    mutating func insert(_ rule: Rule) { bits |= 1 << rule.rawValue }
  }

  /// The decision.
  struct Decision: Sendable {
    var reason: IntroOutcome.Reason
    var instant: SignalInstant
    /// The rules that decided: one, or for completion the conditions that became true last.
    var decidedBy: Rules
  }

  /// What an input did to the decision's state: recorded, or ignored and why (for the trace).
  enum Effect: Sendable, Equatable {
    case recorded
    case ignored(String)
  }

  let settings: Settings
  let start: SignalInstant
  let isStatic: Bool
  private(set) var activeTime: IntroActiveTime
  /// The active time at which the animation started (its asset loaded); `nil` before.
  private(set) var animationStart: Duration?
  private(set) var animationEndedAt: SignalInstant?
  private var animationFailure: (error: any Error, instant: SignalInstant)?
  private(set) var contentReadyAt: SignalInstant?
  private var contentFailure: (error: any Error, instant: SignalInstant)?
  private var skipAt: SignalInstant?
  /// The clocks reached so far, and when.
  private(set) var reached = IntroPerClock<SignalInstant>()
  private(set) var decision: Decision?

  /// A decision that starts at `start`, animated or with the static pose (whose animation counts as ended
  /// at once, with none of the animation's inputs used).
  init(settings: Settings, start: SignalInstant, isStatic: Bool) {
    self.settings = settings
    self.start = start
    self.isStatic = isStatic
    activeTime = IntroActiveTime(start: start)
    // Clocks of no duration are reached from the start: nothing to wait for, nothing to trace.
    if settings.minimum <= .zero { reached[.minimum] = start }
    if settings.grace <= .zero { reached[.grace] = start }
    if isStatic {
      animationEndedAt = start
    } else if !settings.hasAsset {
      animationStart = .zero
    }
  }

  /// Whether the animation is running: started and not ended.
  var isAnimating: Bool { animationStart != nil && animationEndedAt == nil }

  // MARK: Inputs

  /// The asset loaded: the animation, and its length, start now.
  mutating func assetLoaded(at instant: SignalInstant) -> Effect {
    guard !isStatic else { return .ignored("static pose: the asset is not used") }
    guard animationStart == nil, animationFailure == nil else { return .ignored("already loaded") }
    animationStart = activeTime.elapsed(at: instant)
    return .recorded
  }

  /// The animation ended (its trigger fired or its playback finished).
  mutating func animationEnded(at instant: SignalInstant) -> Effect {
    guard !isStatic else { return .ignored("static pose: the animation is not used") }
    guard animationEndedAt == nil else { return .ignored("the animation had ended") }
    animationEndedAt = instant
    return .recorded
  }

  /// The animation failed: its asset, trigger or playback. Counts before the animation has ended, and at the
  /// instant it ends.
  mutating func animationFailed(_ error: any Error, at instant: SignalInstant) -> Effect {
    guard !isStatic else { return .ignored("static pose: the animation is not used") }
    if let ended = animationEndedAt, ended < instant { return .ignored("after the animation ended") }
    guard animationFailure == nil else { return .ignored("the animation had failed") }
    animationFailure = (error, instant)
    return .recorded
  }

  /// The content is ready.
  mutating func contentReady(at instant: SignalInstant) -> Effect {
    guard contentReadyAt == nil, contentFailure == nil else { return .ignored("the content had settled") }
    contentReadyAt = instant
    return .recorded
  }

  /// The content failed.
  mutating func contentFailed(_ error: any Error, at instant: SignalInstant) -> Effect {
    guard contentReadyAt == nil, contentFailure == nil else { return .ignored("the content had settled") }
    contentFailure = (error, instant)
    return .recorded
  }

  /// A tap (or `skip()`): counts once the grace period has passed, exactly at its end included.
  mutating func tap(at instant: SignalInstant) -> Effect {
    guard activeTime.elapsed(at: instant) >= settings.grace else { return .ignored("in the grace period") }
    guard skipAt == nil else { return .recorded }
    skipAt = instant
    return .recorded
  }

  /// The app became active or inactive: the clocks run or pause.
  mutating func setActive(_ active: Bool, at instant: SignalInstant) -> Effect {
    activeTime.setActive(active, at: instant) ? .recorded : .ignored(active ? "already active" : "already inactive")
  }

  /// Feeds `event` of `input`; returns what it did and the rule the input can decide by. `content` says
  /// which of the content's events make it ready. A playback's values are recorded and nothing more (the
  /// coordinator publishes them as progress).
  mutating func apply(
    _ input: IntroTraceEntry.Input, _ event: IntroInputEvent, at now: SignalInstant, content: IntroWork?
  ) -> (Effect, Rule?) {
    switch (input, event) {
    case (.asset, .value), (.asset, .finished):
      return (assetLoaded(at: now), nil)
    case (.asset, .failed(let error)), (.trigger, .failed(let error)), (.playback, .failed(let error)):
      return (animationFailed(error, at: now), .animationFailure)
    case (.trigger, .value), (.playback, .finished):
      return (animationEnded(at: now), .animationEnded)
    case (.trigger, .finished):
      return (.ignored("finished without a value"), nil)
    case (.playback, .value):
      return (.recorded, nil)
    case (.content, .failed(let error)):
      return (contentFailed(error, at: now), .contentFailure)
    case (.content, .finished) where contentReadyAt != nil:
      return (.recorded, nil)  // the usual end of work that was ready at its value
    case (.content, _):
      guard content?.isReady(event) == true else {
        return (.ignored(event.isFinished ? "finished without being ready" : "not ready"), nil)
      }
      return (contentReady(at: now), .contentReady)
    case (.tap, .value), (.skip, _):
      return (tap(at: now), .skip)
    case (.tap, _):
      return (.ignored("the taps ended"), nil)
    case (.active, .value(_, let flag)):
      return (setActive(flag ?? true, at: now), nil)
    case (.active, _):
      return (.ignored("the activity signal ended"), nil)
    case (.length, _), (.minimum, _), (.grace, _), (.timeout, _), (.history, _):
      return (.ignored("not an input"), nil)
    }
  }

  // MARK: Clocks

  /// The active time at which `clock` is due, if it is (still) to be reached.
  func target(of clock: IntroClock) -> Duration? {
    guard reached[clock] == nil else { return nil }
    switch clock {
    case .length:
      guard let length = settings.length, let animationStart, animationEndedAt == nil else { return nil }
      return animationStart + length
    case .minimum: return settings.minimum
    case .grace: return settings.grace
    case .timeout: return settings.timeout
    }
  }

  /// Where `clock` falls on the scheduler's timeline, if it is still to be reached and the app stays active.
  func deadline(of clock: IntroClock, from now: SignalInstant) -> SignalInstant? {
    target(of: clock).flatMap { activeTime.instant(reaching: $0, from: now) }
  }

  // MARK: The decision

  /// Decides at `instant`, once everything due then has been recorded. Returns the clocks reached at this
  /// instant (for the trace) and the decision, if there is one now.
  mutating func evaluate(at instant: SignalInstant) -> (reached: IntroClockSet, decision: Decision?) {
    guard decision == nil else { return (IntroClockSet(), nil) }
    let elapsed = activeTime.elapsed(at: instant)
    var newlyReached = IntroClockSet()
    for clock in IntroClockSet.all {
      guard let target = target(of: clock), elapsed >= target else { continue }
      reached[clock] = instant
      newlyReached.insert(clock)
      if clock == .length && animationEndedAt == nil { animationEndedAt = instant }
    }
    decision = decide(at: instant)
    return (newlyReached, decision)
  }

  private func decide(at instant: SignalInstant) -> Decision? {
    if let failure = contentFailure {
      return Decision(reason: .contentFailed(failure.error), instant: instant, decidedBy: Rules(.contentFailure))
    }
    if let failure = animationFailure {
      return Decision(reason: .animationFailed(failure.error), instant: instant, decidedBy: Rules(.animationFailure))
    }
    if let conditions = completion() {
      return Decision(reason: .completed, instant: instant, decidedBy: conditions)
    }
    if skipAt != nil {
      return Decision(reason: .skipped, instant: instant, decidedBy: Rules(.skip))
    }
    if reached[.timeout] != nil {
      return Decision(reason: .timedOut, instant: instant, decidedBy: Rules(.timeout))
    }
    return nil
  }

  /// The conditions that became true last, if every condition of completion holds.
  private func completion() -> Rules? {
    guard let ended = animationEndedAt else { return nil }
    var latest = (rules: Rules(.animationEnded), instant: ended)
    func condition(_ rule: Rule, at instant: SignalInstant) {
      if instant > latest.instant {
        latest = (Rules(rule), instant)
      } else if instant == latest.instant {
        latest.rules.insert(rule)
      }
    }
    if settings.hasContent {
      guard let ready = contentReadyAt else { return nil }
      condition(.contentReady, at: ready)
    }
    if settings.minimum > .zero {
      guard let minimum = reached[.minimum] else { return nil }
      condition(.minimumReached, at: minimum)
    }
    return latest.rules
  }

  /// The phase the UI shows while undecided.
  var undecidedPhase: IntroPhase {
    if isStatic { return .staticPose }
    return animationEndedAt == nil ? .playing : .holding
  }
}
