// Serial delivery to one downstream observer, for operators whose events come
// from more than one place (upstream, scheduler timers, a fallback signal).
//
// The outbox lives inside the operator's own `Locked` state, next to its state
// machine, so events are queued in the order the machine decided them. Whoever
// queues events while no delivery is in progress becomes the drainer: it
// delivers outside the lock until the queue is empty (the same idea as
// `SubjectCore`). So the downstream never sees two events at once, a reentrant
// event is delivered after the current one, and the stack does not grow.
//
// The common case, one event waiting at a time, is held inline: no array is allocated.

/// Events waiting for one downstream observer.
@usableFromInline
struct SerialOutbox<Output: Sendable, Failure: Error> {
  /// The oldest waiting event, when it is the only one or older than everything in `queue`.
  @usableFromInline var first: Event<Output, Failure>?
  @usableFromInline var queue: [Event<Output, Failure>] = []
  @usableFromInline var head = 0
  /// A drainer is delivering.
  @usableFromInline var isDraining = false
  /// A terminal event was queued: later events are ignored.
  @usableFromInline var isSealed = false
  /// Delivery ended (terminal delivered, downstream stopped, or cancelled).
  @usableFromInline var isClosed = false

  @inlinable
  init() {}

  /// Whether nothing waits.
  @inlinable
  var isEmpty: Bool { first == nil && head == queue.count }

  /// Queues `event` unless a terminal event was queued before, or delivery ended.
  @inlinable
  mutating func post(_ event: Event<Output, Failure>) {
    guard !isSealed && !isClosed else { return }
    if event.isTerminal { isSealed = true }
    if isEmpty {
      first = event
    } else {
      queue.append(event)
    }
  }

  /// Whether the caller must drain: there is work and nobody is draining. Marks the caller as the drainer.
  @inlinable
  mutating func claimDrain() -> Bool {
    guard !isDraining && !isClosed && !isEmpty else { return false }
    isDraining = true
    return true
  }

  /// The next event for the drainer, or `nil` when there is none (the drainer then stops).
  @inlinable
  mutating func take() -> Event<Output, Failure>? {
    guard !isClosed else {
      isDraining = false
      return nil
    }
    if let event = first.take() { return event }
    guard head < queue.count else {
      isDraining = false
      if !queue.isEmpty {
        queue.removeAll(keepingCapacity: queue.capacity <= 16)
        head = 0
      }
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
  @inlinable
  mutating func close() {
    isClosed = true
    first = nil
    queue = []
    head = 0
  }
}
