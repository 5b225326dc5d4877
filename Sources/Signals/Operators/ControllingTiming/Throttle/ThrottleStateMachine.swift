/// The logic of ``Signal/throttle(for:scheduler:latest:leading:trailing:)``, Combine's: every event it sends
/// is sent by a timer, so from the scheduler.
///
/// States: no window open, nothing waiting (the next value opens a window: with `leading` it waits for a
/// timer at its own instant, else for the window's end); a window open until `windowEnd` with nothing
/// waiting; a value waiting for its timer (`pending`), with the upstream's end behind it once the upstream
/// ended (`endsAfterPending`); the upstream's end alone waiting for its timer, at the instant it came.
struct ThrottleStateMachine<Output: Sendable, Failure: Error>: TimedStateMachine {
  typealias Input = Output
  typealias UpstreamFailure = Failure
  typealias Discarded = (Output?, Failure?)

  let interval: Duration
  let latest: Bool
  let leading: Bool
  let trailing: Bool
  /// When the window opened by the last value sent closes (half-open: a value at `windowEnd` finds it
  /// closed, unless a value still waits for its timer there).
  var windowEnd: SignalInstant?
  /// The value to send when its timer fires, and that timer.
  var pending: (value: Output, timer: UInt64)?
  /// The upstream ended: its end is sent after the pending value, or by its own timer (`endTimer`).
  var endsAfterPending = false
  var failure: Failure?
  var endTimer: UInt64?
  var nextID: UInt64 = 0

  init(interval: Duration, latest: Bool, leading: Bool, trailing: Bool) {
    self.interval = effectiveInterval(interval)
    self.latest = latest
    self.leading = leading
    self.trailing = trailing
  }

  mutating func receive(
    _ event: Event<Output, Failure>, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>,
    _ effects: inout TimedEffects
  ) -> Bool {
    switch event {
    case .value(let value):
      if let pending {
        // A value waits for its timer: the newest replaces it (`latest`), else the first is kept.
        if latest && trailing { self.pending = (value, pending.timer) }
      } else if let end = windowEnd, now < end {
        if trailing { wait(value, until: end, &effects) }  // inside a window: sent at its end, or dropped
      } else {
        // No window open: this value opens one, sent at its own instant or at the window's end.
        wait(value, until: leading ? now : now + interval, &effects)
      }
    case .finished, .failed:
      if case .failed(let error) = event { failure = error }
      if pending != nil {
        endsAfterPending = true  // sent after the waiting value, when its timer fires
      } else {
        nextID += 1
        endTimer = nextID
        effects.schedule = TimedTimerRequest(id: nextID, at: now)
      }
    }
    return true
  }

  mutating func wait(_ value: Output, until deadline: SignalInstant, _ effects: inout TimedEffects) {
    nextID += 1
    pending = (value, nextID)
    effects.schedule = TimedTimerRequest(id: nextID, at: deadline)
  }

  mutating func timerFired(
    _ id: UInt64, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>, _ effects: inout TimedEffects
  ) {
    if let pending, pending.timer == id {
      sends.send(.value(pending.value))
      self.pending = nil
      windowEnd = now + interval
      guard endsAfterPending else { return }
    } else if endTimer != id {
      return
    }
    if let failure { sends.send(.failed(failure)) } else { sends.send(.finished) }
  }

  mutating func end() -> Discarded {
    (pending.take()?.value, failure.take())
  }
}
