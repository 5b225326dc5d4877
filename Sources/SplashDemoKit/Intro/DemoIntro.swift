import Foundation
import Intro
import Signals

/// What the simulated load tells the app when it ends.
package enum DemoLoadEvent: Sendable, Hashable {
  /// The portfolio has loaded.
  case loaded
  /// The load failed, described.
  case failed(String)
}

/// The simulated load's failure (`--fail-load`).
package struct DemoLoadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An error.
  package init() {}

  /// `the portfolio request failed`.
  package var description: String { "the portfolio request failed" }
}

/// A stage of the demo's staged splash: the stage labels under the logo.
package enum DemoStage: String, Sendable, Hashable, CaseIterable {
  /// The first animation runs (at once).
  case firstStep
  /// The second animation runs (after the first's second).
  case secondStep
  /// The splash is done (after the second's second).
  case finished
}

/// The demo's coordinator, whatever its progress type (none, a stage, the letter wave's position), as
/// the session reads it.
@MainActor
package protocol DemoCoordinator: AnyObject {
  /// The coordinator's phase.
  var phase: IntroPhase { get }
  /// The coordinator's `isShowingIntro`.
  var isShowingIntro: Bool { get }
  /// The coordinator's trace.
  var trace: IntroTrace { get }
  /// Its progress, if it is the letter wave's position.
  var wave: LetterWave? { get }
  /// Its progress, if it is a stage.
  var stage: DemoStage? { get }
  /// Starts it (see `IntroCoordinator.start(reduceMotion:onFinish:)`).
  func start(reduceMotion: Bool?, onFinish: @escaping @MainActor (IntroOutcome) -> Void)
  /// A tap.
  func skip()
}

extension IntroCoordinator: DemoCoordinator {
  /// The progress, if it is the letter wave's position.
  package var wave: LetterWave? { progress as? LetterWave }
  /// The progress, if it is a stage.
  package var stage: DemoStage? { progress as? DemoStage }
}

