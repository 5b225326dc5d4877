import Signals

// The coordinator's steps: its inputs, its decision and its clocks. Each changes the session in one
// access, then calls out (subscribing, scheduling, observed writes, handlers), so that a callout coming
// back into the coordinator finds the session between steps.
extension IntroCoordinator {
  /// Subscribes the content's work (a task starts here).
  func startContent() {
    guard let content = configuration.content else { return }
    session.inputs.content = subscribe(.content, to: content.source(on: configuration.scheduler))
  }

  // MARK: Inputs

  func subscribe(_ input: IntroTraceEntry.Input, to source: IntroInputSource) -> SignalSubscription {
    source.subscribe(input, into: inbox)
  }

  /// The animation starts: its trigger or playback is subscribed, its length counts from now.
  func startAnimation() {
    switch configuration.animation.kind {
    case .endTrigger(let source): session.inputs.animation = subscribe(.trigger, to: source)
    case .playback(let source): session.inputs.animation = subscribe(.playback, to: source)
    case .fixedLength: break
    }
  }

  /// Handles an input's event; `progress` is a playback's value, published as progress before it is
  /// traced.
  func handle(_ input: IntroTraceEntry.Input, _ event: IntroInputEvent, progress value: (any Sendable)? = nil) {
    let now = configuration.scheduler.now
    if let value, session.isDeciding { progress = value }
    // The session changes in place, and what follows (subscribing the animation, registering clocks) only
    // after: a signal subscribed then may deliver at once, into this method again.
    switch session.handle(input, event, at: now, content: configuration.content) {
    case .recordedOnly(let released):
      released?.cancel()
      return
    case .startAnimation:
      startAnimation()
      scheduleClocks()
    case .scheduleClocks:
      scheduleClocks()
    case .cancelLength:
      if let timer = session.timers.take(.length) { configuration.scheduler.cancel(timer) }
    case .decide(let evaluate):
      if evaluate { scheduleEvaluation() }
      return
    }
    requestEvaluation()
  }

  func receive(_ message: IntroMessage) {
    switch message {
    case .input(let input, let event):
      handle(input, event)
    case .progress(let label, let value):
      // No flag: a playback's is never read.
      handle(.playback, .value(label: label, flag: nil), progress: value.value)
    case .evaluate:
      evaluate()
    case .clock(let clock):
      if session.clockFired(clock, at: configuration.scheduler.now) { scheduleEvaluation() }
    case .historyWriteFailed(let diagnostic):
      session.recordHistory(diagnostic, at: configuration.scheduler.now)?.cancel()
    }
  }

  // MARK: The decision

  /// Asks for a decision once nothing more is due at this instant (at once on real time).
  func requestEvaluation() {
    if session.requestEvaluation() { scheduleEvaluation() }
  }

  private func scheduleEvaluation() {
    let inbox = inbox
    configuration.scheduler.scheduleAtEndOfInstant { inbox.send(.evaluate) }
  }

  private func evaluate() {
    let scheduler = configuration.scheduler
    guard let evaluation = session.evaluate(now: { scheduler.now }) else { return }
    for clock in evaluation.reached {
      if let timer = session.timers.take(clock) { scheduler.cancel(timer) }
    }
    if let decision = evaluation.decision {
      finish(
        reason: decision.reason, presentation: session.presentation, decidedBy: decision.decidedBy,
        at: decision.instant)
    } else if !phase.isSameUndecided(as: evaluation.undecidedPhase) {
      // Written only when it changes: every write of an observed property notifies Observation.
      phase = evaluation.undecidedPhase
    }
  }

  func finish(
    reason: IntroOutcome.Reason, presentation: IntroOutcome.Presentation, decidedBy rules: IntroDecisionMachine.Rules,
    at instant: SignalInstant
  ) {
    guard let outcome = session.decide(reason, presentation: presentation, by: rules, at: instant) else { return }
    session.timers.takeAll().cancel(on: configuration.scheduler)
    phase = .finished(outcome)
    isShowingIntro = false
    if let log = configuration.log { log(outcome, trace) }
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
  func scheduleClocks() {
    let scheduler = configuration.scheduler
    guard let deadlines = session.deadlines(from: scheduler.now) else { return }
    session.timers.takeAll().cancel(on: scheduler)
    let inbox = inbox
    for clock in IntroClockSet.all {
      guard let deadline = deadlines[clock] else { continue }
      // One closure per clock, each capturing only the inbox: no closure context to allocate.
      let timer =
        switch clock {
        case .length: scheduler.schedule(at: deadline) { inbox.send(.clock(.length)) }
        case .minimum: scheduler.schedule(at: deadline) { inbox.send(.clock(.minimum)) }
        case .grace: scheduler.schedule(at: deadline) { inbox.send(.clock(.grace)) }
        case .timeout: scheduler.schedule(at: deadline) { inbox.send(.clock(.timeout)) }
        }
      session.timers.register(timer, for: clock)
    }
  }

  // MARK: Trace and history

  /// Describes the trace's failures not described yet (at most once each).
  func describeFailures() {
    while let (index, error) = session.takeUndescribedFailure() {
      session.describeFailure(at: index, as: String(describing: error))
    }
  }

  /// Records "shown" in the history store, as the intro starts presenting.
  func recordShown() {
    guard let history, let record = configuration.gate.historyToRecord(presentingAfter: history.history) else {
      return
    }
    let inbox = inbox
    configuration.historyStore.write(record) { diagnostic in inbox.send(.historyWriteFailed(diagnostic)) }
  }
}
