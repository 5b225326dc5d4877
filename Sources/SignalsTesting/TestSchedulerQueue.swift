import Signals

// The TestScheduler's pending work: a 4-ary min-heap of plain keys plus a slot table for the actions.
//
// Heap entries are trivial values (deadline, sequence, slot, generation): sifting moves bytes, never
// reference counts, and four children per node halve the depth of a binary heap, which is what matters
// with a million entries that no cache holds. The closures live in `slots`, so a cancellation releases its
// closure at once (O(1)) and leaves a stale heap entry behind: its generation no longer matches the slot's.
// Stale entries are skipped when they reach the top, and the heap is compacted when they outnumber the live
// ones. A token's id is `slot | generation << 32`, so a token of an action that already ran (or was
// cancelled) finds a different generation and does nothing.

/// One pending deadline in the heap: trivial, 32 bytes.
struct TestSchedulerEntry {
  /// The deadline as a 128-bit integer of attoseconds (see `TestSchedulerKey`).
  var deadlineHigh: Int64
  var deadlineLow: UInt64
  var sequence: UInt64
  var slot: UInt32
  var generation: UInt32

  var deadline: Duration { TestSchedulerKey.duration(high: deadlineHigh, low: deadlineLow) }

  /// Orders by deadline, then by scheduling order (first in, first out). Plain integer compares, inlined
  /// (`Duration`'s own `<` is an out-of-line call into the standard library).
  @inline(__always)
  func runsBefore(_ other: TestSchedulerEntry) -> Bool {
    if deadlineHigh != other.deadlineHigh { return deadlineHigh < other.deadlineHigh }
    if deadlineLow != other.deadlineLow { return deadlineLow < other.deadlineLow }
    return sequence < other.sequence
  }
}

/// `Duration` as its two 64-bit words. `Duration` is `@frozen` in the standard library with exactly these
/// stored properties (`_low: UInt64`, `_high: Int64`: a two's-complement 128-bit count of attoseconds), so
/// its layout is ABI: comparing (high, low) lexicographically is comparing durations. A test checks it.
package enum TestSchedulerKey {
  @inline(__always)
  package static func words(_ duration: Duration) -> (high: Int64, low: UInt64) {
    let words = unsafeBitCast(duration, to: (low: UInt64, high: Int64).self)
    return (words.high, words.low)
  }

  @inline(__always)
  package static func duration(high: Int64, low: UInt64) -> Duration {
    unsafeBitCast((low: low, high: high), to: Duration.self)
  }
}

/// One action's storage: the closure while it is pending, and the slot's current generation.
struct TestSchedulerSlot {
  var action: (@Sendable () -> Void)?
  var generation: UInt32
  var nextFree: UInt32
}

/// The pending actions of a `TestScheduler`, ordered by (deadline, sequence). Not thread-safe: lives in a `Locked`.
struct TestSchedulerQueue {
  private static let noSlot = UInt32.max

  private(set) var heap: [TestSchedulerEntry] = []
  private var slots: [TestSchedulerSlot] = []
  private var freeSlot = noSlot
  private var sequence: UInt64 = 0
  /// Heap entries whose action was cancelled.
  private var stale = 0

  /// The number of actions waiting to run.
  var count: Int { heap.count - stale }

  /// Adds `action` at `deadline`; returns its token id.
  mutating func insert(at deadline: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
    let slot: UInt32
    if freeSlot != Self.noSlot {
      slot = freeSlot
      freeSlot = slots[Int(slot)].nextFree
      slots[Int(slot)].action = action
    } else {
      precondition(slots.count < Int(Self.noSlot), "Signals: TestScheduler: too many pending actions")
      slot = UInt32(truncatingIfNeeded: slots.count)
      slots.append(TestSchedulerSlot(action: action, generation: 0, nextFree: Self.noSlot))
    }
    let generation = slots[Int(slot)].generation
    sequence &+= 1
    let (high, low) = TestSchedulerKey.words(deadline)
    heap.append(
      TestSchedulerEntry(deadlineHigh: high, deadlineLow: low, sequence: sequence, slot: slot, generation: generation))
    heap.withUnsafeMutableBufferPointer { buffer in Self.siftUp(buffer, from: buffer.count - 1) }
    return UInt64(slot) | UInt64(generation) << 32
  }

