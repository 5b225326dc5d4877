import Signals

/// The intro of seed 000: a Rive file that plays once and fires an end trigger, or lasts 2.6 s when it has
/// none; a 3 s safety timeout; a tap skips; Reduce Motion skips it (or holds a still pose); shown on the
/// first launch only.
public enum Seed000 {
  /// The animation's length when its file fires no end trigger: 2.6 s.
  public static let animationLength = Duration.milliseconds(2600)
  /// The safety timeout: 3 s, "the app is never stuck".
  public static let timeout = Duration.seconds(3)
}

extension IntroAnimation {
  /// Seed 000's animation: the file's end trigger, or its 2.6 s length if that comes first.
  @inlinable
  public static func seed000<Trigger: Signal>(endTrigger: Trigger) -> Self {
    .endTrigger(endTrigger, fallbackLength: Seed000.animationLength)
  }

  /// Seed 000's animation for a file that fires no end trigger: its 2.6 s length.
  public static var seed000: Self { .fixedLength(Seed000.animationLength) }
}

extension IntroConfiguration {
  /// Seed 000's intro: `animation` (the end trigger or 2.6 s), an optional asset load (the Rive file; its
  /// failure falls through to the app), the content the intro hides, a 3 s safety timeout, taps that skip,
  /// Reduce Motion's policy, first-launch gating.
  ///
  /// <!-- setup
  /// import SignalsTesting
  /// -->
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let endTrigger = PassthroughSignal<Void, Never>()
  /// let taps = PassthroughSignal<Void, Never>()
  /// let configuration = IntroConfiguration.seed000(
  ///   animation: .seed000(endTrigger: endTrigger), skipTaps: taps, scheduler: scheduler)
  /// ```
  @inlinable
  public static func seed000<Taps: Signal>(
    animation: IntroAnimation = .seed000, asset: IntroWork? = nil, content: IntroWork? = nil, skipTaps: Taps,
    reduceMotionPolicy: IntroReduceMotionPolicy = .skip, gate: IntroGate = .firstLaunch,
    historyStore: any IntroHistoryStore = InMemoryIntroHistoryStore(), launchKind: IntroLaunchKind = .coldStart,
    scheduler: any SignalScheduler
  ) -> Self {
    IntroConfiguration(
      animation: animation, asset: asset, content: content, timeout: Seed000.timeout, skipTaps: skipTaps,
      reduceMotionPolicy: reduceMotionPolicy, gate: gate, historyStore: historyStore, launchKind: launchKind,
      scheduler: scheduler)
  }

  /// Seed 000's intro with taps forwarded by ``IntroCoordinator/skip()`` only.
  public static func seed000(
    animation: IntroAnimation = .seed000, asset: IntroWork? = nil, content: IntroWork? = nil,
    reduceMotionPolicy: IntroReduceMotionPolicy = .skip, gate: IntroGate = .firstLaunch,
    historyStore: any IntroHistoryStore = InMemoryIntroHistoryStore(), launchKind: IntroLaunchKind = .coldStart,
    scheduler: any SignalScheduler
  ) -> Self {
    IntroConfiguration(
      animation: animation, asset: asset, content: content, timeout: Seed000.timeout,
      reduceMotionPolicy: reduceMotionPolicy, gate: gate, historyStore: historyStore, launchKind: launchKind,
      scheduler: scheduler)
  }
}
