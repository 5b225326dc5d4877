/// The logic of ``Signal/throttle(for:scheduler:latest:leading:trailing:)``.
///
/// States: no window open (the next value opens one: sent at once when `leading`, else held); a
/// window open until `windowEnd` with nothing held; a window open with a held value and a timer at
/// `windowEnd` (only when `trailing`: otherwise values inside a window are dropped, and no timer is
/// ever scheduled).
@usableFromInline
struct ThrottleStateMachine<Output: Sendable, Failure: Error>: TimedStateMachine {
  @usableFromInline typealias Input = Output
  @usableFromInline typealias UpstreamFailure = Failure
  @usableFromInline typealias Discarded = Output?

  @usableFromInline let interval: Duration
  @usableFromInline let latest: Bool
  @usableFromInline let leading: Bool
  @usableFromInline let trailing: Bool
  /// When the current window closes (half-open: a value at `windowEnd` belongs to the next window).
  @usableFromInline var windowEnd: SignalInstant?
  /// The value to send when the window closes, and its timer.
  @usableFromInline var held: (value: Output, timer: UInt64)?
  @usableFromInline var nextID: UInt64 = 0

  @inlinable
  init(interval: Duration, latest: Bool, leading: Bool, trailing: Bool) {
    self.interval = effectiveInterval(interval)
    self.latest = latest
    self.leading = leading
    self.trailing = trailing
  }

  @inlinable
  mutating func receive(
    _ event: Event<Output, Failure>, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>,
    _ effects: inout TimedEffects
  ) -> Bool {
    handle(event, at: now, &sends, &effects)
    return true
  }

  @inlinable
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

  @inlinable
  mutating func hold(
    _ value: Output, until deadline: SignalInstant, _ effects: inout TimedEffects
  ) {
    nextID += 1
    held = (value, nextID)
    effects.schedule = TimedTimerRequest(id: nextID, at: deadline)
  }

  @inlinable
  mutating func timerFired(
    _ id: UInt64, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>, _ effects: inout TimedEffects
  ) {
    guard let held, held.timer == id else { return }
    sends.send(.value(held.value))
    self.held = nil
    windowEnd = now + interval
  }

  @inlinable
  mutating func end() -> Discarded {
    held.take()?.value
  }
}
