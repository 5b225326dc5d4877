/// The logic of ``Signal/throttle(for:scheduler:latest:leading:trailing:)``.
///
/// States: no window open (the next value opens one: sent at once when `leading`, else held); a
/// window open until `windowEnd` with nothing held; a window open with a held value and a timer at
/// `windowEnd` (only when `trailing`: otherwise values inside a window are dropped, and no timer is
/// ever scheduled).
struct ThrottleStateMachine<Output: Sendable, Failure: Error>: TimedStateMachine {
  typealias Input = Output
  typealias UpstreamFailure = Failure
  typealias Discarded = Output?

  let interval: Duration
  let latest: Bool
  let leading: Bool
  let trailing: Bool
  /// When the current window closes (half-open: a value at `windowEnd` belongs to the next window).
  var windowEnd: SignalInstant?
  /// The value to send when the window closes, and its timer.
  var held: (value: Output, timer: UInt64)?
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
    handle(event, at: now, &sends, &effects)
    return true
  }

  mutating func handle(
    _ event: Event<Output, Failure>, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>,
    _ effects: inout TimedEffects
  ) {
    switch event {
    case .value(let value):
      guard let end = windowEnd, now < end else {
        if let held {
          // The window closed at this very instant but its timer has not run yet:
          // send the held value now, as the timer would, and hold this one in the new window.
          effects.cancel = held.timer
          sends.send(.value(held.value))
          windowEnd = now + interval
          hold(value, until: now + interval, &effects)
          return
        }
        // No window open: this value opens one.
        windowEnd = now + interval
        if leading {
          sends.send(.value(value))
        } else {
          hold(value, until: now + interval, &effects)
        }
        return
      }
      guard trailing else { return }  // inside a window, without a trailing value: dropped
      if let held {
        if latest { self.held = (value, held.timer) }
      } else {
        hold(value, until: end, &effects)
      }
    case .finished, .failed:
      // A terminal event flushes the held value first: never dropped.
      if let held {
        effects.cancel = held.timer
        sends.send(.value(held.value))
        self.held = nil
      }
      sends.send(event)
    }
  }

  mutating func hold(
    _ value: Output, until deadline: SignalInstant, _ effects: inout TimedEffects
  ) {
    nextID += 1
    held = (value, nextID)
    effects.schedule = TimedTimerRequest(id: nextID, at: deadline)
  }

  mutating func timerFired(
    _ id: UInt64, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>, _ effects: inout TimedEffects
  ) {
    guard let held, held.timer == id else { return }
    sends.send(.value(held.value))
    self.held = nil
    windowEnd = now + interval
  }

  mutating func end() -> Discarded {
    held.take()?.value
  }
}
