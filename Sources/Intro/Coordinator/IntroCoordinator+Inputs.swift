import Signals

// The coordinator's inputs: the app's calls, from any thread, through the inbox to the main actor, where
// the decision judges them; the clocks and the end of each instant, on the scheduler.
extension IntroCoordinator {
  // MARK: Inputs, from any thread

  /// The animation's asset has loaded: the animation starts (and its lengths count) from now.
  public nonisolated func animationLoaded() { relay.inbox.send(.input(.asset(.value(())))) }

  /// The animation has ended (its file fired its end trigger, its player finished).
  public nonisolated func animationEnded() { relay.inbox.send(.input(.trigger(.value(())))) }

  /// The animation failed (its asset did not load, its player failed): before it has ended, the intro ends
  /// at once with ``IntroOutcome/Reason/animationFailed(_:)``, and the app shows.
  public nonisolated func animationFailed(_ error: any Error) { relay.inbox.send(.input(.trigger(.failed(error)))) }

  /// The content the intro hides is ready.
  public nonisolated func contentReady() { relay.inbox.send(.input(.content(.value(())))) }

  /// The content the intro hides failed: the intro ends at once with
  /// ``IntroOutcome/Reason/contentFailed(_:)`` (the app shows its error).
  public nonisolated func contentFailed(_ error: any Error) { relay.inbox.send(.input(.content(.failed(error)))) }

  /// Skips the intro, as the configuration's ``IntroConfiguration/skipPolicy`` allows (ignored, and traced,
  /// with ``IntroSkipPolicy/never``): counts once the grace period has passed.
  public nonisolated func skip() { relay.inbox.send(.input(.skip)) }

  /// Whether the app's scene (window) `scene` is active: while the app is not, every clock pauses.
  ///
  /// The app is active until a scene reports; after that, it is active while one of its scenes that is
  /// still there is active (see ``sceneDisappeared(_:)``). An app with several windows reports each under a
  /// name of its own. SwiftUI's `scenePhase` maps to it as `IntroUI` does: only `.background` is inactive.
  public nonisolated func setActive(_ isActive: Bool, scene: String = "") {
    relay.inbox.send(.input(.scene(scene, active: isActive)))
  }

  /// The scene (window) `scene` has gone — closed, or its intro layer no longer on screen: it no longer
  /// counts for the app's activity, and once the last scene has gone the app is inactive (the clocks
  /// pause). A scene that appears again reports with ``setActive(_:scene:)``. `IntroUI` calls it when a
  /// window's root view disappears.
  public nonisolated func sceneDisappeared(_ scene: String = "") {
    relay.inbox.send(.input(.scene(scene, active: nil)))
  }

  // MARK: Handling, on the main actor

  func handle(_ message: IntroMessage) {
    switch message {
    case .input(let input): receive(input)
    case .judge(let clock): judgeInstant(clockReached: clock)
    }
  }

  /// An input, at `instant` (by default now): judged by the decision (kept until `start` if it comes
  /// before).
  func receive(_ input: IntroInput, at instant: SignalInstant? = nil) {
    guard started else { return early.append(input) }
    if case .playback(.value(let value)) = input, decision.isDeciding { observed.progress = value }
    switch decision.apply(input, at: instant ?? scheduler.now) {
    case .none: return
    case .releaseInputs: return releaseInputs()
    case .startAnimation: startAnimation()
    case .decide: break
    }
    updateTimer()
    requestEvaluation()
  }

  /// The animation starts: its own source, if it has one, from now.
  func startAnimation() {
    guard let source = configuration.animation.source else { return }
    inputs.append(source(scheduler) { [relay] in relay.inbox.send(.input($0)) })
  }

  /// Asks for the instant to be judged once nothing more is due at it (at once on real time).
  func requestEvaluation() {
    guard decision.isDeciding, !evaluationRequested else { return }
    evaluationRequested = true
    scheduler.scheduleAtEndOfInstant { [relay] in relay.judge(clock: false) }
  }

  /// Keeps the one timer at the next clock's deadline (none while the app is inactive).
  func updateTimer() {
    let deadline = decision.nextDeadline(from: scheduler.now)
    guard deadline != timer?.deadline else { return }
    if let timer { scheduler.cancel(timer.action) }
    timer = deadline.map { deadline in
      (deadline, scheduler.schedule(at: deadline) { [relay] in relay.judge(clock: true) })
    }
  }

  /// A clock's deadline came (it is reached when the instant is judged, at its end), or the instant ended:
  /// judged now.
  func judgeInstant(clockReached: Bool) {
    if clockReached {
      decision.latestInstant = scheduler.now
      return requestEvaluation()
    }
    evaluationRequested = false
    if let outcome = decision.evaluate(at: scheduler.now) { return finish(outcome) }
    guard decision.isDeciding else { return }
    switch (phase, decision.undecidedPhase) {
    case (.playing, .playing), (.holding, .holding), (.staticPose, .staticPose): break  // no write, no notice
    case (_, let next): phase = next
    }
    updateTimer()
  }

  func finish(_ outcome: IntroOutcome?) {
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
  func releaseInputs() {
    let released = inputs
    inputs = []
    for subscription in released { subscription.cancel() }
  }

  /// Records "shown" in the history store, as the intro starts presenting.
  func recordShown() {
    guard let store, let history, let record = configuration.gate.historyToRecord(presentingAfter: history.history)
    else { return }
    store.write(record) { [relay] diagnostic in relay.inbox.send(.input(.historyWriteFailed(diagnostic))) }
  }
}
