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
  public private(set) var phase: IntroPhase = .idle
  /// Whether the intro is on screen (or about to be): `true` while idle unless `init` already knows the
  /// intro will not show (a resume, or the gate says no), so the first frame is the intro, never the
  /// content popping up under it; `false` once finished.
  public private(set) var isShowingIntro: Bool
  /// The playback's latest value (progress), if the animation is a playback; see ``progress(as:)``.
  public private(set) var progress: (any Sendable)?
  /// Every input so far with its time and role.
  ///
  /// Not observed (it changes with every input): read it when the outcome is decided, or in the logging
  /// hook.
  @ObservationIgnored public private(set) var trace: IntroTrace

  @ObservationIgnored private let configuration: IntroConfiguration
  @ObservationIgnored private let history: IntroHistoryReading?
  /// A reason known at `init` why the intro will not show.
  @ObservationIgnored private let notShown: IntroOutcome.Reason?
  @ObservationIgnored private var machine: IntroDecisionMachine?
  @ObservationIgnored private var started = false
  @ObservationIgnored private var decided: IntroOutcome?
  /// The `onFinish` of the first `start`, then those of later ones (rare: no array for the first).
  @ObservationIgnored private var finishHandler: (@MainActor (IntroOutcome) -> Void)?
  @ObservationIgnored private var moreFinishHandlers: [@MainActor (IntroOutcome) -> Void] = []
  @ObservationIgnored private var waiters: [CheckedContinuation<IntroOutcome, Never>] = []
  @ObservationIgnored private var inputs = IntroInputSubscriptions()
  @ObservationIgnored private var timers = IntroPerClock<SignalScheduledAction>()
  @ObservationIgnored private var evaluationRequested = false
  /// The instant of the latest input or clock the coordinator handled: the instant a decision is made at.
  /// On a `TestScheduler` it is the end of the instant's `now`; on a real clock the decision runs a little
  /// after the input that makes it, and still ends the intro at that input's instant (which the trace
  /// then marks as the one that decided).
  @ObservationIgnored private var latestInputInstant: SignalInstant?
  @ObservationIgnored private var entriesAfterOutcome = 0
  /// Inputs, timer firings, end-of-instant requests and store failures, from any thread, onto the main
  /// actor: one subscription for all of them.
  @ObservationIgnored private let inbox = IntroInbox()
  @ObservationIgnored private var inboxSubscription: SignalSubscription?

  /// How many entries the trace records after the outcome before the inputs are released.
  public static let entriesKeptAfterOutcome = 64
  /// The trace's room at its first entry: an intro's inputs and clocks, in one allocation.
  private static let entriesReserved = 8

  /// A coordinator for `configuration`. It reads the gate's history now (synchronously), so that
  /// ``isShowingIntro`` is right from the first frame; nothing else happens before ``start(reduceMotion:onFinish:)``.
  ///
  /// - Precondition: the configuration is valid (no negative duration; neither the minimum time nor the
  ///   animation's length above the timeout). The message starts with "Signals:".
  public init(_ configuration: IntroConfiguration) {
    if let problem = configuration.problem { preconditionFailure(problem) }
    self.configuration = configuration
    let start = configuration.scheduler.now
    trace = IntroTrace(start: start)
    if configuration.launchKind == .resume {
      history = nil
      notShown = .resumed
    } else {
      let reading = configuration.historyStore.read()
      history = reading
      notShown = configuration.gate.allowsIntro(given: reading.history) ? nil : .gated
    }
    isShowingIntro = notShown == nil
  }

  /// The playback's latest value as a `Value` (for instance an ``IntroStage``), or `nil`.
  public func progress<Value>(as type: Value.Type) -> Value? {
    progress as? Value
  }

  /// The outcome, once decided: waits for it.
  public var outcome: IntroOutcome {
    get async {
      if let decided { return decided }
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
    if let decided {
      onFinish(decided)
      return
    }
    guard !started else {
      moreFinishHandlers.append(onFinish)
      return
    }
    finishHandler = onFinish
    started = true
    let scheduler = configuration.scheduler
    let now = scheduler.now
    trace.start = now
    inboxSubscription = inbox.receiveOnMainActor().sink { [weak self] message in self?.receive(message) }
    if let diagnostic = history?.diagnostic {
      record(.history, .diagnostic(diagnostic.message), at: now)
    }
    if let reason = notShown ?? (reduceMotion && configuration.reduceMotionPolicy == .skip ? .reducedMotion : nil) {
      finish(reason: reason, presentation: .none, decidedBy: .init(), at: now)
      startContent()
      return
    }
    let isStatic = reduceMotion
    machine = IntroDecisionMachine(
      settings: .init(
        hasAsset: configuration.asset != nil, hasContent: configuration.content != nil,
        length: configuration.animation.length, minimum: configuration.minimumDuration,
        grace: configuration.skipGracePeriod, timeout: configuration.timeout),
      start: now, isStatic: isStatic)
    phase = isStatic ? .staticPose : .playing
    recordShown()
    scheduleClocks()
    if let isActive = configuration.isActive { inputs.active = subscribe(.active, to: isActive) }
    if let taps = configuration.skipTaps { inputs.taps = subscribe(.tap, to: taps) }
    startContent()
    if !isStatic {
      if let asset = configuration.asset {
        inputs.asset = subscribe(.asset, to: asset.source(on: scheduler))
      } else {
        startAnimation()
      }
    }
    // The still pose may be decided at once (no content, no minimum time); otherwise only an input or a
    // clock can decide, and each asks for the decision itself.
    if isStatic { requestEvaluation() }
  }

  /// Subscribes the content's work (a task starts here).
  private func startContent() {
    guard let content = configuration.content else { return }
    inputs.content = subscribe(.content, to: content.source(on: configuration.scheduler))
  }

  /// Skips the intro, as a tap does: counts once the grace period has passed.
  public func skip() {
    handle(.skip, .value(label: "", flag: nil, progress: nil))
  }

  /// Cancels the intro: before the decision, the outcome is ``IntroOutcome/Reason/cancelled`` (even with
  /// inputs waiting at this instant), and no other outcome is delivered once this returns. After the
  /// decision the outcome stays as it was. Either way, every input is released and the content's task is
  /// cancelled.
  public func cancel() {
    if decided == nil {
      let now = configuration.scheduler.now
      let presentation: IntroOutcome.Presentation =
        machine.map { $0.isStatic ? .staticPose : .animated } ?? .none
      finish(reason: .cancelled, presentation: presentation, decidedBy: .init(), at: now)
    }
    inputs.takeInputs().cancel()
    inputs.takeContent().cancel()
    inboxSubscription?.cancel()
    inboxSubscription = nil
  }

  // MARK: Inputs

  private func subscribe(_ input: IntroTraceEntry.Input, to source: IntroInputSource) -> SignalSubscription {
    source.subscribe(input, into: inbox)
  }

  /// The animation starts: its trigger or playback is subscribed, its length counts from now.
  private func startAnimation() {
    switch configuration.animation.kind {
    case .endTrigger(let source): inputs.animation = subscribe(.trigger, to: source)
    case .playback(let source): inputs.animation = subscribe(.playback, to: source)
    case .fixedLength: break
    }
  }

  private func handle(_ input: IntroTraceEntry.Input, _ event: IntroInputEvent) {
    let now = configuration.scheduler.now
    let traced = event.traced
    guard decided == nil, machine != nil else {
      // After the outcome: recorded only. Before `start` (a `skip()`), or when the intro does not show:
      // the content's events are recorded too.
      if decided != nil || input == .content { record(input, traced, at: now) }
      return
    }
    latestInputInstant = now
    // The machine is changed in place, and what follows (subscribing the animation, registering clocks) only
    // after: a signal subscribed then may deliver at once, into this method again.
    let (effect, rule) = apply(input, event, at: now)
    switch effect {
    case .recorded: record(input, traced, at: now, decides: rule)
    case .ignored(let why): record(input, traced, at: now, ignoredBecause: why)
    }
    if effect == .recorded {
      switch (input, rule) {
      case (.asset, nil):
        startAnimation()
        scheduleClocks()
      case (.active, _):
        scheduleClocks()
      case (.trigger, .animationEnded?), (.playback, .animationEnded?):
        cancelTimer(.length)
      default:
        break
      }
    }
    requestEvaluation()
  }

  /// Feeds `event` of `input` to the decision machine; returns what it did and the rule the input can
  /// decide by.
  private func apply(
    _ input: IntroTraceEntry.Input, _ event: IntroInputEvent, at now: SignalInstant
  ) -> (IntroDecisionMachine.Effect, IntroDecisionMachine.Rule?) {
    switch (input, event) {
    case (.asset, .value), (.asset, .finished):
      return (machine!.assetLoaded(at: now), nil)
    case (.asset, .failed(let error)), (.trigger, .failed(let error)), (.playback, .failed(let error)):
      return (machine!.animationFailed(error, at: now), .animationFailure)
    case (.trigger, .value), (.playback, .finished):
      return (machine!.animationEnded(at: now), .animationEnded)
    case (.trigger, .finished):
      return (.ignored("finished without a value"), nil)
    case (.playback, .value(_, _, let value)):
      progress = value
      return (.recorded, nil)
    case (.content, .failed(let error)):
      return (machine!.contentFailed(error, at: now), .contentFailure)
    case (.content, .finished) where machine!.contentReadyAt != nil:
      return (.recorded, nil)  // the usual end of work that was ready at its value
    case (.content, _):
      guard configuration.content?.isReady(event) == true else {
        return (.ignored(event.isFinished ? "finished without being ready" : "not ready"), nil)
      }
      return (machine!.contentReady(at: now), .contentReady)
    case (.tap, .value), (.skip, _):
      return (machine!.tap(at: now), .skip)
    case (.tap, _):
      return (.ignored("the taps ended"), nil)
    case (.active, .value(_, let flag, _)):
      return (machine!.setActive(flag ?? true, at: now), nil)
    case (.active, _):
      return (.ignored("the activity signal ended"), nil)
    case (.length, _), (.minimum, _), (.grace, _), (.timeout, _), (.history, _):
      return (.ignored("not an input"), nil)
    }
  }

  private func receive(_ message: IntroMessage) {
    switch message {
    case .input(let input, let event):
      handle(input, event)
    case .evaluate:
      evaluate()
    case .clock(let clock):
      timers[clock] = nil
      latestInputInstant = configuration.scheduler.now
      requestEvaluation()
    case .historyWriteFailed(let diagnostic):
      record(.history, .diagnostic(diagnostic.message), at: configuration.scheduler.now)
    }
  }

  // MARK: The decision

  /// Asks for a decision once nothing more is due at this instant (at once on real time).
  private func requestEvaluation() {
    guard decided == nil, machine != nil, !evaluationRequested else { return }
    evaluationRequested = true
    let inbox = inbox
    configuration.scheduler.scheduleAtEndOfInstant { inbox.send(.evaluate) }
  }

  private func evaluate() {
    evaluationRequested = false
    guard decided == nil, machine != nil else { return }
    let now = latestInputInstant ?? configuration.scheduler.now
    latestInputInstant = nil
    // In place: a copy of the machine out of the optional and back costs value-witness calls.
    let (reached, decision) = machine!.evaluate(at: now)
    let isStatic = machine!.isStatic
    for clock in reached {
      cancelTimer(clock)
      record(clock.traceInput, .reached, at: now, decides: clock.rule)
    }
    if let decision {
      finish(
        reason: decision.reason, presentation: isStatic ? .staticPose : .animated,
        decidedBy: decision.decidedBy, at: decision.instant)
    } else {
      let undecided = machine!.undecidedPhase
      // Written only when it changes: every write of an observed property notifies Observation.
      if !phase.isSameUndecided(as: undecided) { phase = undecided }
    }
  }

  private func finish(
    reason: IntroOutcome.Reason, presentation: IntroOutcome.Presentation,
    decidedBy rules: IntroDecisionMachine.Rules,
    at instant: SignalInstant
  ) {
    guard decided == nil else { return }
    let outcome = IntroOutcome(
      reason: reason, presentation: presentation, endedAt: instant, duration: trace.start.duration(to: instant))
    decided = outcome
    trace.markDecision(rules, at: instant, outcome: reason.kind)
    let scheduler = configuration.scheduler
    timers.removeAll { scheduler.cancel($0) }
    phase = .finished(outcome)
    isShowingIntro = false
    configuration.log?(outcome, trace)
    let first = finishHandler
    let more = moreFinishHandlers
    finishHandler = nil
    moreFinishHandlers = []
    first?(outcome)
    for handler in more { handler(outcome) }
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume(returning: outcome) }
  }

  // MARK: Clocks

  /// Registers a timer for each clock still to be reached (none while the app is inactive).
  private func scheduleClocks() {
    guard decided == nil, machine != nil else { return }
    let scheduler = configuration.scheduler
    let now = scheduler.now
    timers.removeAll { scheduler.cancel($0) }
    let inbox = inbox
    for clock in IntroClockSet.all {
      guard let deadline = machine!.deadline(of: clock, from: now) else { continue }
      // One closure per clock, each capturing only the inbox: no closure context to allocate.
      switch clock {
      case .length: timers[clock] = scheduler.schedule(at: deadline) { inbox.send(.clock(.length)) }
      case .minimum: timers[clock] = scheduler.schedule(at: deadline) { inbox.send(.clock(.minimum)) }
      case .grace: timers[clock] = scheduler.schedule(at: deadline) { inbox.send(.clock(.grace)) }
      case .timeout: timers[clock] = scheduler.schedule(at: deadline) { inbox.send(.clock(.timeout)) }
      }
    }
  }

  private func cancelTimer(_ clock: IntroClock) {
    guard let timer = timers[clock] else { return }
    timers[clock] = nil
    configuration.scheduler.cancel(timer)
  }

  // MARK: History and trace

  /// Records "shown" in the history store, as the intro starts presenting.
  private func recordShown() {
    guard let history, let record = configuration.gate.historyToRecord(presentingAfter: history.history) else {
      return
    }
    let inbox = inbox
    configuration.historyStore.write(record) { diagnostic in inbox.send(.historyWriteFailed(diagnostic)) }
  }

  private func record(
    _ input: IntroTraceEntry.Input, _ event: IntroTraceEntry.Event, at instant: SignalInstant,
    ignoredBecause: String? = nil, decides rule: IntroDecisionMachine.Rule? = nil
  ) {
    if trace.entries.capacity == 0 { trace.entries.reserveCapacity(Self.entriesReserved) }
    if decided != nil {
      guard entriesAfterOutcome < Self.entriesKeptAfterOutcome else { return }
      entriesAfterOutcome += 1
      trace.entries.append(
        IntroTraceEntry(
          input: input, event: event, instant: instant, role: .afterOutcome, ignoredBecause: ignoredBecause,
          decides: nil))
      if entriesAfterOutcome == Self.entriesKeptAfterOutcome { inputs.takeInputs().cancel() }
      return
    }
    trace.entries.append(
      IntroTraceEntry(
        input: input, event: event, instant: instant, role: .beforeOutcome, ignoredBecause: ignoredBecause,
        decides: rule))
  }
}
