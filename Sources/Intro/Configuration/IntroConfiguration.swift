import Signals

/// What an intro is: its animation, the work it waits for, its clocks and its policies. `Progress` is
/// what the animation reports as it plays (`Never` for an animation that reports nothing).
///
/// ```swift
/// let intro = IntroConfiguration(
///   animation: .endTrigger(fallbackLength: .milliseconds(2600)),  // the file's trigger, or 2.6 s
///   content: .reported,  // the app calls contentReady() when its first request is done
///   timeout: .seconds(3),
///   gate: .firstLaunch)  // remembered in UserDefaults.standard
/// ```
///
/// The rules that turn these inputs into one outcome are in <doc:BuildingAnIntro>. A bad configuration stops
/// the program when a coordinator is made of it, with a precondition whose message starts with "Signals:": a
/// negative duration, or a minimum time or a known animation length (fixed, fallback, or a recipe's stated
/// length) above the timeout, which would always win (a length equal to it is fine).
public struct IntroConfiguration<Progress: Sendable>: Sendable {
  /// How the animation ends, and what it reports as it plays.
  public var animation: IntroAnimation<Progress>
  /// What must load before the animation starts (the animation file), if anything: its failure is the
  /// animation's failure.
  public var asset: IntroWork?
  /// The real work the intro hides, if any: the intro finishes only once it is ready, and ends at once if
  /// it fails.
  public var content: IntroWork?
  /// The shortest time the intro stays on screen before it finishes (it never delays a skip or a failure).
  public var minimumDuration: Duration
  /// The safety timeout: the intro never stays longer (in active time).
  public var timeout: Duration
  /// Whether a person can skip the intro, and how: a tap anywhere (the default), only a control the intro
  /// places, or never.
  public var skipPolicy: IntroSkipPolicy
  /// Skips before this time after `start` are ignored; one exactly at its end counts.
  public var skipGracePeriod: Duration
  /// What Reduce Motion does.
  public var reduceMotionPolicy: IntroReduceMotionPolicy
  /// When the intro may show.
  public var gate: IntroGate
  /// Where the gate's history is kept. `nil`: `UserDefaults.standard` under
  /// ``UserDefaultsIntroHistoryStore/defaultKey`` for ``IntroGate/firstLaunch`` and
  /// ``IntroGate/afterUpdate(version:)`` (in memory in an Xcode preview, so that every preview shows the
  /// intro and none writes the app's defaults), nothing at all for ``IntroGate/everyLaunch``.
  public var historyStore: (any IntroHistoryStore)?
  /// How the app was launched.
  public var launchKind: IntroLaunchKind
  /// Called once, on the main actor, just before `onFinish`, with the outcome and the trace as of the
  /// decision: for logs and analytics.
  public var log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)?

  /// An intro: each parameter sets the property of its name. Only the animation and the timeout are
  /// required; by default nothing is waited for but the animation, nothing delays it, a tap anywhere skips
  /// it, Reduce Motion skips it, it shows on every cold launch (a gate that remembers keeps its history in
  /// `UserDefaults.standard`, or in memory in an Xcode preview).
  public init(
    animation: IntroAnimation<Progress>, asset: IntroWork? = nil, content: IntroWork? = nil,
    minimumDuration: Duration = .zero, timeout: Duration, skipPolicy: IntroSkipPolicy = .tapAnywhere,
    skipGracePeriod: Duration = .zero,
    reduceMotionPolicy: IntroReduceMotionPolicy = .skip, gate: IntroGate = .everyLaunch,
    historyStore: (any IntroHistoryStore)? = nil, launchKind: IntroLaunchKind = .coldStart,
    log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)? = nil
  ) {
    self.animation = animation
    self.asset = asset
    self.content = content
    self.minimumDuration = minimumDuration
    self.timeout = timeout
    self.skipPolicy = skipPolicy
    self.skipGracePeriod = skipGracePeriod
    self.reduceMotionPolicy = reduceMotionPolicy
    self.gate = gate
    self.historyStore = historyStore
    self.launchKind = launchKind
    self.log = log
  }

  /// The store the gate reads and writes: the given one, else, for a gate that remembers,
  /// `UserDefaults.standard` (in memory in an Xcode preview), else none.
  package var effectiveHistoryStore: (any IntroHistoryStore)? {
    historyStore(inXcodePreview: IntroRunContext.isXcodePreview)
  }

  /// ``effectiveHistoryStore`` in an Xcode preview or not.
  package func historyStore(inXcodePreview: Bool) -> (any IntroHistoryStore)? {
    if let historyStore { return historyStore }
    if gate == .everyLaunch { return nil }
    return inXcodePreview ? InMemoryIntroHistoryStore() : UserDefaultsIntroHistoryStore()
  }

  /// Why the configuration is refused, or `nil` when it is fine. Backs the coordinator's precondition.
  package var problem: String? {
    let prefix = "Signals: IntroConfiguration: "
    if let problem = animation.problem { return prefix + "the animation has \(problem)" }
    let durations = [
      ("minimumDuration", minimumDuration), ("timeout", timeout), ("skipGracePeriod", skipGracePeriod),
      (animation.knownLength?.name ?? "", animation.knownLength?.duration ?? .zero),
    ]
    for (name, duration) in durations where duration < .zero {
      return prefix + "the \(name) is negative (\(duration))"
    }
    if minimumDuration > timeout {
      return prefix + "the minimum time (\(minimumDuration)) is above the timeout (\(timeout)): "
        + "the intro could only time out; raise the timeout"
    }
    if let (length, name) = animation.knownLength, length > timeout {
      return prefix + "the animation's \(name) (\(length)) is above the timeout (\(timeout)): "
        + "the intro could only time out; raise the timeout"
    }
    return nil
  }
}
