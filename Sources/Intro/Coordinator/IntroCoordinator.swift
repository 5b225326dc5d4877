import Observation
import Signals

/// Turns an intro's inputs — the animation, its asset, the content it hides, taps, its clocks, Reduce
/// Motion, gating, the launch kind, the app's activity — into exactly one typed ``IntroOutcome``,
/// delivered on the main actor.
///
/// ```swift
/// let coordinator = IntroCoordinator(
///   IntroConfiguration(
///     animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3)))
/// coordinator.start { outcome in print("the intro ended:", outcome) }  // once, whatever happens
/// coordinator.contentReady()  // from any thread, before `start` or after
/// ```
///
/// In a SwiftUI app, `IntroUI`'s `.intro(_:content:)` modifier shows it above the app's content, starts
/// it, and passes Reduce Motion, the scene's activity and taps; the app reports its animation and its
/// content with the methods below. See <doc:BuildingAnIntro>.
///
/// - **Inputs from anywhere.** ``animationLoaded()``, ``animationEnded()``, ``animationFailed(_:)``,
///   ``contentReady()``, ``contentFailed(_:)``, ``skip()`` and ``setActive(_:scene:)`` may be called from
///   any thread, before `start` or after: one received before `start` takes effect at its instant (a tap
///   then is inside any grace period). Signals and async functions in the configuration are inputs too.
/// - **Exactly once.** One outcome; each `onFinish` runs once, on the main actor; a second `start` gets the
///   same outcome. Later inputs are recorded in the ``trace`` (64 entries more), never delivered.
/// - **Equal instants.** Inputs at one instant are judged once nothing more is due then, whatever their
///   scheduling order. On a `TestScheduler` driven from main-actor code, inside `advance`; an input called
///   between advances is judged at the next one (`advance(by: .zero)` is enough).
/// - **Cancel.** ``cancel()`` before the decision gives ``IntroOutcome/Reason/cancelled``, even with inputs
///   waiting at that instant; either way it releases the inputs and the content's task.
///
/// It is `Observable`: views that read ``phase``, ``progress``, ``isShowingIntro`` or ``reduceMotion``
/// update when they change.
@MainActor
public final class IntroCoordinator<Progress: Sendable>: Observable {
  /// Where the intro is, for UI binding.
  public private(set) var phase: IntroPhase {
    get { observed.phase }
    set { observed.phase = newValue }
  }
  /// The animation's latest progress (a stage, a letter wave's position), if it reports any. A recipe whose
  /// first value is known (``IntroAnimation/stages(_:)``, ``IntroAnimation/letterWave(text:interval:loops:)``)
  /// has it from the start, before the first frame.
  public var progress: Progress? { (observed.progress ?? configuration.animation.initialProgress) as? Progress }
  /// Whether a person can skip the intro, and how: the configuration's ``IntroConfiguration/skipPolicy``
  /// (`IntroUI` wires it).
  public nonisolated var skipPolicy: IntroSkipPolicy { configuration.skipPolicy }
  /// Whether Reduce Motion is on, if known: set it (or pass it to `init`) before the first frame, so that
  /// ``isShowingIntro`` is right from it. `start` decides with it (unless given its own).
  public var reduceMotion: Bool? {
    get { observed.reduceMotion }
    set { observed.reduceMotion = newValue }
  }
  /// Every input so far with its time and role. Not observed (it changes with every input): read it when
  /// the outcome is decided, or in the configuration's `log`.
  public var trace: IntroTrace {
    decision.describeFailures()
    return decision.trace
  }

  private let observed: IntroObservedState
  private nonisolated let configuration: IntroConfiguration<Progress>
  private let scheduler: any SignalScheduler
  private let store: (any IntroHistoryStore)?
  private let history: IntroHistoryReading?
  /// A reason known at `init` why the intro will not show.
  private let notShown: IntroOutcome.Reason?
  private var decision: IntroDecision
  private var started = false
  /// Inputs received before `start`: they take effect at its instant.
  private var early: [IntroMessage] = []
  private var handlers: [@MainActor (IntroOutcome) -> Void] = []
  private var waiters: [CheckedContinuation<IntroOutcome, Never>] = []
  /// The asset's and the animation's subscriptions; the content's is apart (only `cancel()` ends it).
  private var inputs: [SignalSubscription] = []
  private var content: SignalSubscription?
  /// The one timer: at the next clock's deadline.
  private var timer: (deadline: SignalInstant, action: SignalScheduledAction)?
  private var evaluationRequested = false
  /// The activity of each scene (window) still there; `nil` until the first one reports (the app is active
  /// until then). The app is active while one of them is, and inactive once the last one has gone.
  private var scenes: [String: Bool]?
  /// The `IntroHarness` run the coordinator was made in, if any: its store and where its warnings go.
  private let run: IntroRunContext.HarnessRun?
  /// Every input, timer and store fault, from any thread, onto the main actor.
  private let inbox = PassthroughSignal<IntroMessage, Never>()
  private var inboxSubscription: SignalSubscription?

