import Intro

/// Everything the demo's screens show, at one moment: the state a frame is drawn from.
public struct DemoModel: Sendable, Hashable {
  /// Where the intro is (the coordinator's phase, without its outcome).
  public enum Phase: String, Sendable, Hashable {
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
  public enum Load: Sendable, Hashable {
    /// Still running.
    case loading
    /// Done, this long after `start`.
    case loaded(at: Duration)
    /// Failed, described, this long after `start`.
    case failed(String, at: Duration)
  }

  /// How the intro ended.
  public struct Ending: Sendable, Hashable {
    /// The reason in words (`content failed: …`).
    public var reason: String
    /// The reason without its error.
    public var kind: IntroOutcome.Kind
    /// How it was presented.
    public var presentation: IntroOutcome.Presentation
    /// How long after `start`.
    public var duration: Duration

    /// The ending of `outcome`.
    public init(_ outcome: IntroOutcome) {
      reason = outcome.reason.description
      kind = outcome.reason.kind
      presentation = outcome.presentation
      duration = outcome.duration
    }
  }

  /// One line on the intro being played (``DemoIntro/summary``).
  public var summary: String
  /// A short line on it, for the screens (``DemoIntro/tagline``).
  public var tagline: String
  /// The scenario.
  public var scenario: DemoScenario
  /// The safety timeout.
  public var timeout: Duration
  /// Where the intro is.
  public var phase: Phase = .idle
  /// Whether the intro is on screen (the coordinator's `isShowingIntro`).
  public var isShowingIntro: Bool
  /// The letter wave's position; `nil` when the text lies still.
  public var wave: LetterWave?
  /// The current stage label; `nil` when none is lit.
  public var stage: DemoStage?
  /// The time since `start`.
  public var elapsed: Duration = .zero
  /// Where the simulated load is.
  public var load: Load = .loading
  /// How the intro ended, once it has.
  public var ending: Ending?
  /// The trace shown on the content screen: the inputs up to the outcome, and the content after it.
  public var trace: IntroTrace?
  /// How far the intro has faded out, 0 to 1, after the outcome.
  public var fade: Double = 0
  /// Whether times were measured on a real clock (the trace is drawn rounded to its frames).
  public var isRealTime: Bool

  /// A model before `start`.
  public init(
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
  public var showsIntroScreen: Bool {
    guard let ending else { return isShowingIntro }
    return ending.presentation != .none && fade < 1
  }
}
