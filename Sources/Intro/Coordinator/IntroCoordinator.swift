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
/// In a SwiftUI app, `IntroUI`'s `.intro(_:transition:animation:content:)` modifier shows it above the app's
/// content, starts it, and passes Reduce Motion, each window's activity and the skips the configuration
/// allows; the app reports its animation and its content with the methods below. See <doc:BuildingAnIntro>.
///
/// - **Inputs from anywhere.** ``animationLoaded()``, ``animationEnded()``, ``animationFailed(_:)``,
///   ``contentReady()``, ``contentFailed(_:)``, ``skip()``, ``setActive(_:scene:)`` and
///   ``sceneDisappeared(_:)`` may be called from
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
public final class IntroCoordinator<Progress: Sendable>: Observable, @preconcurrency IntroMessageHandling {
  /// Where the intro is, for UI binding.
  public internal(set) var phase: IntroPhase {
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

  let observed: IntroObservedState
  nonisolated let configuration: IntroConfiguration<Progress>
  let scheduler: any SignalScheduler
  let store: (any IntroHistoryStore)?
  let history: IntroHistoryReading?
  /// A reason known at `init` why the intro will not show.
  let notShown: IntroOutcome.Reason?
  var decision: IntroDecision
  var started = false
  /// Inputs received before `start`: they take effect at its instant.
  var early: [IntroInput] = []
  var handlers: [@MainActor (IntroOutcome) -> Void] = []
  var waiters: [CheckedContinuation<IntroOutcome, Never>] = []
  /// The asset's and the animation's subscriptions; the content's is apart (only `cancel()` ends it).
  var inputs: [SignalSubscription] = []
  var content: SignalSubscription?
  /// The one timer: at the next clock's deadline.
  var timer: (deadline: SignalInstant, action: SignalScheduledAction)?
  /// Whether the instant is to be judged at its end (asked, not judged yet).
  var evaluationRequested = false
  /// The `IntroHarness` run the coordinator was made in, if any: its store and where its warnings go.
  let run: IntroRunContext.HarnessRun?
  /// The inbox, and what the scheduled actions reach the coordinator through.
  nonisolated let relay = IntroRelay()
  var inboxSubscription: SignalSubscription?

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
    relay.connect(self)
    inboxSubscription = relay.inbox.receiveOnMainActor().sink { [relay] message in relay.coordinator?.handle(message) }
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
        if let source = asset.source {
          inputs.append(source(scheduler) { [relay] in relay.inbox.send(.input(.asset($0))) })
        }
      } else if !reduced {
        startAnimation()
      }
    }
    if let source = configuration.content?.source {
      content = source(scheduler) { [relay] in relay.inbox.send(.input(.content($0))) }
    }
    // The inputs received before take effect now, all of them before the instant is judged.
    let early = self.early
    self.early = []
    evaluationRequested = true
    for input in early { receive(input, at: now) }
    evaluationRequested = false
    updateTimer()
    // Judged at the end of this instant: the inputs received before, or a still pose with nothing to wait for.
    if reduced || !early.isEmpty { requestEvaluation() }
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
}
