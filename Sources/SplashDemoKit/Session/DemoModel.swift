import Intro

/// Everything the demo's screens show, at one moment: the state a frame is drawn from.
package struct DemoModel: Sendable, Hashable {
  /// Where the intro is (the coordinator's phase, without its outcome).
  package enum Phase: String, Sendable, Hashable {
    /// Before `start`.
    case idle
    /// The animation plays.
    case playing
    /// The animation has ended; the intro holds its last pose until the content is ready.
    case holding
    /// Reduce Motion: a still pose until the content is ready.
    case staticPose = "static pose"
    /// Decided.
    case finished
  }

  /// Where the simulated load is.
  package enum Load: Sendable, Hashable {
    /// Still running.
    case loading
    /// Done, this long after `start`.
    case loaded(at: Duration)
    /// Failed, described, this long after `start`.
    case failed(String, at: Duration)
  }

  /// How the intro ended.
  package struct Ending: Sendable, Hashable {
    /// The reason in words (`content failed: …`).
    package var reason: String
    /// The reason without its error.
    package var kind: IntroOutcome.Kind
    /// How it was presented.
    package var presentation: IntroOutcome.Presentation
    /// How long after `start`.
    package var duration: Duration

    /// The ending of `outcome`.
    package init(_ outcome: IntroOutcome) {
      reason = outcome.reason.description
      kind = outcome.reason.kind
      presentation = outcome.presentation
      duration = outcome.duration
    }
  }

  /// One line on the intro being played (``DemoIntro/summary``).
  package var summary: String
  /// A short line on it, for the screens (``DemoIntro/tagline``).
  package var tagline: String
  /// The scenario.
  package var scenario: DemoScenario
  /// The safety timeout.
  package var timeout: Duration
  /// Where the intro is.
  package var phase: Phase = .idle
  /// Whether the intro is on screen (the coordinator's `isShowingIntro`).
  package var isShowingIntro: Bool
  /// The letter wave's position; `nil` when the text lies still.
  package var wave: LetterWave?
  /// The current stage label; `nil` when none is lit.
  package var stage: DemoStage?
  /// The time since `start`.
  package var elapsed: Duration = .zero
  /// Where the simulated load is.
  package var load: Load = .loading
  /// How the intro ended, once it has.
  package var ending: Ending?
  /// The trace shown on the content screen: the inputs up to the outcome, and the content after it.
  package var trace: IntroTrace?
  /// How far the intro has faded out, 0 to 1, after the outcome.
  package var fade: Double = 0
  /// Whether times were measured on a real clock (the trace is drawn rounded to its frames).
  package var isRealTime: Bool

  /// A model before `start`.
  package init(
    summary: String, tagline: String, scenario: DemoScenario, timeout: Duration, isShowingIntro: Bool,
    isRealTime: Bool
  ) {
    self.summary = summary
    self.tagline = tagline
    self.scenario = scenario
    self.timeout = timeout
    self.isShowingIntro = isShowingIntro
    self.isRealTime = isRealTime
  }

  /// Whether the intro screen is drawn (it is, while it fades out), rather than the content screen.
  package var showsIntroScreen: Bool {
    guard let ending else { return isShowingIntro }
    return ending.presentation != .none && fade < 1
  }
}
