import Signals

/// An ``IntroCoordinator``'s bookkeeping: the decision, the trace, the timers and the subscriptions, in one
/// value the coordinator changes in place.
///
/// Its steps call out to nothing (no scheduler, no subscription, no observer, no handler): they return
/// what the coordinator must do next — cancel timers or subscriptions taken out, schedule an evaluation,
/// deliver an outcome — and the coordinator does it after the step, so a callout that comes back into the
/// coordinator (a signal delivering as it is subscribed) finds the session between steps. One step is
/// one access to the coordinator's state, and the decision machine is changed and read where it is.
struct IntroSession {
  /// How many entries the trace records after the outcome before the inputs are released.
  static let entriesKeptAfterOutcome = 64
  /// The trace's room at its first entry: an intro's inputs and clocks, in one allocation.
  private static let entriesReserved = 8

  /// Every input so far with its time and role (the coordinator's ``IntroCoordinator/trace``).
  private(set) var trace: IntroTrace
  /// The decision: the intro's from `start` when it presents (``isPresenting``), until then one over
  /// the same settings that nothing feeds. Not an optional: it is changed and read where it is.
  private(set) var machine: IntroDecisionMachine
  /// Whether the intro presents (from `start`): ``machine`` is its decision.
  private(set) var isPresenting = false
  private(set) var decided: IntroOutcome?
  private(set) var started = false
  var inputs = IntroInputSubscriptions()
  var timers = IntroTimers()
  private var evaluationRequested = false
  /// The instant of the latest input or clock the coordinator handled: the instant a decision is made at.
  /// On a `TestScheduler` it is the end of the instant's `now`; on a real clock the decision runs a little
  /// after the input that makes it, and still ends the intro at that input's instant (which the trace
  /// then marks as the one that decided).
  private var latestInputInstant: SignalInstant?
  private var entriesAfterOutcome = 0
  /// How many entries hold a failure not described yet.
  private var undescribedFailures = 0

  init(start: SignalInstant, settings: IntroDecisionMachine.Settings) {
    trace = IntroTrace(start: start)
    machine = IntroDecisionMachine(settings: settings, start: start, isStatic: false)
  }

  /// Whether inputs still count: the intro presents and is undecided.
  var isDeciding: Bool { isPresenting && decided == nil }

  /// How the intro presents: animated, a still pose, or not (yet) at all.
  var presentation: IntroOutcome.Presentation {
    guard isPresenting else { return .none }
    return machine.isStatic ? .staticPose : .animated
  }

  /// What the coordinator does once an input is in.
  enum FollowUp {
    /// Nothing, but schedule a decision if `evaluate` (one was asked for in the step: none was pending).
    case decide(evaluate: Bool)
    /// The asset loaded: start the animation, register the clocks, ask for a decision.
    case startAnimation
    /// The activity changed: register the clocks again, ask for a decision.
    case scheduleClocks
    /// The animation ended by its trigger or playback: cancel the length's timer, ask for a decision.
    case cancelLength
    /// Recorded only (after the outcome, or not presenting): nothing more, but cancel what it releases.
    case recordedOnly(released: IntroInputSubscriptions?)
  }

  // MARK: Steps

  /// `start`: the trace starts now, with the history's diagnostic if its read had one.
  mutating func start(at now: SignalInstant, diagnostic: IntroHistoryDiagnostic?) {
    started = true
    trace.start = now
    if let diagnostic { _ = record(.history, .diagnostic(diagnostic.message), at: now) }
  }

  /// The intro presents from `now`, animated or with the still pose: its decision starts.
  mutating func present(at now: SignalInstant, isStatic: Bool) {
    machine = IntroDecisionMachine(settings: machine.settings, start: now, isStatic: isStatic)
    isPresenting = true
  }

  /// An input's event at `now`: applied to the decision and recorded in the trace (only recorded after
  /// the outcome; before `start`, or when the intro does not show, only the content's is). A failure is
  /// recorded undescribed (see ``takeUndescribedFailure()``).
  mutating func handle(
    _ input: IntroTraceEntry.Input, _ event: IntroInputEvent, at now: SignalInstant, content: IntroWork?
  ) -> FollowUp {
    let traced = event.traced
    guard isDeciding else {
      let released =
        decided != nil || input == .content ? record(input, traced, at: now, failure: event.failure) : nil
      return .recordedOnly(released: released)
    }
    latestInputInstant = now
    let (effect, rule) = machine.apply(input, event, at: now, content: content)
    switch effect {
    case .recorded: _ = record(input, traced, at: now, failure: event.failure, decides: rule)
    case .ignored(let why): _ = record(input, traced, at: now, failure: event.failure, ignoredBecause: why)
    }
    switch (effect, input, rule) {
    case (.recorded, .asset, nil): return .startAnimation
    case (.recorded, .active, _): return .scheduleClocks
    case (.recorded, .trigger, .animationEnded?), (.recorded, .playback, .animationEnded?): return .cancelLength
    default: return .decide(evaluate: requestEvaluation())
    }
  }

