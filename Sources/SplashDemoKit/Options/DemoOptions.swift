/// Which intro the demo plays.
package enum DemoScenario: String, Sendable, Hashable, CaseIterable {
  /// An animation file that fires no end trigger, played once (2.6 s), a 3 s safety timeout; the letter
  /// wave and the stage labels run beside it as decoration, on the same scheduler.
  case animated
  /// The staged splash as the animation: first step, 1 s, second step, 1 s, finished; a 3 s timeout.
  case stages
  /// The letter wave as the animation: two loops over "Loading your portfolio..." at 0.1 s a letter
  /// (5.0 s), so a 6 s timeout.
  case wave

  /// The safety timeout when `--timeout` is not given.
  package var defaultTimeout: Duration {
    switch self {
    case .animated, .stages: .seconds(3)
    case .wave: .seconds(6)
    }
  }

  /// One line on what the scenario plays.
  package var summary: String {
    switch self {
    case .animated: "a 2.6 s animation, wave and stages as decoration"
    case .stages: "the stages as the animation (1 s + 1 s)"
    case .wave: "the letter wave as the animation (5.0 s)"
    }
  }
}

/// When the intro may show: the command line's names for `IntroGate`.
package enum DemoGate: String, Sendable, Hashable, CaseIterable {
  /// Every launch (`IntroGate.everyLaunch`).
  case always
  /// The first launch only (`IntroGate.firstLaunch`).
  case firstLaunch = "first-launch"
  /// The first launch of each version (`IntroGate.afterUpdate(version:)`).
  case afterUpdate = "after-update"
}

/// The `--reduce-motion` policies: Reduce Motion is on, and the intro is skipped or shows a still pose.
package enum DemoReduceMotion: String, Sendable, Hashable, CaseIterable {
  /// `IntroReduceMotionPolicy.skip`: no intro at all.
  case skip
  /// `IntroReduceMotionPolicy.staticPose`: a still pose until the content has loaded.
  case staticPose = "static"
}

/// Everything the command line says.
package struct DemoOptions: Sendable, Hashable {
  /// The intro to play.
  package var scenario: DemoScenario = .animated
  /// How long the simulated load (the content the intro hides) takes.
  package var load: Duration = .milliseconds(1500)
  /// Whether the load fails instead of finishing.
  package var failLoad = false
  /// The safety timeout; the scenario's when `nil`.
  package var timeout: Duration?
  /// The minimum time on screen.
  package var minimum: Duration = .zero
  /// Reduce Motion is on with this policy; off when `nil`.
  package var reduceMotion: DemoReduceMotion?
  /// When the intro may show.
  package var gate: DemoGate = .always
  /// Where the gate's history is kept: a directory, or a file path ending in `.json`; in memory when `nil`.
  package var statePath: String?
  /// The app version for `--gate after-update`.
  package var version: String?
  /// Run in virtual time and print the timeline instead of playing the intro.
  package var timeline = false
  /// Write the timeline as an SVG picture to this path.
  package var svgPath: String?

  /// The options of a plain `splash-demo`.
  package init() {}

  /// The timeout in effect.
  package var effectiveTimeout: Duration { timeout ?? scenario.defaultTimeout }

  /// The app version in effect for `--gate after-update`.
  package var effectiveVersion: String { version ?? "1.0" }

  /// Whether the run is in virtual time (`--timeline` or `--svg`).
  package var runsInVirtualTime: Bool { timeline || svgPath != nil }
}
