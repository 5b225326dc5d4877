// Serial delivery to one downstream observer, for operators whose events come
// from more than one place (upstream, scheduler timers, a fallback signal).
//
// The outbox lives inside the operator's own `Locked` state, next to its state
// machine, so events are queued in the order the machine decided them. Whoever
// queues events while no delivery is in progress becomes the drainer: it
// delivers outside the lock until the queue is empty (the same idea as
// `SubjectCore`). So the downstream never sees two events at once, a reentrant
// event is delivered after the current one, and the stack does not grow.

/// Events waiting for one downstream observer.
struct SerialOutbox<Output: Sendable, Failure: Error> {
  private var queue: [Event<Output, Failure>] = []
  private var head = 0
  /// A drainer is delivering.
  private(set) var isDraining = false
  /// A terminal event was queued: later events are ignored.
  private(set) var isSealed = false
  /// Delivery ended (terminal delivered, downstream stopped, or cancelled).
  private(set) var isClosed = false

  /// Queues `event` unless a terminal event was queued before, or delivery ended.
  mutating func post(_ event: Event<Output, Failure>) {
    guard !isSealed && !isClosed else { return }
    if event.isTerminal { isSealed = true }
    queue.append(event)
  }

  /// Whether the caller must drain: there is work and nobody is draining. Marks the caller as the drainer.
  mutating func claimDrain() -> Bool {
    guard !isDraining && !isClosed && head < queue.count else { return false }
    isDraining = true
    return true
  }

  /// The next event for the drainer, or `nil` when there is none (the drainer then stops).
  mutating func take() -> Event<Output, Failure>? {
    guard !isClosed && head < queue.count else {
      isDraining = false
      queue.removeAll(keepingCapacity: queue.capacity <= 16)
      head = 0
      return nil
    }
    let event = queue[head]
    head += 1
    if head >= 64 && head * 2 >= queue.count {
      // Reentrant posts can keep a drainer busy for long: drop the delivered prefix now and then.
      queue.removeFirst(head)
      head = 0
    }
    return event
  }

  /// Ends delivery: nothing queued or queued later is delivered.
  mutating func close() {
    isClosed = true
    queue = []
    head = 0
  }
}
