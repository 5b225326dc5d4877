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
// The common case, one event waiting at a time, is held inline: no array is allocated. (Here and not in
// `EventQueue`: a time operator posts one event per step, and its events are not optional generic
// values carried through a subject's hot path, where an inline slot cost more than it saved.)

/// Events waiting for one downstream observer, and who delivers them.
@usableFromInline
struct SerialOutbox<Output: Sendable, Failure: Error> {
  /// What `close()` hands back: the events that were waiting, oldest first.
  @usableFromInline typealias Dropped = (first: Event<Output, Failure>?, rest: EventQueue<Event<Output, Failure>>)

  /// The oldest waiting event, when nothing older is in `queue`.
  @usableFromInline var first: Event<Output, Failure>?
  @usableFromInline var queue = EventQueue<Event<Output, Failure>>()
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
  var isEmpty: Bool { first == nil && queue.isEmpty }

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
    if !isClosed, let event = first.take() ?? queue.popFirst() { return event }
    isDraining = false
    return nil
  }

  /// Ends delivery: nothing queued or queued later is delivered. Returns what was queued, to release
  /// after unlocking.
  @inlinable
  mutating func close() -> Dropped {
    isClosed = true
    return (first.take(), queue.removeAll())
  }
}
