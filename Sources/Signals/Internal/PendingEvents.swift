/// Events queued behind a delivery in progress, to be delivered after it, in order: for operators whose
/// events can arrive while their downstream is busy (`timeout`'s several sources, a race winner that sends
/// reentrantly).
///
/// Empty is the common case: then there is no array at all, so the queue costs nothing to create, to
/// destroy or to take (an empty array is still a reference, released each time).
@usableFromInline
struct PendingEvents<Output: Sendable, Failure: Error> {
  @usableFromInline var events: [Event<Output, Failure>]?
  @usableFromInline var head = 0

  @inlinable
  init() {}

  /// Queues `event` last.
  @inlinable
  mutating func append(_ event: Event<Output, Failure>) {
    if events == nil {
      events = [event]
    } else {
      events!.append(event)
    }
  }

  /// The first queued event, removed; `nil` when none is left, which also empties the queue.
  @inlinable
  mutating func popFirst() -> Event<Output, Failure>? {
    guard let count = events?.count else { return nil }
    guard head < count else {
      events = nil
      head = 0
      return nil
    }
    head += 1
    return events.unsafelyUnwrapped[head - 1]
  }

  /// The next event for a deliverer that took the downstream out of its operator's state (to deliver
  /// without retaining it). When none is left, or the operator `ended`, the delivery ends: the downstream
  /// moves back from `deliverer` into `downstream`, unless the operator ended (then `deliverer` keeps it,
  /// to release it outside the lock, and the queue, which the ending emptied, is not read).
  @inlinable
  mutating func next<Downstream>(
    ended: Bool, returning deliverer: inout Downstream?, into downstream: inout Downstream?
  ) -> Event<Output, Failure>? {
    if ended { return nil }
    if let next = popFirst() { return next }
    downstream = deliverer.take()
    return nil
  }

  /// Every queued event, removed: to release outside a lock.
  @inlinable
  mutating func removeAll() -> [Event<Output, Failure>]? {
    head = 0
    return events.take()
  }
}