  /// A coordinator for `configuration`. It reads the gate's history now (synchronously), so that
  /// ``isShowingIntro`` is right from the first frame; nothing else happens before ``start(reduceMotion:onFinish:)``
  /// but receiving inputs.
  ///
  /// - Parameters:
  ///   - configuration: The intro.
  ///   - scheduler: The scheduler its clocks run on: the main queue's in an app (the default), a
  ///     `TestScheduler` in tests.
  ///   - reduceMotion: Whether Reduce Motion is on, if known now.
  /// - Precondition: the configuration is valid (see ``IntroConfiguration``); the message starts with
  ///   "Signals:".
  public init(
    _ configuration: IntroConfiguration<Progress>, scheduler: any SignalScheduler = DispatchSignalScheduler.main,
    reduceMotion: Bool? = nil
  ) {
    if let problem = configuration.problem { preconditionFailure(problem) }
    self.configuration = configuration
    self.scheduler = scheduler
    observed = IntroObservedState()
    observed.reduceMotion = reduceMotion
    let settings = IntroDecision.Settings(
      hasAsset: configuration.asset != nil, hasContent: configuration.content != nil,
      contentReadyWhenTrue: configuration.content?.readyWhenTrue == true, length: configuration.animation.length,
      minimum: configuration.minimumDuration, grace: configuration.skipGracePeriod, timeout: configuration.timeout,
      skipAllowed: configuration.skipPolicy != .never,
      asset: configuration.asset?.awaited(as: "asset", call: "animationLoaded()") ?? .call("animationLoaded()"),
      end: configuration.animation.end,
      content: configuration.content?.awaited(as: "content", call: "contentReady()") ?? .call("contentReady()"),
      endsWithPlayback: configuration.animation.isPlayback)
    decision = IntroDecision(settings: settings, start: scheduler.now)
    run = IntroRunContext.run
    store = run?.store ?? configuration.effectiveHistoryStore
    if configuration.launchKind == .resume {
      history = nil
      notShown = .resumed
    } else {
      history = store?.read()
      notShown = configuration.gate.allowsIntro(given: history?.history ?? .neverShown) ? nil : .gated
    }
    inboxSubscription = inbox.receiveOnMainActor().sink { [weak self] message in self?.receive(message) }
  }

  /// Whether the intro is on screen (or about to be) with Reduce Motion `reduceMotion`: before `start`,
  /// `false` when it will not show (a resume, the gate says no, Reduce Motion with the skip policy); after
  /// it, `true` until the outcome. For the first frame, before `start`.
  public func showsIntro(reduceMotion: Bool) -> Bool {
    switch phase {
    case .finished: false
    case .idle: notShown == nil && !(reduceMotion && configuration.reduceMotionPolicy == .skip)
    case .playing, .holding, .staticPose: true
    }
  }

  /// Whether the intro is on screen (or about to be): ``showsIntro(reduceMotion:)`` with ``reduceMotion``
  /// (off when unknown). Right from the first frame when Reduce Motion is known by then.
  public var isShowingIntro: Bool { showsIntro(reduceMotion: reduceMotion ?? false) }

  /// The outcome, once decided: waits for it.
  public var outcome: IntroOutcome {
    get async {
      if let outcome = decision.outcome { return outcome }
      return await withCheckedContinuation { waiters.append($0) }
    }
  }

  // MARK: Start and cancel