  /// Something worth knowing from the history store; returns the inputs to cancel if this was the last
  /// entry kept after the outcome.
  mutating func recordHistory(_ diagnostic: IntroHistoryDiagnostic, at now: SignalInstant) -> IntroInputSubscriptions? {
    record(.history, .diagnostic(diagnostic.message), at: now)
  }

  /// Asks for a decision once nothing more is due at this instant: true when the coordinator must schedule
  /// it (none is pending).
  mutating func requestEvaluation() -> Bool {
    guard isDeciding, !evaluationRequested else { return false }
    evaluationRequested = true
    return true
  }

  /// `clock`'s timer fired at `now`: true when the coordinator must schedule a decision.
  mutating func clockFired(_ clock: IntroClock, at now: SignalInstant) -> Bool {
    _ = timers.take(clock)
    latestInputInstant = now
    return requestEvaluation()
  }

  /// What a decision found: the clocks it reached (whose timers to cancel), its decision, if any, and
  /// the phase to show while undecided.
  struct Evaluation {
    var reached: IntroClockSet
    var decision: IntroDecisionMachine.Decision?
    var undecidedPhase: IntroPhase
  }

  /// Decides at the latest input's instant (`now()` without one); `nil` when already decided or not
  /// presenting. The clocks reached are recorded.
  mutating func evaluate(now: () -> SignalInstant) -> Evaluation? {
    evaluationRequested = false
    guard isDeciding else { return nil }
    let now = latestInputInstant ?? now()
    latestInputInstant = nil
    let (reached, decision) = machine.evaluate(at: now)
    for clock in reached {
      _ = record(clock.traceInput, .reached, at: now, decides: clock.rule)
    }
    return Evaluation(reached: reached, decision: decision, undecidedPhase: machine.undecidedPhase)
  }

  /// The outcome, decided at `instant` by `rules`, written into the trace; `nil` when already decided.
  mutating func decide(
    _ reason: IntroOutcome.Reason, presentation: IntroOutcome.Presentation, by rules: IntroDecisionMachine.Rules,
    at instant: SignalInstant
  ) -> IntroOutcome? {
    guard decided == nil else { return nil }
    let outcome = IntroOutcome(
      reason: reason, presentation: presentation, endedAt: instant, duration: trace.start.duration(to: instant))
    decided = outcome
    trace.markDecision(rules, at: instant, outcome: reason.kind)
    return outcome
  }

  // MARK: Clocks

  /// Where each clock still to be reached falls from `now` (none while the app is inactive); `nil` when
  /// already decided or not presenting.
  mutating func deadlines(from now: SignalInstant) -> IntroPerClock<SignalInstant>? {
    guard isDeciding else { return nil }
    var deadlines = IntroPerClock<SignalInstant>()
    for clock in IntroClockSet.all {
      deadlines[clock] = machine.deadline(of: clock, from: now)
    }
    return deadlines
  }

  // MARK: Trace

  /// Takes out the first failure in the trace not described yet, with its entry's index: the coordinator
  /// describes it between steps (describing an error runs its code) and writes it with
  /// ``describeFailure(at:as:)``.
  mutating func takeUndescribedFailure() -> (index: Int, error: any Error)? {
    guard undescribedFailures > 0 else { return nil }
    for index in trace.entries.indices {
      guard let error = trace.entries[index].undescribedFailure else { continue }
      trace.entries[index].undescribedFailure = nil
      undescribedFailures -= 1
      return (index, error)
    }
    return nil
  }

  /// Writes the description of the failure taken out of the entry at `index`.
  mutating func describeFailure(at index: Int, as description: String) {
    trace.entries[index].event = .failed(description)
  }

  /// Appends an entry; after the outcome, only the first ``entriesKeptAfterOutcome``, the last of which
  /// takes the inputs out (returned, to cancel).
  private mutating func record(
    _ input: IntroTraceEntry.Input, _ event: IntroTraceEntry.Event, at instant: SignalInstant,
    failure: (any Error)? = nil, ignoredBecause: String? = nil, decides rule: IntroDecisionMachine.Rule? = nil
  ) -> IntroInputSubscriptions? {
    if trace.entries.capacity == 0 { trace.entries.reserveCapacity(Self.entriesReserved) }
    let afterOutcome = decided != nil
    if afterOutcome {
      guard entriesAfterOutcome < Self.entriesKeptAfterOutcome else { return nil }
      entriesAfterOutcome += 1
    }
    if failure != nil { undescribedFailures += 1 }
    trace.entries.append(
      IntroTraceEntry(
        input: input, event: event, instant: instant, role: afterOutcome ? .afterOutcome : .beforeOutcome,
        ignoredBecause: ignoredBecause, decides: afterOutcome ? nil : rule, undescribedFailure: failure))
    return afterOutcome && entriesAfterOutcome == Self.entriesKeptAfterOutcome ? inputs.takeInputs() : nil
  }
}
