/// The logic of ``Signal/delay(for:scheduler:)``: every event, terminal events
/// included, is held for the interval and then sent, in arrival order.
struct DelayStateMachine<Output: Sendable, Failure: Error>: TimedStateMachine {
  typealias Input = Output
  typealias UpstreamFailure = Failure
  typealias Discarded = [(id: UInt64, event: Event<Output, Failure>)]

  let interval: Duration
  /// Events waiting for their timer, oldest first, each with its timer's id.
  var waiting: [(id: UInt64, event: Event<Output, Failure>)] = []
  var head = 0
  var nextID: UInt64 = 0

  init(interval: Duration) {
    self.interval = effectiveInterval(interval)
  }

  mutating func receive(
    _ event: Event<Output, Failure>, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>,
    _ effects: inout TimedEffects
  ) -> Bool {
    nextID += 1
    waiting.append((nextID, event))
    effects.schedule = TimedTimerRequest(id: nextID, at: now + interval)
    return true
  }

  /// Sends every waiting event up to the one whose timer fired, so the order
  /// holds even on a scheduler that runs equal deadlines out of order.
  mutating func timerFired(
    _ id: UInt64, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>, _ effects: inout TimedEffects
  ) {
    while head < waiting.count && waiting[head].id <= id {
      sends.send(waiting[head].event)
      if waiting[head].id != id { effects.cancelBelow = id }
      head += 1
    }
    if head == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64 && head * 2 >= waiting.count {
      // A steady stream never empties the queue: drop the delivered prefix now and then.
      waiting.removeFirst(head)
      head = 0
    }
  }

  mutating func end() -> Discarded {
    defer {
      waiting = []
      head = 0
    }
    return waiting
  }
}
