import Signals

// The TestScheduler's pending work: one binary min-heap ordered by (deadline, insertion number), and a
// table of slots that holds the actions.
//
// The order is the project's rule for virtual time: the earlier deadline first, and equal deadlines in the
// order they were scheduled. The insertion number makes that order total, so the heap needs no stability of
// its own and any deadline can arrive at any time (an action scheduled in the past runs `now`, which the
// scheduler clamps before inserting).
//
// Heap entries are trivial 32-byte values (deadline, insertion number, slot, generation): sifting them never
// touches a reference count. The closures live in `slots`, so cancelling releases a closure at once and
// leaves a stale entry in the heap, one whose generation no longer matches its slot's. Stale entries are
// dropped when they reach the top, and the heap is rebuilt without them when they outnumber the live ones.
// A token's id is `slot | generation << 32`: the token of an action that already ran or was cancelled finds
// another generation and does nothing. Measured against a plain heap (W4, W4-10k): see BENCHMARKS.md.

/// A deadline as the signed 128-bit count of attoseconds of a `Duration`, in two words, compared inline (the
/// standard library's `Duration` operators are calls).
///
/// Read and written through public API only: `Duration.attoseconds`, an `Int128` that inlines to its two words,
/// where it exists (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, and every other platform); below those,
/// `components` and `init(secondsComponent:attosecondsComponent:)`. Tests check the order and both round trips.
package struct TestSchedulerKey: Equatable {
  package var high: Int64
  package var low: UInt64

  @inline(__always)
  init(high: Int64, low: UInt64) {
    self.high = high
    self.low = low
  }

  @inline(__always)
  init(_ duration: Duration) {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      let attoseconds = duration.attoseconds
      self.init(high: Int64(truncatingIfNeeded: attoseconds >> 64), low: UInt64(truncatingIfNeeded: attoseconds))
    } else {
      self.init(components: duration.components)
    }
  }

  /// The key of `seconds` × 10¹⁸ + `attoseconds` (`Duration.components`), computed in 128 bits.
  @inline(never)
  package init(components: (seconds: Int64, attoseconds: Int64)) {
    let scaled = components.seconds.multipliedFullWidth(by: 1_000_000_000_000_000_000)
    let (low, carry) = scaled.low.addingReportingOverflow(UInt64(bitPattern: components.attoseconds))
    // Adds the attoseconds' sign extension (all ones when negative) and the carry out of the low word.
    self.init(high: scaled.high &+ (components.attoseconds < 0 ? -1 : 0) &+ (carry ? 1 : 0), low: low)
  }

  @inline(__always)
  var duration: Duration {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      return Duration(attoseconds: Int128(high) << 64 | Int128(low))
    } else {
      return durationFromComponents
    }
  }

  /// The `Duration` of this key through `init(secondsComponent:attosecondsComponent:)` (what `duration` uses
  /// below macOS 15 / iOS 18).
  package var durationFromComponents: Duration {
    @inline(never) get {
      let (seconds, attoseconds) = Int64(1_000_000_000_000_000_000).dividingFullWidth((high: high, low: low))
      return Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
    }
  }

  /// `Duration`'s words, as the heap compares them.
  @inline(__always)
  package static func words(_ duration: Duration) -> (high: Int64, low: UInt64) {
    let key = Self(duration)
    return (key.high, key.low)
  }

  /// The `Duration` of two words from `words(_:)`.
  @inline(__always)
  package static func duration(high: Int64, low: UInt64) -> Duration { Self(high: high, low: low).duration }

  /// The later of `self` and `other`.
  @inline(__always)
  func atLeast(_ other: Self) -> Self { self < other ? other : self }

  /// `self + max(delay, .zero)`, trapping on overflow as `Duration`'s `+` does.
  @inline(__always)
  func advanced(byAtLeastZero delay: Duration) -> Self {
    let delay = Self(delay)
    guard delay.high >= 0 else { return self }
    let (low, carry) = self.low.addingReportingOverflow(delay.low)
    let (partial, overflow) = self.high.addingReportingOverflow(delay.high)
    let (high, carryOverflow) = partial.addingReportingOverflow(carry ? 1 : 0)
    precondition(!overflow && !carryOverflow, "Signals: TestScheduler: the deadline overflows Duration")
    return Self(high: high, low: low)
  }

  @inline(__always)
  static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.high < rhs.high || (lhs.high == rhs.high && lhs.low < rhs.low)
  }
}

/// The pending actions of a `TestScheduler`, ordered by (deadline, insertion number). Not thread-safe: it
/// lives in the scheduler's `Locked` state.
struct TestSchedulerQueue {
  /// One pending deadline: trivial, so moving it costs no reference counting.
  struct Entry {
    var key: TestSchedulerKey
    var sequence: UInt64
    var slot: UInt32
    var generation: UInt32

    /// Whether `self` runs before `other`: the earlier deadline, then the one scheduled first.
    @inline(__always)
    func runsBefore(_ other: Entry) -> Bool {
      key < other.key || (key == other.key && sequence < other.sequence)
    }
  }

  /// One action's storage: the closure while it is pending, and the generation its token must carry.
  struct Slot {
    var action: (@Sendable () -> Void)?
    var generation: UInt32
    var nextFree: UInt32
  }

  private static let noSlot = UInt32.max
  private static let initialCapacity = 16

  private var heap: [Entry] = []
  private var slots: [Slot] = []
  private var freeSlot = noSlot
  private var sequence: UInt64 = 0
  /// Entries in `heap` whose action was cancelled.
  private var stale = 0

