import Intro
import Signals

/// The demo's app: an ``IntroCoordinator`` deciding the intro, the decoration beside it, the simulated
/// load behind it, and the ``DemoModel`` the screens are drawn from, all on one scheduler.
///
/// Every input reaches the main actor through `receiveOnMainActor()`: the frame clock (a `TimerSignal`
/// at 20 frames a second, reading the coordinator's `phase` and `progress`), the decoration (the letter
/// wave's `LetterWaveSignal` and the stages, when they are not the animation itself) and the load's
/// report. A key press is the coordinator's `skip()`. With a `TestScheduler` advanced from the main actor,
/// all of it happens inside `advance`, so a test drives a whole session in virtual time.
@MainActor
package final class DemoSession {
  /// The time between two frames.
  package static let frameInterval = Duration.milliseconds(50)

  /// The intro being played.
  package let intro: DemoIntro
  /// The coordinator that decides it.
  package let coordinator: any DemoCoordinator
  /// What the screens show now.
  package private(set) var model: DemoModel {
    didSet {
      if model != oldValue { onChange?(oldValue, model) }
    }
  }
  /// Called with the model before and after each change.
  package var onChange: (@MainActor (DemoModel, DemoModel) -> Void)?
  /// Called once with the outcome, after the model shows it.
  package var onFinish: (@MainActor (IntroOutcome) -> Void)?

  private let scheduler: any SignalScheduler
  private let loadEvents = PassthroughSignal<DemoLoadEvent, Never>()
  private let fadeFrames: Int
  private var startInstant: SignalInstant?
  private var subscriptions: [SignalSubscription] = []
  private var decorations: [SignalSubscription] = []
  private var frameClock: SignalSubscription?
  private var framesSinceLoadEnded = 0

  /// A session for `options` on `scheduler`.
  ///
  /// - Parameters:
  ///   - options: What the command line says (valid: see ``DemoIntro/problem(with:)``).
  ///   - scheduler: The main queue's scheduler, or a `TestScheduler`.
  ///   - sleep: How the simulated load waits on `scheduler`'s clock.
  ///   - isRealTime: Whether `scheduler` runs on a real clock (the trace is drawn rounded to frames).
  ///   - fadeFrames: The frames the intro takes to fade out once decided (0: at once).
  package init(
    options: DemoOptions, scheduler: any SignalScheduler, sleep: @escaping @Sendable (Duration) async throws -> Void,
    isRealTime: Bool, fadeFrames: Int = 5
  ) {
    self.scheduler = scheduler
    self.fadeFrames = fadeFrames
    intro = DemoIntro(options: options, sleep: sleep, loadEvents: loadEvents)
    coordinator = intro.coordinator(on: scheduler)
    model = DemoModel(
      summary: intro.summary, tagline: intro.tagline, scenario: options.scenario, timeout: options.effectiveTimeout,
      isShowingIntro: coordinator.isShowingIntro, isRealTime: isRealTime)
  }

  /// Starts the frame clock, the load's report, the coordinator and, if the intro plays, the decoration.
  package func start() {
    guard startInstant == nil else { return }
    startInstant = scheduler.now
    subscriptions.append(
      loadEvents.receiveOnMainActor().sink { [weak self] event in self?.loadEnded(event) })
    frameClock = TimerSignal(every: Self.frameInterval, on: scheduler).receiveOnMainActor()
      .sink { [weak self] _ in self?.frame() }
    coordinator.start(reduceMotion: intro.reduceMotion) { [weak self] outcome in self?.finished(outcome) }
    refresh()
    if case .playing = coordinator.phase { startDecoration() }
  }

  /// A key was pressed: before the outcome it is a skip tap (returns `true`); after it, nothing (returns
  /// `false`: the app may quit).
  @discardableResult
  package func pressKey() -> Bool {
    guard model.ending == nil, startInstant != nil else { return false }
    coordinator.skip()
    return true
  }

  /// Whether the session has nothing more to animate: decided, faded out, the load ended.
  package var isSettled: Bool { frameClock == nil }

  // MARK: Inputs

  private func startDecoration() {
    if intro.wavesAsDecoration {
      decorations.append(
        LetterWaveSignal(text: DemoIntro.waveText, on: scheduler).receiveOnMainActor()
          .sink(
            receiveCompletion: { [weak self] _ in self?.model.wave = nil },
            receiveValue: { [weak self] wave in self?.model.wave = wave }))
    }
    if intro.stagesAsDecoration {
      let delay = DemoIntro.decorationStageDelay(for: intro.options.scenario)
      let stages = JustSignal(DemoStage.firstStep).append(AfterSignal(delay, value: .secondStep, on: scheduler))
        .append(AfterSignal(delay, value: .finished, on: scheduler))
      decorations.append(stages.receiveOnMainActor().sink { [weak self] stage in self?.model.stage = stage })
    }
  }

  private func stopDecoration() {
    for decoration in decorations { decoration.cancel() }
    decorations = []
  }

  private func frame() {
    if model.ending != nil {
      model.fade = min(model.fade + 1 / Double(max(fadeFrames, 1)), 1)
      if model.load != .loading { framesSinceLoadEnded += 1 }
      // One frame after the load ended, so that the trace shows the coordinator's entry for it.
      if model.fade >= 1, framesSinceLoadEnded > 1 {
        frameClock?.cancel()
        frameClock = nil
      }
    }
    refresh()
  }

  private func loadEnded(_ event: DemoLoadEvent) {
    let at = scheduler.now - (startInstant ?? scheduler.now)
    switch event {
    case .loaded: model.load = .loaded(at: at)
    case .failed(let message): model.load = .failed(message, at: at)
    }
  }

  private func finished(_ outcome: IntroOutcome) {
    stopDecoration()
    var next = model
    next.ending = DemoModel.Ending(outcome)
    next.elapsed = outcome.duration
    next.wave = nil  // the text lies still while the intro fades out
    if fadeFrames == 0 || outcome.presentation == .none { next.fade = 1 }
    model = next
    refresh()
    onFinish?(outcome)
  }

  /// Reads the coordinator into the model.
  private func refresh() {
    guard let startInstant else { return }
    var next = model
    next.isShowingIntro = coordinator.isShowingIntro
    switch coordinator.phase {
    case .idle: next.phase = .idle
    case .playing: next.phase = .playing
    case .holding: next.phase = .holding
    case .staticPose: next.phase = .staticPose
    case .finished: next.phase = .finished
    }
    if next.ending == nil {
      next.elapsed = scheduler.now - startInstant
      switch intro.options.scenario {
      case .wave: next.wave = next.phase == .playing ? coordinator.wave : nil
      case .stages: next.stage = coordinator.stage
      case .animated: break
      }
      if next.phase == .holding, model.phase != .holding {
        // The animation has ended: hold its last pose.
        stopDecoration()
        next.wave = nil
        next.stage = .finished
      }
    } else {
      next.trace = DemoTraceText.shown(coordinator.trace)
    }
    model = next
  }
}