  /// Starts the intro, or, if it was started already, only adds `onFinish`.
  ///
  /// Decided at once, before any frame of intro, in this order: a resume → ``IntroOutcome/Reason/resumed``;
  /// the gate says no → ``IntroOutcome/Reason/gated``; Reduce Motion with the ``IntroReduceMotionPolicy/skip``
  /// policy → ``IntroOutcome/Reason/reducedMotion``. Otherwise the intro presents (animated, or a still pose
  /// under the ``IntroReduceMotionPolicy/staticPose`` policy), "shown" is recorded in the history store, the
  /// configured sources are started and the next clock registered before this returns. The inputs received
  /// before take effect now.
  ///
  /// The content's work starts here in every case (also when the intro does not show): it is the app's.
  ///
  /// - Parameters:
  ///   - reduceMotion: Whether Reduce Motion is on; `nil` (the default): ``reduceMotion``, else off.
  ///   - onFinish: Called once with the outcome, on the main actor (at once if already decided).
  public func start(reduceMotion: Bool? = nil, onFinish: @escaping @MainActor (IntroOutcome) -> Void = { _ in }) {
    if let outcome = decision.outcome { return onFinish(outcome) }
    handlers.append(onFinish)
    guard !started else { return }
    started = true
    if let reduceMotion { self.reduceMotion = reduceMotion }
    let reduced = self.reduceMotion == true  // with the skip policy: not shown; else a still pose
    let now = scheduler.now
    decision.start(at: now, diagnostic: history?.diagnostic)
    if let reason = notShown ?? (reduced && configuration.reduceMotionPolicy == .skip ? .reducedMotion : nil) {
      finish(decision.decide(reason, at: now))
    } else {
      decision.present(at: now, isStatic: reduced)
      phase = reduced ? .staticPose : .playing
      recordShown()
      if !reduced, let asset = configuration.asset {
        if let source = asset.source { inputs.append(source(scheduler) { [inbox] in inbox.send(.input(.asset, $0)) }) }
      } else if !reduced {
        startAnimation()
      }
    }
    if let source = configuration.content?.source {
      content = source(scheduler) { [inbox] in inbox.send(.input(.content, $0)) }
    }
    let early = self.early
    self.early = []
    for message in early { receive(message) }
    updateTimer()
    // The still pose may be decided at once (no content, no minimum time).
    if reduced { requestEvaluation() }
  }

  /// Cancels the intro: before the decision, the outcome is ``IntroOutcome/Reason/cancelled`` (even with
  /// inputs waiting at this instant), and no other outcome is delivered once this returns. After the
  /// decision the outcome stays as it was. Either way, every input is released and the content's task is
  /// cancelled.
  public func cancel() {
    finish(decision.decide(.cancelled, at: scheduler.now))
    releaseInputs()
    content?.cancel()
    content = nil
    inboxSubscription?.cancel()
    inboxSubscription = nil
  }

  // MARK: Inputs, from any thread

  /// The animation's asset has loaded: the animation starts (and its lengths count) from now.
  public nonisolated func animationLoaded() { inbox.send(.input(.asset, .value(""))) }

  /// The animation has ended (its file fired its end trigger, its player finished).
  public nonisolated func animationEnded() { inbox.send(.input(.trigger, .value(""))) }

  /// The animation failed (its asset did not load, its player failed): before it has ended, the intro ends
  /// at once with ``IntroOutcome/Reason/animationFailed(_:)``, and the app shows.
  public nonisolated func animationFailed(_ error: any Error) { inbox.send(.input(.trigger, .failed(error))) }

  /// The content the intro hides is ready.
  public nonisolated func contentReady() { inbox.send(.input(.content, .value(""))) }

  /// The content the intro hides failed: the intro ends at once with
  /// ``IntroOutcome/Reason/contentFailed(_:)`` (the app shows its error).
  public nonisolated func contentFailed(_ error: any Error) { inbox.send(.input(.content, .failed(error))) }

  /// Skips the intro, as a tap: counts once the grace period has passed.
  public nonisolated func skip() { inbox.send(.input(.tap, .value(""))) }

  /// Whether the app's scene (window) `scene` is active: while the app is not, every clock pauses.
  ///
  /// The app is active until a scene reports; after that, it is active while one of its scenes that is
  /// still there is active (see ``sceneDisappeared(_:)``). An app with several windows reports each under a
  /// name of its own. SwiftUI's `scenePhase` maps to it as `IntroUI` does: only `.background` is inactive.
  public nonisolated func setActive(_ isActive: Bool, scene: String = "") {
    inbox.send(.scene(scene, active: isActive))
  }

  /// The scene (window) `scene` has gone — closed, or its intro layer no longer on screen: it no longer
  /// counts for the app's activity, and once the last scene has gone the app is inactive (the clocks
  /// pause). A scene that appears again reports with ``setActive(_:scene:)``. `IntroUI` calls it when a
  /// window's root view disappears.
  public nonisolated func sceneDisappeared(_ scene: String = "") {
    inbox.send(.scene(scene, active: nil))
  }

  // MARK: Handling, on the main actor

  private func receive(_ message: IntroMessage) {
    guard started else { return early.append(message) }
    let now = scheduler.now
    switch message {
    case .input(let input, let event):
      follow(decision.apply(input, event, at: now))
    case .progress(let value):
      if decision.isDeciding { observed.progress = value }
      follow(decision.apply(.playback, .value("\(value)"), at: now))
    case .scene(let scene, let active):
      if active == nil, scenes?[scene] == nil {
        return decision.ignore(.active, .value("false"), because: "no window \"\(scene)\" had reported", at: now)
      }
      var present = scenes ?? [:]
      present[scene] = active  // a scene that has gone is removed
      scenes = present
      follow(decision.apply(.active, .value("\(present.values.contains(true))"), at: now))
    case .clock:
      decision.latestInstant = now  // the clock is reached when the instant is judged
      requestEvaluation()
    case .evaluate:
      evaluationRequested = false
      if let outcome = decision.evaluate(at: now) { return finish(outcome) }
      guard decision.isDeciding else { return }
      switch (phase, decision.undecidedPhase) {
      case (.playing, .playing), (.holding, .holding), (.staticPose, .staticPose): break  // no write, no notice
      case (_, let next): phase = next
      }
      updateTimer()
    case .historyWriteFailed(let diagnostic):
      if decision.recordHistory(diagnostic, at: now) { releaseInputs() }
    }
  }