  /// The number of pending actions.
  var count: Int { heap.count - stale }

  /// Schedules `action` at `key`; returns the token's id.
  mutating func insert(at key: TestSchedulerKey, _ action: consuming @escaping @Sendable () -> Void) -> UInt64 {
    // A first capacity for the few actions most tests keep pending (an array that grows from empty
    // reallocates at 1, 2, 4 and 8 entries).
    if heap.capacity == 0 {
      heap.reserveCapacity(Self.initialCapacity)
      slots.reserveCapacity(Self.initialCapacity)
    }
    let slot: UInt32
    if freeSlot != Self.noSlot {
      slot = freeSlot
      freeSlot = slots[Int(slot)].nextFree
      slots[Int(slot)].action = action
    } else {
      precondition(slots.count < Int(Self.noSlot), "Signals: TestScheduler: too many pending actions")
      slot = UInt32(truncatingIfNeeded: slots.count)
      slots.append(Slot(action: action, generation: 0, nextFree: Self.noSlot))
    }
    let generation = slots[Int(slot)].generation
    sequence &+= 1
    heap.append(Entry(key: key, sequence: sequence, slot: slot, generation: generation))
    heap.withUnsafeMutableBufferPointer { Self.siftUp($0, from: $0.count - 1) }
    return UInt64(slot) | UInt64(generation) << 32
  }

  /// Removes the action of token `id` if it is still pending, and returns it (to be released outside the lock).
  mutating func cancel(id: UInt64) -> (@Sendable () -> Void)? {
    let slot = Int(UInt32(truncatingIfNeeded: id))
    guard slot < slots.count, slots[slot].generation == UInt32(truncatingIfNeeded: id >> 32),
      slots[slot].action != nil
    else { return nil }
    let action = release(slot: slot)
    stale += 1
    if stale > 64 && stale > heap.count / 2 { removeStale() }
    return action
  }

  /// The deadline of the next action to run, dropping cancelled entries from the top.
  mutating func nextDeadline() -> Duration? {
    dropStaleTop()
    return heap.first?.key.duration
  }

  /// Removes and returns the next action if its deadline is at or before `limit` (any, if `nil`), with its
  /// deadline.
  @inline(__always)
  mutating func popFirst(dueBy limit: TestSchedulerKey?) -> (deadline: TestSchedulerKey, action: @Sendable () -> Void)?
  {
    dropStaleTop()
    guard let first = heap.first else { return nil }
    if let limit, limit < first.key { return nil }
    removeTop()
    guard let action = release(slot: Int(first.slot)) else { return nil }
    return (first.key, action)
  }

  /// Removes every pending action; returns them to be released outside the lock.
  ///
  /// Slots keep their (bumped) generations, so tokens of the removed actions stay harmless.
  mutating func removeAll() -> [@Sendable () -> Void] {
    var removed: [@Sendable () -> Void] = []
    for slot in slots.indices where slots[slot].action != nil {
      if let action = release(slot: slot) { removed.append(action) }
    }
    heap.removeAll()
    stale = 0
    return removed
  }

  // MARK: - Heap

  /// Drops cancelled entries from the top of the heap.
  @inline(__always)
  private mutating func dropStaleTop() {
    while let first = heap.first, slots[Int(first.slot)].generation != first.generation {
      removeTop()
      stale -= 1
    }
  }

  /// Removes the top entry: the last one takes its place and sinks.
  @inline(__always)
  private mutating func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap.withUnsafeMutableBufferPointer { heap in
      heap[0] = last
      Self.siftDown(heap, from: 0)
    }
  }

  /// Rebuilds the heap without its cancelled entries.
  @inline(never)
  private mutating func removeStale() {
    heap.removeAll { slots[Int($0.slot)].generation != $0.generation }
    stale = 0
    heap.withUnsafeMutableBufferPointer { heap in
      for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { Self.siftDown(heap, from: index) }
    }
  }

  /// Moves the entry at `index` up to its place (a hole moves up; the entry is written once).
  @inline(__always)
  private static func siftUp(_ heap: UnsafeMutableBufferPointer<Entry>, from index: Int) {
    let entry = heap[index]
    var child = index
    while child > 0 {
      let parent = (child &- 1) / 2
      guard entry.runsBefore(heap[parent]) else { break }
      heap[child] = heap[parent]
      child = parent
    }
    heap[child] = entry
  }

  /// Moves the entry at `index` down to its place (a hole moves down; the entry is written once).
  @inline(__always)
  private static func siftDown(_ heap: UnsafeMutableBufferPointer<Entry>, from index: Int) {
    let entry = heap[index]
    let count = heap.count
    var parent = index
    while true {
      var child = 2 &* parent &+ 1
      guard child < count else { break }
      if child &+ 1 < count && heap[child &+ 1].runsBefore(heap[child]) { child &+= 1 }
      guard heap[child].runsBefore(entry) else { break }
      heap[parent] = heap[child]
      parent = child
    }
    heap[parent] = entry
  }

  // MARK: - Slots

  /// Takes the action out of `slot`, bumps its generation (its token is spent) and frees the slot.
  @inline(__always)
  private mutating func release(slot: Int) -> (@Sendable () -> Void)? {
    let action = slots[slot].action.take()
    slots[slot].generation &+= 1
    slots[slot].nextFree = freeSlot
    freeSlot = UInt32(truncatingIfNeeded: slot)
    return action
  }
}