  /// Removes the action of token `id` if it is still pending, and returns it (to be released outside the lock).
  mutating func cancel(id: UInt64) -> (@Sendable () -> Void)? {
    let slot = Int(truncatingIfNeeded: id & 0xFFFF_FFFF)
    let generation = UInt32(truncatingIfNeeded: id >> 32)
    guard slot < slots.count, slots[slot].generation == generation, slots[slot].action != nil else { return nil }
    let action = release(slot: slot)
    stale += 1
    if stale > 64 && stale > heap.count / 2 { compact() }
    return action
  }

  /// The deadline of the next action to run, dropping cancelled entries from the top.
  mutating func nextDeadline() -> Duration? {
    dropStaleTop()
    return heap.first?.deadline
  }

  /// Removes and returns the next action if it is due by `limit` (any, if `nil`), with its deadline.
  mutating func popFirst(dueBy limit: Duration?) -> (deadline: Duration, action: @Sendable () -> Void)? {
    dropStaleTop()
    guard let first = heap.first else { return nil }
    if let limit {
      let (high, low) = TestSchedulerKey.words(limit)
      if first.deadlineHigh > high || (first.deadlineHigh == high && first.deadlineLow > low) { return nil }
    }
    removeFirst()
    guard let action = release(slot: Int(first.slot)) else { return nil }
    return (first.deadline, action)
  }

  /// Removes every pending action; returns them to be released outside the lock.
  ///
  /// Slots keep their (bumped) generations, so tokens of the removed actions stay harmless.
  mutating func removeAll() -> [@Sendable () -> Void] {
    var removed: [@Sendable () -> Void] = []
    for slot in slots.indices where slots[slot].action != nil {
      if let action = release(slot: slot) { removed.append(action) }
    }
    heap = []
    stale = 0
    return removed
  }

  // MARK: - Slots

  private mutating func release(slot: Int) -> (@Sendable () -> Void)? {
    // Moved out with `swap`, not copied: no retain of the closure's context (often not in cache).
    var action: (@Sendable () -> Void)? = nil
    swap(&action, &slots[slot].action)
    slots[slot].generation &+= 1
    slots[slot].nextFree = freeSlot
    freeSlot = UInt32(truncatingIfNeeded: slot)
    return action
  }

  private func isLive(_ entry: TestSchedulerEntry) -> Bool {
    slots[Int(entry.slot)].generation == entry.generation
  }

  private mutating func dropStaleTop() {
    while stale > 0, let first = heap.first, !isLive(first) {
      removeFirst()
      stale -= 1
    }
  }

  /// Drops every stale entry and rebuilds the heap: O(n), amortized over the cancellations that caused it.
  private mutating func compact() {
    let slots = self.slots
    heap.removeAll { slots[Int($0.slot)].generation != $0.generation }
    stale = 0
    heap.withUnsafeMutableBufferPointer { buffer in
      guard buffer.count > 1 else { return }
      for index in stride(from: (buffer.count - 2) / 4, through: 0, by: -1) {
        Self.siftDown(buffer, from: index)
      }
    }
  }

  // MARK: - 4-ary heap

  private mutating func removeFirst() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap.withUnsafeMutableBufferPointer { buffer in
      buffer[0] = last
      Self.siftDown(buffer, from: 0)
    }
  }

  private static func siftUp(_ buffer: UnsafeMutableBufferPointer<TestSchedulerEntry>, from start: Int) {
    let entry = buffer[start]
    var index = start
    while index > 0 {
      let parent = (index - 1) >> 2
      guard entry.runsBefore(buffer[parent]) else { break }
      buffer[index] = buffer[parent]
      index = parent
    }
    buffer[index] = entry
  }

  private static func siftDown(_ buffer: UnsafeMutableBufferPointer<TestSchedulerEntry>, from start: Int) {
    let count = buffer.count
    let entry = buffer[start]
    var index = start
    while true {
      let firstChild = 4 &* index &+ 1
      guard firstChild < count else { break }
      var best = firstChild
      let end = min(firstChild &+ 4, count)
      var child = firstChild &+ 1
      while child < end {
        if buffer[child].runsBefore(buffer[best]) { best = child }
        child &+= 1
      }
      guard buffer[best].runsBefore(entry) else { break }
      buffer[index] = buffer[best]
      index = best
    }
    buffer[index] = entry
  }
}