  private func follow(_ followUp: IntroDecision.FollowUp) {
    switch followUp {
    case .none: return
    case .releaseInputs: return releaseInputs()
    case .startAnimation: startAnimation()
    case .decide: break
    }
    updateTimer()
    requestEvaluation()
  }

  /// The animation starts: its own source, if it has one, from now.
  private func startAnimation() {
    guard let source = configuration.animation.source else { return }
    inputs.append(source(scheduler) { [inbox] in inbox.send($0) })
  }

  /// Asks for a decision once nothing more is due at this instant (at once on real time).
  private func requestEvaluation() {
    guard decision.isDeciding, !evaluationRequested else { return }
    evaluationRequested = true
    scheduler.scheduleAtEndOfInstant { [inbox] in inbox.send(.evaluate) }
  }

  /// Keeps the one timer at the next clock's deadline (none while the app is inactive).
  private func updateTimer() {
    let deadline = decision.nextDeadline(from: scheduler.now)
    guard deadline != timer?.deadline else { return }
    if let timer { scheduler.cancel(timer.action) }
    timer = deadline.map { deadline in (deadline, scheduler.schedule(at: deadline) { [inbox] in inbox.send(.clock) }) }
  }

  private func finish(_ outcome: IntroOutcome?) {
    guard let outcome else { return }
    warnIfNeverCalled(decision.awaitedAtTimeout.animation, outcome)
    warnIfNeverCalled(decision.awaitedAtTimeout.content, outcome)
    if let timer { scheduler.cancel(timer.action) }
    timer = nil
    phase = .finished(outcome)
    configuration.log?(outcome, trace)
    let (handlers, waiters) = (self.handlers, self.waiters)
    (self.handlers, self.waiters) = ([], [])
    for handler in handlers { handler(outcome) }
    for waiter in waiters { waiter.resume(returning: outcome) }
  }

  /// Warns once that the intro timed out waiting for a call the app had not made, if it did.
  private func warnIfNeverCalled(_ awaited: IntroDecision.Awaited?, _ outcome: IntroOutcome) {
    guard let awaited, awaited.neverCalled else { return }
    IntroRunContext.warn(
      "the intro timed out after \(outcome.duration) waiting for \(awaited.source), not called by then: "
        + "the configuration waits for that call, so a launch where it never comes always ends at the timeout",
      in: run)
  }

  /// Releases the asset's and the animation's sources (not the content's work).
  private func releaseInputs() {
    let released = inputs
    inputs = []
    for subscription in released { subscription.cancel() }
  }

  /// Records "shown" in the history store, as the intro starts presenting.
  private func recordShown() {
    guard let store, let history, let record = configuration.gate.historyToRecord(presentingAfter: history.history)
    else { return }
    store.write(record) { [inbox] diagnostic in inbox.send(.historyWriteFailed(diagnostic)) }
  }
}

/// What a coordinator's views observe, in a class that is not generic: Observation reaches a property by a
/// key path, built at run time at each access in a generic class (measured: 4× a whole `init` and `start`).
@MainActor
@Observable
final class IntroObservedState {
  var phase = IntroPhase.idle
  var progress: (any Sendable)?
  var reduceMotion: Bool?
}

/// What reaches a coordinator through its inbox, from any thread, to be handled on the main actor. Not
/// generic: the inbox's code is then compiled for it (generic, it looks up the types of its events at
/// every step).
enum IntroMessage: Sendable {
  case input(IntroTraceEntry.Input, IntroInputEvent)
  case progress(any Sendable)
  /// A scene's activity (`nil`: it has gone).
  case scene(String, active: Bool?)
  case clock  // the timer reached the next clock's deadline
  case evaluate  // nothing more is due at this instant: judge it
  case historyWriteFailed(IntroHistoryDiagnostic)

  /// A playback's event: its values are progress.
  static func playback<Progress, Failure>(_ event: Event<Progress, Failure>) -> Self {
    switch event {
    case .value(let value): .progress(value)
    case .finished: .input(.playback, .finished)
    case .failed(let error): .input(.playback, .failed(error))
    }
  }
}
