import Foundation
import Intro
import Signals

/// What the simulated load tells the app when it ends.
public enum DemoLoadEvent: Sendable, Hashable {
  /// The portfolio has loaded.
  case loaded
  /// The load failed, described.
  case failed(String)
}

/// The simulated load's failure (`--fail-load`).
public struct DemoLoadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An error.
  public init() {}

  /// `the portfolio request failed`.
  public var description: String { "the portfolio request failed" }
}

/// The intro a ``DemoOptions`` describes: the coordinator's configuration, built from the `Intro` recipes,
/// and what the app shows beside it (decoration).
public struct DemoIntro: Sendable {
  /// The text of seed 003's letter wave.
  public static let waveText = "Loading your portfolio..."
  /// The stages' delays as decoration beside an animation of `length`: half of it each.
  static func decorationStageDelay(for scenario: DemoScenario) -> Duration {
    switch scenario {
    case .seed000: Seed000.animationLength / 2
    case .stages: .seconds(1)
    case .wave: .milliseconds(2500)
    }
  }

  /// The options it was built from.
  public let options: DemoOptions
  /// The coordinator's configuration.
  public let configuration: IntroConfiguration
  /// Whether Reduce Motion is on (passed to `start`).
  public var reduceMotion: Bool { options.reduceMotion != nil }
  /// Whether the letter wave runs as decoration (it is the animation itself in the `wave` scenario).
  public var wavesAsDecoration: Bool { options.scenario != .wave }
  /// Whether the stages run as decoration (they are the animation itself in the `stages` scenario).
  public var stagesAsDecoration: Bool { options.scenario != .stages }

  /// The intro of `options` on `scheduler`.
  ///
  /// - Parameters:
  ///   - options: What the command line says; ``problem(with:)`` must have found nothing wrong.
  ///   - scheduler: The coordinator's scheduler: the main queue's, or a `TestScheduler` for `--timeline`.
  ///   - taps: Key presses: each value skips the intro.
  ///   - sleep: How the simulated load waits on `scheduler`'s clock (`Task.sleep` on the main queue's,
  ///     `TestScheduler.clock` in virtual time).
  ///   - loadEvents: Where the load says it has ended, before it returns or throws.
  public init<Taps: Signal>(
    options: DemoOptions, scheduler: any SignalScheduler, taps: Taps,
    sleep: @escaping @Sendable (Duration) async throws -> Void,
    loadEvents: PassthroughSignal<DemoLoadEvent, Never>
  ) {
    if let problem = Self.problem(with: options) { preconditionFailure("splash-demo: \(problem)") }
    self.options = options
    let load = options.load
    let fails = options.failLoad
    let content = IntroWork.task {
      try await sleep(load)
      if fails {
        loadEvents.send(.failed(DemoLoadError().description))
        throw DemoLoadError()
      }
      loadEvents.send(.loaded)
    }
    let policy: IntroReduceMotionPolicy = options.reduceMotion == .staticPose ? .staticPose : .skip
    var configuration: IntroConfiguration
    switch options.scenario {
    case .seed000:
      configuration = .seed000(
        content: content, skipTaps: taps, reduceMotionPolicy: policy, gate: Self.gate(of: options),
        historyStore: Self.historyStore(of: options), scheduler: scheduler)
    case .stages, .wave:
      let animation: IntroAnimation =
        options.scenario == .stages
        ? .playback(IntroStagesSignal(firstDelay: .seconds(1), secondDelay: .seconds(1), on: scheduler))
        : .playback(LetterWaveSignal(text: Self.waveText, on: scheduler))
      configuration = IntroConfiguration(
        animation: animation, content: content, timeout: options.effectiveTimeout, skipTaps: taps,
        reduceMotionPolicy: policy, gate: Self.gate(of: options), historyStore: Self.historyStore(of: options),
        scheduler: scheduler)
    }
    configuration.timeout = options.effectiveTimeout
    configuration.minimumDuration = options.minimum
    self.configuration = configuration
  }

  /// Why `options` make no intro, or `nil`: a minimum time above the timeout, or seed 000's 2.6 s
  /// animation longer than the timeout (the coordinator refuses both).
  public static func problem(with options: DemoOptions) -> String? {
    let timeout = options.effectiveTimeout
    if options.minimum > timeout {
      return "--min (\(DemoFormat.seconds(options.minimum))) is above the timeout (\(DemoFormat.seconds(timeout))): "
        + "the intro would always time out"
    }
    if options.scenario == .seed000, Seed000.animationLength > timeout {
      return "--timeout (\(DemoFormat.seconds(timeout))) is shorter than seed 000's "
        + "\(DemoFormat.seconds(Seed000.animationLength)) animation"
    }
    return nil
  }

  /// The gate of `options`.
  public static func gate(of options: DemoOptions) -> IntroGate {
    switch options.gate {
    case .always: .everyLaunch
    case .firstLaunch: .firstLaunch
    case .afterUpdate: .afterUpdate(version: options.effectiveVersion)
    }
  }

  /// The history store of `options`: a JSON file when `--state` is given (`PATH` itself when it ends in
  /// `.json`, else `intro-history.json` in the directory `PATH`), else in memory.
  public static func historyStore(of options: DemoOptions) -> any IntroHistoryStore {
    guard let path = options.statePath else { return InMemoryIntroHistoryStore() }
    let url = URL(fileURLWithPath: path)
    if url.pathExtension == "json" {
      return JSONFileIntroHistoryStore(
        directory: url.deletingLastPathComponent(), fileName: url.lastPathComponent)
    }
    return JSONFileIntroHistoryStore(directory: url)
  }

  /// Waits until the gate's history is on disk (a JSON file store writes off the main actor): call it
  /// before the process ends.
  public func flushHistory() {
    (configuration.historyStore as? JSONFileIntroHistoryStore)?.flush()
  }

  /// A short line on the intro, for the screens: `seed000 · 2.6 s animation · timeout 3 s · load 1.5 s`.
  public var tagline: String {
    var parts = [options.scenario.rawValue]
    switch options.scenario {
    case .seed000: parts.append("\(DemoFormat.seconds(Seed000.animationLength)) animation")
    case .stages: parts.append("stages 1 s + 1 s")
    case .wave: parts.append("letter wave 5 s")
    }
    parts.append("timeout \(DemoFormat.seconds(options.effectiveTimeout))")
    if options.minimum > .zero { parts.append("min \(DemoFormat.seconds(options.minimum))") }
    parts.append("load \(DemoFormat.seconds(options.load))\(options.failLoad ? " (fails)" : "")")
    if let reduceMotion = options.reduceMotion { parts.append("reduce motion: \(reduceMotion.rawValue)") }
    if options.gate != .always { parts.append("gate: \(options.gate.rawValue)") }
    return parts.joined(separator: " · ")
  }

  /// One line on the intro: `seed000 (seed 000: …) · timeout 3 s · load 1.5 s`.
  public var summary: String {
    var parts = ["\(options.scenario.rawValue) (\(options.scenario.summary))"]
    parts.append("timeout \(DemoFormat.seconds(options.effectiveTimeout))")
    if options.minimum > .zero { parts.append("minimum \(DemoFormat.seconds(options.minimum))") }
    parts.append("load \(DemoFormat.seconds(options.load))\(options.failLoad ? " (fails)" : "")")
    if let reduceMotion = options.reduceMotion { parts.append("reduce motion: \(reduceMotion.rawValue)") }
    if options.gate != .always { parts.append("gate: \(options.gate.rawValue)") }
    return parts.joined(separator: " · ")
  }
}
