/// The logic of ``Signal/receive(on:bufferingPolicy:)``: a queue of events
/// waiting for the scheduler, bounded by a ``SignalBufferingPolicy``, and
/// whether a delivery run is scheduled.
struct ReceiveOnStateMachine<Output: Sendable, Failure: Error> {
  private var queue = EventQueue<Event<Output, Failure>>()
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

  /// Queues `event`. Returns true when the caller must schedule a delivery run. A value the policy drops
  /// (the oldest waiting one for `.bufferingNewest`) goes to `dropped`, to be released after unlocking.
  mutating func enqueue(_ event: Event<Output, Failure>, dropped: inout Event<Output, Failure>?) -> Bool {
    guard !sealed else { return false }
    if event.isTerminal {
      sealed = true
    } else if let limit, valueCount >= limit {
      // Full: `.bufferingNewest` drops the oldest waiting value, `.bufferingOldest` the new one.
      guard keepsNewest, let oldest = queue.popFirst() else { return false }
      dropped = oldest
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
    guard let event = queue.popFirst() else {
      isScheduled = false
      return nil
    }
    if !event.isTerminal { valueCount -= 1 }
    return event
  }
}
