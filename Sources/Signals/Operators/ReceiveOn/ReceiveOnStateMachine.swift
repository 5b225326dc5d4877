/// The logic of ``Signal/receive(on:bufferingPolicy:)``: a queue of events
/// waiting for the scheduler, bounded by a ``SignalBufferingPolicy``, and
/// whether a delivery run is scheduled.
struct ReceiveOnStateMachine<Output: Sendable, Failure: Error> {
  private var queue: [Event<Output, Failure>] = []
  private var head = 0
  private var valueCount = 0
  private var sealed = false
  private let limit: Int?
  private let keepsNewest: Bool
  /// A delivery run is scheduled or running: new events join it.
  private(set) var isScheduled = false

  init(policy: SignalBufferingPolicy) {
    limit = policy.limit
    if case .bufferingNewest = policy { keepsNewest = true } else { keepsNewest = false }
  }

  /// Queues `event`. Returns true when the caller must schedule a delivery run.
  mutating func enqueue(_ event: Event<Output, Failure>) -> Bool {
    guard !sealed else { return false }
    if event.isTerminal {
      sealed = true
    } else if let limit, valueCount >= limit {
      // Full: `.bufferingNewest` drops the oldest waiting value, `.bufferingOldest` the new one.
      guard keepsNewest else { return false }
      head += 1
      valueCount -= 1
    }
    queue.append(event)
    if !event.isTerminal { valueCount += 1 }
    guard !isScheduled else { return false }
    isScheduled = true
    return true
  }

  /// The next event of the current run, or `nil` (the run ends; the next event schedules a new one).
  mutating func next() -> Event<Output, Failure>? {
    guard head < queue.count else {
      isScheduled = false
      queue.removeAll(keepingCapacity: queue.capacity <= 16)
      head = 0
      return nil
    }
    let event = queue[head]
    head += 1
    if !event.isTerminal { valueCount -= 1 }
    if head >= 64 && head * 2 >= queue.count {
      // A producer as fast as the consumer keeps a run going: drop the delivered prefix now and then.
      queue.removeFirst(head)
      head = 0
    }
    return event
  }
}
