/// The one FIFO of the delivery engines: the events (or subject deliveries) waiting behind a delivery in
/// progress, oldest first. Subjects and the engines' one drainer (`SerialDelivery`: race, the time
/// operators and `timeout`, the combining operators' fan-in, `receive(on:)`) queue through it.
///
/// - Nothing until needed: an empty queue holds no array at all (the Engines article, rule 6).
/// - Moved out, not copied: taking an element leaves `nil` in its array slot, so emptying the array under
///   a lock releases nothing a user owns. Whatever is dropped unread (``removeAll()``,
///   ``remove(where:)``) is handed back, to be released after unlocking.
/// - Bounded waste: a long drain (a producer as fast as its consumer) drops its delivered prefix now and
///   then, so the array does not grow with the number of elements delivered.
@usableFromInline
package struct EventQueue<Element> {
  /// The elements; `nil` until one is queued. Slots before `head` were taken and hold `nil`.
  @usableFromInline var slots: [Element?]?
  @usableFromInline var head = 0

  @inlinable
  package init() {}

  /// Whether nothing waits.
  @inlinable
  package var isEmpty: Bool {
    guard let slots else { return true }
    return head == slots.count
  }

  /// How many elements wait.
  @inlinable
  package var count: Int { (slots?.count ?? 0) - head }

  /// The array slots held, taken ones included: what the occasional compaction keeps bounded.
  @inlinable
  package var arraySlots: Int { slots?.count ?? 0 }

  /// Queues `element` last.
  @inlinable
  package mutating func append(_ element: consuming Element) {
    if slots == nil {
      slots = [element]
    } else {
      slots!.append(element)
    }
  }

  /// The oldest element, removed; `nil` when nothing waits.
  @inlinable
  package mutating func popFirst() -> Element? {
    guard let count = slots?.count else { return nil }
    guard head < count else {
      // Drained: the slots are all empty, so dropping or clearing them releases nothing.
      if count > 0 { slots!.removeAll(keepingCapacity: count <= 64) }
      head = 0
      return nil
    }
    let element = slots![head].take()
    head += 1
    if head >= 64 && head * 2 >= count {
      slots!.removeFirst(head)
      head = 0
    }
    return element
  }

  /// Every waiting element, removed, oldest first: for the caller to release after unlocking.
  @inlinable
  package mutating func removeAll() -> EventQueue {
    var taken = EventQueue()
    swap(&self, &taken)
    return taken
  }

  /// Whether a waiting element satisfies `predicate`.
  @inlinable
  package func contains(where predicate: (Element) -> Bool) -> Bool {
    guard let slots else { return false }
    return slots[head...].contains { $0.map(predicate) ?? false }
  }

  /// Removes the waiting elements that satisfy `predicate`, keeping the order of the others; returns the
  /// removed ones, oldest first, for the caller to release after unlocking.
  @inlinable
  package mutating func remove(where predicate: (Element) -> Bool) -> EventQueue {
    var kept = EventQueue()
    var removed = EventQueue()
    while let element = popFirst() {
      if predicate(element) { removed.append(element) } else { kept.append(element) }
    }
    self = kept
    return removed
  }
}

extension EventQueue: Sendable where Element: Sendable {}
