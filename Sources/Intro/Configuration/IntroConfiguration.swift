import Signals

/// Everything an ``IntroCoordinator`` is told at `init`: its inputs, its clocks and its policies.
///
/// <!-- setup
/// import SignalsTesting
/// -->
/// ```swift
/// let scheduler = TestScheduler()  // the main-queue scheduler in an app
/// let endTrigger = PassthroughSignal<Void, Never>()
/// let taps = PassthroughSignal<Void, Never>()
/// let configuration = IntroConfiguration(
///   animation: .endTrigger(endTrigger, fallbackLength: .seconds(2.6)),
///   content: .task { try await scheduler.clock.sleep(for: .seconds(1)) },
///   timeout: .seconds(3),
///   skipTaps: taps,
///   scheduler: scheduler)
/// ```
///
/// The rules that turn these inputs into one outcome are the coordinator's: see <doc:BuildingAnIntro>.
///
/// Bad configurations stop the program with a precondition whose message starts with "Signals:": a
/// negative duration, or a minimum time or animation length above the timeout (the timeout would always
/// win).
public struct IntroConfiguration: Sendable {
  /// How the animation ends.
  public var animation: IntroAnimation
  /// What must load before the animation starts (the animation file), if anything: its failure is the
  /// animation's failure.
  public var asset: IntroWork?
  /// The real work the intro hides, if any: the intro completes only once it is ready, and ends at once
  /// if it fails.
  public var content: IntroWork?
  /// The shortest time the intro stays on screen before it completes (it never delays a skip or a
  /// failure).
  public var minimumDuration: Duration
  /// The safety timeout: the intro never stays longer (seed 000: 3 s, "the app is never stuck").
  public var timeout: Duration
  /// Taps that skip the intro, if the app forwards them as a signal (``IntroCoordinator/skip()`` does the
  /// same from code).
  @usableFromInline var skipTaps: IntroInputSource?
  /// Taps before this time after `start` are ignored; a tap exactly at its end counts.
  public var skipGracePeriod: Duration
  /// What Reduce Motion does.
  public var reduceMotionPolicy: IntroReduceMotionPolicy
  /// When the intro may show.
  public var gate: IntroGate
  /// Where the gate's history is kept.
  public var historyStore: any IntroHistoryStore
  /// How the app was launched.
  public var launchKind: IntroLaunchKind
  /// Whether the app is active (`true` until it says otherwise), if the app forwards it: while inactive,
  /// every clock of the coordinator pauses.
  @usableFromInline var isActive: IntroInputSource?
  /// The scheduler the clocks run on: the main-queue scheduler in an app, a `TestScheduler` in tests.
  public var scheduler: any SignalScheduler
  /// Called once, on the main actor, just before `onFinish`, with the outcome and the trace as of the
  /// decision: for logs and analytics.
  public var log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)?

  /// The one initializer the public ones forward to, with the optional signals already erased.
  @usableFromInline
  init(
    animation: IntroAnimation, asset: IntroWork?, content: IntroWork?, minimumDuration: Duration,
    timeout: Duration, skipTaps: IntroInputSource?, skipGracePeriod: Duration,
    reduceMotionPolicy: IntroReduceMotionPolicy, gate: IntroGate, historyStore: any IntroHistoryStore,
    launchKind: IntroLaunchKind, isActive: IntroInputSource?, scheduler: any SignalScheduler,
    log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)?
  ) {
    self.animation = animation
    self.asset = asset
    self.content = content
    self.minimumDuration = minimumDuration
    self.timeout = timeout
    self.skipTaps = skipTaps
    self.skipGracePeriod = skipGracePeriod
    self.reduceMotionPolicy = reduceMotionPolicy
    self.gate = gate
    self.historyStore = historyStore
    self.launchKind = launchKind
    self.isActive = isActive
    self.scheduler = scheduler
    self.log = log
  }

  /// An intro configuration. Only the animation, the timeout and the scheduler are required; the other
  /// forms add skip taps (`skipTaps:`) and an "app is active" signal (`isActive:`).
  ///
  /// - Parameters:
  ///   - animation: How the animation ends.
  ///   - asset: What must load before the animation starts.
  ///   - content: The real work the intro hides.
  ///   - minimumDuration: The shortest time on screen before completing (default none).
  ///   - timeout: The safety timeout.
  ///   - skipGracePeriod: Taps before this time are ignored (default none).
  ///   - reduceMotionPolicy: What Reduce Motion does (default: skip the intro).
  ///   - gate: When the intro may show (default: every cold launch).
  ///   - historyStore: Where the gate's history is kept (default: in memory, for this process).
  ///   - launchKind: How the app was launched (default: a cold start).
  ///   - scheduler: The scheduler the clocks run on.
  ///   - log: Called with the outcome and the trace just before `onFinish`.
  public init(
    animation: IntroAnimation, asset: IntroWork? = nil, content: IntroWork? = nil,
    minimumDuration: Duration = .zero, timeout: Duration,
    skipGracePeriod: Duration = .zero, reduceMotionPolicy: IntroReduceMotionPolicy = .skip,
    gate: IntroGate = .everyLaunch, historyStore: any IntroHistoryStore = InMemoryIntroHistoryStore(),
    launchKind: IntroLaunchKind = .coldStart, scheduler: any SignalScheduler,
    log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)? = nil
  ) {
    self.init(
      animation: animation, asset: asset, content: content, minimumDuration: minimumDuration, timeout: timeout,
      skipTaps: nil, skipGracePeriod: skipGracePeriod, reduceMotionPolicy: reduceMotionPolicy, gate: gate,
      historyStore: historyStore, launchKind: launchKind, isActive: nil, scheduler: scheduler, log: log)
  }

  /// An intro configuration that `skipTaps` skip: each value is a tap; its end and failure are ignored.
  @inlinable
  public init<Taps: Signal>(
    animation: IntroAnimation, asset: IntroWork? = nil, content: IntroWork? = nil,
    minimumDuration: Duration = .zero, timeout: Duration,
    skipTaps: Taps, skipGracePeriod: Duration = .zero, reduceMotionPolicy: IntroReduceMotionPolicy = .skip,
    gate: IntroGate = .everyLaunch, historyStore: any IntroHistoryStore = InMemoryIntroHistoryStore(),
    launchKind: IntroLaunchKind = .coldStart, scheduler: any SignalScheduler,
    log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)? = nil
  ) {
    self.init(
      animation: animation, asset: asset, content: content, minimumDuration: minimumDuration, timeout: timeout,
      skipTaps: IntroInputSource(skipTaps), skipGracePeriod: skipGracePeriod, reduceMotionPolicy: reduceMotionPolicy,
      gate: gate,
      historyStore: historyStore, launchKind: launchKind, isActive: nil, scheduler: scheduler, log: log)
  }

  /// An intro configuration whose clocks pause while `isActive` says the app is inactive (it is active
  /// until its first value says otherwise).
  @inlinable
  public init<Active: Signal<Bool, ActiveFailure>, ActiveFailure: Error>(
    animation: IntroAnimation, asset: IntroWork? = nil, content: IntroWork? = nil,
    minimumDuration: Duration = .zero, timeout: Duration,
    skipGracePeriod: Duration = .zero, reduceMotionPolicy: IntroReduceMotionPolicy = .skip,
    gate: IntroGate = .everyLaunch, historyStore: any IntroHistoryStore = InMemoryIntroHistoryStore(),
    launchKind: IntroLaunchKind = .coldStart, isActive: Active, scheduler: any SignalScheduler,
    log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)? = nil
  ) {
    self.init(
      animation: animation, asset: asset, content: content, minimumDuration: minimumDuration, timeout: timeout,
      skipTaps: nil, skipGracePeriod: skipGracePeriod, reduceMotionPolicy: reduceMotionPolicy, gate: gate,
      historyStore: historyStore, launchKind: launchKind, isActive: IntroInputSource(isActive), scheduler: scheduler,
      log: log)
  }

  /// An intro configuration with skip taps and an "app is active" signal.
  @inlinable
  public init<Taps: Signal, Active: Signal<Bool, ActiveFailure>, ActiveFailure: Error>(
    animation: IntroAnimation, asset: IntroWork? = nil, content: IntroWork? = nil,
    minimumDuration: Duration = .zero, timeout: Duration,
    skipTaps: Taps, skipGracePeriod: Duration = .zero, reduceMotionPolicy: IntroReduceMotionPolicy = .skip,
    gate: IntroGate = .everyLaunch, historyStore: any IntroHistoryStore = InMemoryIntroHistoryStore(),
    launchKind: IntroLaunchKind = .coldStart, isActive: Active, scheduler: any SignalScheduler,
    log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)? = nil
  ) {
    self.init(
      animation: animation, asset: asset, content: content, minimumDuration: minimumDuration, timeout: timeout,
      skipTaps: IntroInputSource(skipTaps), skipGracePeriod: skipGracePeriod, reduceMotionPolicy: reduceMotionPolicy,
      gate: gate,
      historyStore: historyStore, launchKind: launchKind, isActive: IntroInputSource(isActive), scheduler: scheduler,
      log: log)
  }

  /// Why the configuration is refused, or `nil` when it is fine. Backs the coordinator's precondition.
  package var problem: String? {
    let length = animation.length ?? .zero
    // Listed by name only when one is negative: checking a valid configuration (every `init`) builds no array.
    if min(minimumDuration, timeout, skipGracePeriod, length) < .zero {
      let durations: [(String, Duration)] = [
        ("minimumDuration", minimumDuration), ("timeout", timeout), ("skipGracePeriod", skipGracePeriod),
        ("animation length", length),
      ]
      for (name, duration) in durations where duration < .zero {
        return "Signals: IntroConfiguration: \(name) is negative (\(duration))"
      }
    }
    if minimumDuration > timeout {
      return "Signals: IntroConfiguration: the minimum time (\(minimumDuration)) is above the timeout (\(timeout)): "
        + "the intro would always time out"
    }
    if let length = animation.length, length > timeout {
      return "Signals: IntroConfiguration: the animation length (\(length)) is above the timeout (\(timeout)): "
        + "it could never end the animation"
    }
    return nil
  }
}
