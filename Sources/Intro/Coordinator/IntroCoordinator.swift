import Observation
import Signals

/// Turns an intro's inputs — animation, asset, content, taps, clocks, Reduce Motion, gating, launch kind,
/// activity — into exactly one typed ``IntroOutcome``, delivered on the main actor.
///
/// ```swift
/// @MainActor func runIntro(scheduler: any SignalScheduler) {
///   let endTrigger = PassthroughSignal<Void, Never>()
///   let coordinator = IntroCoordinator(
///     IntroConfiguration(
///       animation: .endTrigger(endTrigger, fallbackLength: .seconds(2.6)),
///       timeout: .seconds(3),
///       scheduler: scheduler))
///   coordinator.start(reduceMotion: false) { outcome in
///     print("the intro ended:", outcome)  // once, whatever happens
///   }
/// }
/// ```
///
/// In SwiftUI, the content sits under the intro in a `ZStack` and `isShowingIntro` removes the intro:
///
/// ```swift-uncompiled
/// struct RootView: View {
///   @Environment(\.accessibilityReduceMotion) private var reduceMotion
///   @State private var coordinator = IntroCoordinator(.seed000(endTrigger: endTrigger, scheduler: .main))
///
///   var body: some View {
///     ZStack {
///       ContentView()
///       if coordinator.isShowingIntro {
///         IntroView()
///           .transition(.opacity)
///           .zIndex(1)
///           .onTapGesture { coordinator.skip() }
///       }
///     }
///     .animation(.easeOut(duration: 0.25), value: coordinator.isShowingIntro)
///     .task { coordinator.start(reduceMotion: reduceMotion) }
///   }
/// }
/// ```
///
/// - **Exactly once.** The outcome is decided once; `onFinish` runs once per `start` call, on the main
///   actor; any number of `await outcome` return it. Later inputs are recorded in the ``trace`` (at most
///   64 entries more), never delivered.
/// - **Single use.** A second `start` neither restarts nor re-decides: its `onFinish` gets the same
///   outcome (at once if already decided). SwiftUI's `.task` runs again when the view reappears: harmless.
/// - **Threads.** Inputs may fire on any thread; the decision and `onFinish` run on the main actor. On a
///   `TestScheduler` advanced from `@MainActor` test code, both happen inside `advance`, at the decided
///   virtual instant.
/// - **Equal instants.** Inputs at one instant are judged once nothing more is due then
///   (`SignalScheduler.scheduleAtEndOfInstant(_:)`), so the outcome never depends on the order in which
///   they were scheduled: content failed, then animation failed, then completed, then skipped, then timed
///   out. On a `TestScheduler`, a ``skip()`` called between advances is decided at the next advance
///   (`advance(by: .zero)` is enough).
/// - **Cancel.** ``cancel()`` before the decision gives ``IntroOutcome/Reason/cancelled``, even with inputs
///   waiting at that instant; once it returns no other outcome is delivered. After the decision it changes
///   nothing in the outcome, and releases the inputs and the content's task.
///
/// The rules, and how to test an intro of your own, are in <doc:BuildingAnIntro>.
@MainActor
@Observable
public final class IntroCoordinator {
  /// Where the intro is, for UI binding.
  public internal(set) var phase: IntroPhase = .idle
  /// Whether the intro is on screen (or about to be): `true` while idle unless `init` already knows the
  /// intro will not show (a resume, or the gate says no), so the first frame is the intro, never the
  /// content popping up under it; `false` once finished.
  public internal(set) var isShowingIntro: Bool
  /// The playback's latest value (progress), if the animation is a playback; see ``progress(as:)``.
  public internal(set) var progress: (any Sendable)?
  /// Every input so far with its time and role.
  ///
  /// Not observed (it changes with every input): read it when the outcome is decided, or in the logging
  /// hook.
  public var trace: IntroTrace {
    describeFailures()
    return session.trace
  }

  @ObservationIgnored let configuration: IntroConfiguration
  @ObservationIgnored let history: IntroHistoryReading?
  /// A reason known at `init` why the intro will not show.
  @ObservationIgnored private let notShown: IntroOutcome.Reason?
  /// The decision, the trace, the timers and the subscriptions.
  @ObservationIgnored var session: IntroSession
  /// The `onFinish` of the first `start`, then those of later ones (rare: no array for the first).
  @ObservationIgnored var finishHandler: (@MainActor (IntroOutcome) -> Void)?
  @ObservationIgnored var moreFinishHandlers: [@MainActor (IntroOutcome) -> Void] = []
  @ObservationIgnored var waiters: [CheckedContinuation<IntroOutcome, Never>] = []
  /// Inputs, timer firings, end-of-instant requests and store failures, from any thread, onto the main
  /// actor: one subscription for all of them.
  @ObservationIgnored let inbox = IntroInbox()
  @ObservationIgnored private var inboxSubscription: SignalSubscription?

  /// How many entries the trace records after the outcome before the inputs are released.
  public static let entriesKeptAfterOutcome = IntroSession.entriesKeptAfterOutcome