/// The intro a ``DemoOptions`` describes: the coordinator, built from the `Intro` recipes, and what the
/// app shows beside it (decoration).
package struct DemoIntro: Sendable {
  /// The text of the letter wave.
  package static let waveText = "Loading your portfolio..."
  /// The animated scenario's length: an animation file that fires no end trigger, played once.
  package static let animationLength = Duration.milliseconds(2600)
  /// The stages' delays as decoration beside an animation of `length`: half of it each.
  static func decorationStageDelay(for scenario: DemoScenario) -> Duration {
    switch scenario {
    case .animated: animationLength / 2
    case .stages: .seconds(1)
    case .wave: .milliseconds(2500)
    }
  }

  /// The options it was built from.
  package let options: DemoOptions
  /// Where the gate's history is kept.
  package let historyStore: any IntroHistoryStore
  /// The simulated load, the content the intro hides.
  let content: IntroWork
  /// Whether Reduce Motion is on (passed to `start`).
  package var reduceMotion: Bool { options.reduceMotion != nil }
  /// Whether the letter wave runs as decoration (it is the animation itself in the `wave` scenario).
  package var wavesAsDecoration: Bool { options.scenario != .wave }
  /// Whether the stages run as decoration (they are the animation itself in the `stages` scenario).
  package var stagesAsDecoration: Bool { options.scenario != .stages }

  /// The intro of `options`.
  ///
  /// - Parameters:
  ///   - options: What the command line says; ``problem(with:)`` must have found nothing wrong.
  ///   - sleep: How the simulated load waits on the scheduler's clock (`Task.sleep` on the main queue's,
  ///     `TestScheduler.clock` in virtual time).
  ///   - loadEvents: Where the load says it has ended, before it returns or throws.
  package init(
    options: DemoOptions, sleep: @escaping @Sendable (Duration) async throws -> Void,
    loadEvents: PassthroughSignal<DemoLoadEvent, Never>
  ) {
    if let problem = Self.problem(with: options) { preconditionFailure("splash-demo: \(problem)") }
    self.options = options
    historyStore = Self.historyStore(of: options)
    let load = options.load
    let fails = options.failLoad
    content = IntroWork.task {
      try await sleep(load)
      if fails {
        loadEvents.send(.failed(DemoLoadError().description))
        throw DemoLoadError()
      }
      loadEvents.send(.loaded)
    }
  }

  /// The coordinator of this intro, on `scheduler` (the main queue's, or a `TestScheduler` for
  /// `--timeline`).
  @MainActor
  package func coordinator(on scheduler: any SignalScheduler) -> any DemoCoordinator {
    switch options.scenario {
    case .animated: IntroCoordinator(configuration(.fixedLength(Self.animationLength)), scheduler: scheduler)
    case .stages:
      IntroCoordinator(
        configuration(.stages([DemoStage.firstStep: .seconds(1), .secondStep: .seconds(1), .finished: .zero])),
        scheduler: scheduler)
    case .wave: IntroCoordinator(configuration(.letterWave(text: Self.waveText)), scheduler: scheduler)
    }
  }

  private func configuration<Progress>(_ animation: IntroAnimation<Progress>) -> IntroConfiguration<Progress> {
    IntroConfiguration(
      animation: animation, content: content, minimumDuration: options.minimum, timeout: options.effectiveTimeout,
      reduceMotionPolicy: options.reduceMotion == .staticPose ? .staticPose : .skip, gate: Self.gate(of: options),
      historyStore: historyStore)
  }

  /// Why `options` make no intro, or `nil`: a minimum time above the timeout, or an animation longer than
  /// the timeout (the coordinator refuses both).
  package static func problem(with options: DemoOptions) -> String? {
    let timeout = options.effectiveTimeout
    if options.minimum > timeout {
      return "--min (\(DemoFormat.seconds(options.minimum))) is above the timeout (\(DemoFormat.seconds(timeout))): "
        + "the intro would always time out"
    }
    let length: Duration =
      switch options.scenario {
      case .animated: animationLength
      case .stages: .seconds(2)
      case .wave: .seconds(5)
      }
    if length > timeout {
      return "--timeout (\(DemoFormat.seconds(timeout))) is shorter than the \(DemoFormat.seconds(length)) "
        + "\(options.scenario == .wave ? "letter wave" : "animation")"
    }
    return nil
  }

  /// The gate of `options`.
  package static func gate(of options: DemoOptions) -> IntroGate {
    switch options.gate {
    case .always: .everyLaunch
    case .firstLaunch: .firstLaunch
    case .afterUpdate: .afterUpdate(version: options.effectiveVersion)
    }
  }

  /// The history store of `options`: a JSON file when `--state` is given (`PATH` itself when it ends in
  /// `.json`, else `intro-history.json` in the directory `PATH`), else in memory.
  package static func historyStore(of options: DemoOptions) -> any IntroHistoryStore {
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
  package func flushHistory() {
    historyStore.flush()
  }

  /// A short line on the intro, for the screens: `animated · 2.6 s animation · timeout 3 s · load 1.5 s`.
  package var tagline: String {
    var parts = [options.scenario.rawValue]
    switch options.scenario {
    case .animated: parts.append("\(DemoFormat.seconds(Self.animationLength)) animation")
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

  /// One line on the intro: `animated (a 2.6 s animation, …) · timeout 3 s · load 1.5 s`.
  package var summary: String {
    var parts = ["\(options.scenario.rawValue) (\(options.scenario.summary))"]
    parts.append("timeout \(DemoFormat.seconds(options.effectiveTimeout))")
    if options.minimum > .zero { parts.append("minimum \(DemoFormat.seconds(options.minimum))") }
    parts.append("load \(DemoFormat.seconds(options.load))\(options.failLoad ? " (fails)" : "")")
    if let reduceMotion = options.reduceMotion { parts.append("reduce motion: \(reduceMotion.rawValue)") }
    if options.gate != .always { parts.append("gate: \(options.gate.rawValue)") }
    return parts.joined(separator: " · ")
  }
}
