/// The logic of ``Signal/collect(_:)-(SignalTimeGrouping)``.
///
/// Windows are `interval` long, back to back from `origin` (the subscription, or the instant a window
/// filled up to `count`): the window holding an instant `t` is the one whose start is at or before `t`.
/// States: no value waits (no timer); values wait in `buffer` for the end of their window, with a timer
/// there. A value at or after the end of the window its buffer belongs to (its timer has not run yet: a
/// real scheduler's late timer, or an equal instant where the value was scheduled first) ends that window
/// first, as the timer would have.
struct CollectByTimeStateMachine<Element: Sendable, Failure: Error>: TimedStateMachine {
  typealias Input = Element
  typealias UpstreamFailure = Failure
  typealias Output = [Element]
  typealias Discarded = [Element]

  let interval: Duration
  let count: Int?
  /// Where the windows are counted from.
  var origin: SignalInstant
  var buffer: [Element] = []
  /// The end of the window the buffered values belong to, and its timer; `nil` while nothing waits.
  var window: (end: SignalInstant, timer: UInt64)?
  var nextID: UInt64 = 0

  init(interval: Duration, count: Int?, start: SignalInstant) {
    self.interval = interval
    self.count = count
    self.origin = start
  }

  mutating func receive(
    _ event: Event<Element, Failure>, at now: SignalInstant, _ sends: inout TimedSends<[Element], Failure>,
    _ effects: inout TimedEffects
  ) -> Bool {
    switch event {
    case .value(let value):
      if let window, now >= window.end { close(window, &sends, &effects) }
      buffer.append(value)
      if let count, buffer.count >= count {
        if let window { effects.cancel = window.timer }
        window = nil
        sends.send(.value(buffer))
        buffer = []
        origin = now
      } else if window == nil {
        nextID += 1
        let end = windowEnd(after: now)
        window = (end, nextID)
        effects.schedule = TimedTimerRequest(id: nextID, at: end)
      }
    case .finished, .failed:
      // The open window's values go first: nothing is dropped.
      if let window { close(window, &sends, &effects) }
      sends.send(.finishing(event))
    }
    return true
  }

  mutating func timerFired(
    _ id: UInt64, at now: SignalInstant, _ sends: inout TimedSends<[Element], Failure>, _ effects: inout TimedEffects
  ) {
    guard let window, window.timer == id else { return }
    self.window = nil
    sends.send(.value(buffer))
    buffer = []
  }

  mutating func end() -> Discarded {
    defer { buffer = [] }
    return buffer
  }

  /// Sends the values of `window`, which ended, and cancels its timer.
  mutating func close(
    _ window: (end: SignalInstant, timer: UInt64), _ sends: inout TimedSends<[Element], Failure>,
    _ effects: inout TimedEffects
  ) {
    effects.cancel = window.timer
    self.window = nil
    sends.send(.value(buffer))
    buffer = []
  }

  /// The end of the window that holds `now`: the first window boundary after it. Exact: the estimate from
  /// floating point is corrected with whole multiples of `interval`.
  func windowEnd(after now: SignalInstant) -> SignalInstant {
    let elapsed = now - origin
    var windows = Int64(max(0, (elapsed / interval).rounded(.down)))
    while windows > 0 && interval * windows > elapsed { windows -= 1 }
    while interval * (windows + 1) <= elapsed { windows += 1 }
    return origin + interval * (windows + 1)
  }
}

extension Event {
  /// A terminal event as it is, for an operator whose values change type: `finished` or the same failure.
  static func finishing<Input>(_ event: Event<Input, Failure>) -> Event<Output, Failure> {
    if case .failed(let error) = event { return .failed(error) }
    return .finished
  }
}