  /// A coordinator for `configuration`. It reads the gate's history now (synchronously), so that
  /// ``isShowingIntro`` is right from the first frame; nothing else happens before ``start(reduceMotion:onFinish:)``.
  ///
  /// - Precondition: the configuration is valid (no negative duration; neither the minimum time nor the
  ///   animation's length above the timeout). The message starts with "Signals:".
  public init(_ configuration: consuming IntroConfiguration) {
    if let problem = configuration.problem { preconditionFailure(problem) }
    session = IntroSession(
      start: configuration.scheduler.now,
      settings: .init(
        hasAsset: configuration.asset != nil, hasContent: configuration.content != nil,
        length: configuration.animation.length, minimum: configuration.minimumDuration,
        grace: configuration.skipGracePeriod, timeout: configuration.timeout))
    if configuration.launchKind == .resume {
      history = nil
      notShown = .resumed
    } else {
      let reading = configuration.historyStore.read()
      history = reading
      notShown = configuration.gate.allowsIntro(given: reading.history) ? nil : .gated
    }
    isShowingIntro = notShown == nil
    self.configuration = consume configuration  // moved in, not copied: it holds a dozen references
  }

  /// The playback's latest value as a `Value` (for instance an ``IntroStage``), or `nil`.
  public func progress<Value>(as type: Value.Type) -> Value? {
    progress as? Value
  }

  /// The outcome, once decided: waits for it.
  public var outcome: IntroOutcome {
    get async {
      if let decided = session.decided { return decided }
      return await withCheckedContinuation { waiters.append($0) }
    }
  }

  // MARK: Start, skip, cancel

  /// Starts the intro, or, if it was started already, only adds `onFinish`.
  ///
  /// Decided at once, before any frame of intro, in this order: a resume → ``IntroOutcome/Reason/resumed``;
  /// the gate says no → ``IntroOutcome/Reason/gated``; Reduce Motion with the ``IntroReduceMotionPolicy/skip``
  /// policy → ``IntroOutcome/Reason/reducedMotion``. Otherwise the intro presents (animated, or a still pose
  /// under the ``IntroReduceMotionPolicy/staticPose`` policy), "shown" is recorded in the history store,
  /// every input is subscribed and every clock registered before this returns.
  ///
  /// A content task starts here in every case (also when the intro does not show): it is the app's work.
  ///
  /// - Parameters:
  ///   - reduceMotion: Whether Reduce Motion is on (SwiftUI: `accessibilityReduceMotion`).
  ///   - onFinish: Called once with the outcome, on the main actor (at once if already decided).
  public func start(reduceMotion: Bool, onFinish: @escaping @MainActor (IntroOutcome) -> Void = { _ in }) {
    if let decided = session.decided {
      onFinish(decided)
      return
    }
    guard !session.started else {
      moreFinishHandlers.append(onFinish)
      return
    }
    finishHandler = onFinish
    let scheduler = configuration.scheduler
    let now = scheduler.now
    session.start(at: now, diagnostic: history?.diagnostic)
    inboxSubscription = inbox.receiveOnMainActor().sink { [weak self] message in self?.receive(message) }
    if let reason = notShown ?? (reduceMotion && configuration.reduceMotionPolicy == .skip ? .reducedMotion : nil) {
      finish(reason: reason, presentation: .none, decidedBy: .init(), at: now)
      startContent()
      return
    }
    let isStatic = reduceMotion
    session.present(at: now, isStatic: isStatic)
    phase = isStatic ? .staticPose : .playing
    recordShown()
    scheduleClocks()
    if let isActive = configuration.isActive { session.inputs.active = subscribe(.active, to: isActive) }
    if let taps = configuration.skipTaps { session.inputs.taps = subscribe(.tap, to: taps) }
    startContent()
    if !isStatic {
      if let asset = configuration.asset {
        session.inputs.asset = subscribe(.asset, to: asset.source(on: scheduler))
      } else {
        startAnimation()
      }
    }
    // The still pose may be decided at once (no content, no minimum time); otherwise only an input or a
    // clock can decide, and each asks for the decision itself.
    if isStatic { requestEvaluation() }
  }

  /// Skips the intro, as a tap does: counts once the grace period has passed.
  public func skip() {
    handle(.skip, .value(label: "", flag: nil))
  }

  /// Cancels the intro: before the decision, the outcome is ``IntroOutcome/Reason/cancelled`` (even with
  /// inputs waiting at this instant), and no other outcome is delivered once this returns. After the
  /// decision the outcome stays as it was. Either way, every input is released and the content's task is
  /// cancelled.
  public func cancel() {
    if session.decided == nil {
      let now = configuration.scheduler.now
      finish(reason: .cancelled, presentation: session.presentation, decidedBy: .init(), at: now)
    }
    session.inputs.takeInputs().cancel()
    session.inputs.takeContent().cancel()
    inboxSubscription?.cancel()
    inboxSubscription = nil
  }
}
