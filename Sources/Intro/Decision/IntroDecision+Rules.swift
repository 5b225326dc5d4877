import Signals

extension IntroDecision {
  /// What `input` does at `now`: its lane and event in the trace, why it changes nothing (if it does not),
  /// and the rule it can decide by. Once the intro is decided (`deciding` false) only its lane and event
  /// count: nothing is applied.
  mutating func judge(_ input: IntroInput, at now: SignalInstant, deciding: Bool) -> (
    lane: IntroTraceEntry.Input, event: IntroTraceEntry.Event, ignored: String?, rule: Rule?
  ) {
    switch input {
    case .asset(let event):
      let (ignored, rule) = deciding ? asset(event, at: now) : (nil, nil)
      return (.asset, event.traced, ignored, rule)
    case .trigger(.finished):
      return (.trigger, .finished, deciding ? "finished without a value" : nil, nil)
    case .trigger(let event):
      // A failure before the animation has loaded is its asset's.
      let isLoadFailure = event.failure != nil && animationStart == nil && settings.hasAsset
      let (ignored, rule) = deciding ? animation(event, at: now) : (nil, nil)
      return (isLoadFailure ? .asset : .trigger, event.traced, ignored, rule)
    case .playback(let event):
      let (ignored, rule): (String?, Rule?) =
        if case .value = event { (nil, nil) } else if deciding { animation(event, at: now) } else { (nil, nil) }
      return (.playback, event.traced, ignored, rule)
    case .content(let event):
      let (ignored, rule) = deciding ? content(event, at: now) : (nil, nil)
      return (.content, event.traced, ignored, rule)
    case .skip:
      guard deciding else { return (.tap, .value(""), nil, nil) }
      guard settings.skipAllowed else { return (.tap, .value(""), "skipping is off (skipPolicy: .never)", nil) }
      guard activeTime(at: now) >= settings.grace else { return (.tap, .value(""), "in the grace period", nil) }
      skipped = true
      return (.tap, .value(""), nil, .skip)
    case .scene(let scene, let active):
      if active == nil, scenes?[scene] == nil {
        return (.active, .value("false"), deciding ? "no window \"\(scene)\" had reported" : nil, nil)
      }
      var present = scenes ?? [:]
      present[scene] = active  // a scene that has gone is removed
      scenes = present
      let isActive = present.values.contains(true)
      return (.active, .value(isActive ? "true" : "false"), deciding ? activity(isActive, at: now) : nil, nil)
    case .historyWriteFailed(let diagnostic):
      return (.history, .diagnostic(diagnostic.message), nil, nil)
    }
  }

  /// The asset's load or failure.
  private mutating func asset(_ event: IntroEvent, at now: SignalInstant) -> (String?, Rule?) {
    if let error = event.failure { return animationFailed(error, at: now) }
    if presentation == .staticPose { return ("static pose: the asset is not used", nil) }
    if animationStart != nil || animationFailure != nil { return ("already loaded", nil) }
    animationStart = activeTime(at: now)
    return (nil, nil)
  }

  /// The animation's end (a trigger's value, a playback's finish) or failure.
  private mutating func animation(_ event: IntroEvent, at now: SignalInstant) -> (String?, Rule?) {
    switch event {
    case .failed(let error): return animationFailed(error, at: now)
    case .value, .finished:
      if presentation == .staticPose { return ("static pose: the animation is not used", nil) }
      if animationEnd != nil { return ("the animation had ended", nil) }
      animationStart = animationStart ?? activeTime(at: now)  // an end reported before the load is its load too
      animationEnd = now
      return (nil, .animationEnded)
    }
  }

  /// A failure of the animation (its asset, its trigger or its playback): it counts until the animation ends.
  private mutating func animationFailed(_ error: any Error, at now: SignalInstant) -> (String?, Rule?) {
    if presentation == .staticPose { return ("static pose: the animation is not used", nil) }
    if let end = animationEnd, end < now { return ("after the animation ended", nil) }
    if animationFailure != nil { return ("the animation had failed", nil) }
    animationFailure = error
    return (nil, .animationFailure)
  }

  /// The content's readiness or failure: a readiness flag is ready at its first `true` (the app's
  /// `contentReady()` counts too).
  private mutating func content(_ event: IntroEvent, at now: SignalInstant) -> (String?, Rule?) {
    if contentReady != nil || contentFailure != nil {
      return (event.isTerminal && contentReady != nil ? nil : "the content had settled", nil)
    }
    switch event {
    case .failed(let error):
      contentFailure = error
      return (nil, .contentFailure)
    case .finished where settings.contentReadyWhenTrue: return ("finished without being ready", nil)
    case .value(let flag) where settings.contentReadyWhenTrue && flag as? Bool == false: return ("not ready", nil)
    case .value, .finished:
      contentReady = now
      return (nil, .contentReady)
    }
  }

  /// The app becomes active or inactive (its clocks run or pause), or stays as it was.
  private mutating func activity(_ active: Bool, at now: SignalInstant) -> String? {
    switch (active, activeSince) {
    case (true, nil): activeSince = now
    case (false, let since?):
      activeBefore += since.duration(to: now)
      activeSince = nil
    default: return active ? "already active" : "already inactive"
    }
    return nil
  }

  // MARK: Clocks

  /// The active time elapsed by `instant` (pauses excluded).
  func activeTime(at instant: SignalInstant) -> Duration {
    guard let activeSince else { return activeBefore }
    return activeBefore + max(activeSince.duration(to: instant), .zero)
  }

  /// The active time at which `clock` is due, if it is still to be reached.
  func target(of clock: IntroTraceEntry.Input) -> Duration? {
    guard reached[clock] == nil else { return nil }
    switch clock {
    case .length:
      guard let length = settings.length, let animationStart, animationEnd == nil else { return nil }
      return animationStart + length
    case .minimum: return minimum > .zero ? minimum : nil
    case .grace: return settings.grace > .zero ? settings.grace : nil
    default: return settings.timeout
    }
  }

  /// Where the next clock falls on the scheduler's timeline, if the app stays active; `nil` when none is
  /// due (undecided, inactive, or every clock reached).
  func nextDeadline(from now: SignalInstant) -> SignalInstant? {
    guard isDeciding, activeSince != nil else { return nil }
    var next: Duration?
    for clock in Self.clocks {
      if let target = target(of: clock) { next = min(next ?? target, target) }
    }
    return next.map { now + max($0 - activeTime(at: now), .zero) }
  }
}

extension IntroInput {
  /// The error of a failure, if the input is one.
  var failure: (any Error)? {
    switch self {
    case .asset(let event), .trigger(let event), .playback(let event), .content(let event): event.failure
    case .skip, .scene, .historyWriteFailed: nil
    }
  }
}
