import Signals

// The TestScheduler's pending work: a radix heap of plain keys plus a slot table for the actions.
//
// Virtual time never goes back and nothing is scheduled before `now`, so the queue is monotone: every new
// deadline is at or after the last one taken out. A radix heap exploits that. It keeps a cursor (the key of
// the last action taken out, at most `now`) and puts each key in the bucket of the highest bit in which it
// differs from the cursor (bucket 0: equal to the cursor). Taking out the minimum scans only the lowest
// non-empty bucket: its minimum becomes the cursor and its keys move to lower buckets. A key moves down at
// most once per bit and every pass streams through contiguous memory, where a binary heap's sift-down takes
// a cache miss per level once a million entries no longer fit in cache.
//
// First in, first out for equal deadlines needs no sequence number here: equal keys always sit in the same
// bucket (a bucket is a function of the key and the cursor), appends keep their order and the passes that
// move keys down are stable, so they stay in scheduling order.
//
// A key before the cursor can still arrive when the cursor has moved past `now` (`nextDeadline`, or an
// advance that looked at a later deadline); such keys go to `early`, an ordinary 4-ary heap ordered by
// (deadline, sequence), whose keys are all before every radix key, so it is served first.
//
// Few pending actions (the common case: a handful of timers racing) skip all of that. While the radix heap and
// the early heap are empty, up to `smallCapacity` entries live in `small`, a sorted inline buffer: insertion
// and cancellation shift at most a few entries, and the next action is the last one. Its order is descending by
// deadline and, for equal deadlines, by scheduling order reversed: a new entry goes below every entry at its
// deadline, so the one at the end is always the first scheduled. The first entry that does not fit moves them
// all into the radix heap (in order, so equal deadlines keep their order in their bucket, with the cursor at
// the last deadline taken out, so none is early) and the heaps serve until nothing is pending in them; then
// `small` serves again. So `small` holds entries only while `entries == 0` (live ones: `entries == stale`),
// and its keys need no cursor.
//
// Heap entries are trivial values: moving them never touches reference counts. The closures live in slots,
// so a cancellation releases its closure at once (O(1)) and leaves a stale entry behind in the heaps: its
// generation no longer matches the slot's. Stale entries are dropped when they reach the front, and
// everything is compacted when they outnumber the live ones; cancelling an entry of `small` removes it. A
// token's id is `slot | generation << 32`, so a token of an action that already ran (or was cancelled) finds
// a different generation and does nothing. The slots of actions scheduled into `small` are inline too
// (`inlineSlots`, numbered from `inlineSlotBase`), so few pending actions never touch the `slots` array; they
// stay where they are when `small` moves into the radix heap, and are free again by the time `small` serves
// again (every action that had one ran or was cancelled).

/// A deadline as an unsigned 128-bit integer that orders like the `Duration` (sign bit flipped).
struct TestSchedulerRadixKey: Equatable {
  var high: UInt64
  var low: UInt64

  @inline(__always)
  init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  @inline(__always)
  init(_ duration: Duration) {
    let (high, low) = TestSchedulerKey.words(duration)
    self.init(high: UInt64(bitPattern: high) ^ (1 << 63), low: low)
  }

  var duration: Duration { TestSchedulerKey.duration(high: Int64(bitPattern: high ^ (1 << 63)), low: low) }

  /// The later of `self` and `other`.
  @inline(__always)
  func atLeast(_ other: Self) -> Self { self < other ? other : self }

  /// `self + max(delay, .zero)`, trapping on overflow as `Duration`'s `+` does. Inlined word arithmetic: the
  /// standard library's `Duration` operators are calls.
  @inline(__always)
  func advanced(byAtLeastZero delay: Duration) -> Self {
    let (delayHigh, delayLow) = TestSchedulerKey.words(delay)
    guard delayHigh >= 0 else { return self }
    // The key is the deadline plus 2¹²⁷; a delay that is not negative adds to it as unsigned words, and the
    // sum overflows exactly when the deadline plus the delay overflows.
    let (low, carry) = self.low.addingReportingOverflow(delayLow)
    let (partial, overflow) = self.high.addingReportingOverflow(UInt64(bitPattern: delayHigh))
    let (high, carryOverflow) = partial.addingReportingOverflow(carry ? 1 : 0)
    precondition(!overflow && !carryOverflow, "Signals: TestScheduler: the deadline overflows Duration")
    return Self(high: high, low: low)
  }

  @inline(__always)
  static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.high < rhs.high || (lhs.high == rhs.high && lhs.low < rhs.low)
  }

  /// The radix heap bucket of `self` for `cursor`: 0 if equal, else one plus the highest differing bit.
  @inline(__always)
  func bucket(from cursor: Self) -> Int {
    let high = self.high ^ cursor.high
    if high != 0 { return 128 &- high.leadingZeroBitCount }
    return 64 &- (self.low ^ cursor.low).leadingZeroBitCount
  }
}

/// One pending deadline in a radix bucket: trivial, 24 bytes.
struct TestSchedulerRadixEntry {
  var key: TestSchedulerRadixKey
  var slot: UInt32
  var generation: UInt32
}

/// One pending deadline in the early heap (keys before the radix cursor): trivial, 32 bytes.
struct TestSchedulerEntry {
  var key: TestSchedulerRadixKey
  var sequence: UInt64
  var slot: UInt32
  var generation: UInt32

  /// Orders by deadline, then by scheduling order (first in, first out).
  @inline(__always)
  func runsBefore(_ other: TestSchedulerEntry) -> Bool {
    if key != other.key { return key < other.key }
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

/// The inline buffer of a small queue: `TestSchedulerQueue.smallCapacity` entries (8 × 24 bytes).
typealias TestSchedulerSmallEntries = (
  TestSchedulerRadixEntry, TestSchedulerRadixEntry, TestSchedulerRadixEntry, TestSchedulerRadixEntry,
  TestSchedulerRadixEntry, TestSchedulerRadixEntry, TestSchedulerRadixEntry, TestSchedulerRadixEntry
)

/// The inline slots of a small queue's actions: `TestSchedulerQueue.smallCapacity` slots (8 × 24 bytes).
typealias TestSchedulerInlineSlots = (
  TestSchedulerSlot, TestSchedulerSlot, TestSchedulerSlot, TestSchedulerSlot,
  TestSchedulerSlot, TestSchedulerSlot, TestSchedulerSlot, TestSchedulerSlot
)

/// The pending actions of a `TestScheduler`, ordered by (deadline, sequence). Not thread-safe: lives in a `Locked`.
struct TestSchedulerQueue {
  private static let noSlot = UInt32.max
  /// The number of the first inline slot; the array's slots are numbered from 0, below it.
  private static let inlineSlotBase: UInt32 = 0xFFFF_FF00
  /// The most entries `small` holds: the number of elements of `TestSchedulerSmallEntries`.
  static let smallCapacity = 8
  /// Buckets 0 ... 128 (see `TestSchedulerRadixKey.bucket(from:)`).
  private static let bucketCount = 129
  /// A pass that moves at most this many entries checks them against the slot table on the way: they are
  /// the next to run, so this drops cancelled ones early and brings their slots into cache together.
  private static let checkedPass = 32

  /// While the heaps are empty (`entries == 0`), the pending entries: sorted so that the next to run is at
  /// `smallCount - 1` (see the file comment). Every entry in it is live: cancelling one removes it.
  private var small: TestSchedulerSmallEntries = {
    let unused = TestSchedulerRadixEntry(key: TestSchedulerRadixKey(high: 0, low: 0), slot: 0, generation: 0)
    return (unused, unused, unused, unused, unused, unused, unused, unused)
  }()
  private var smallCount = 0
  /// The slots of the actions scheduled into `small`, numbered from `inlineSlotBase` (the array's are below it;
  /// `nextFree` is unused). They stay with their actions when `small` moves into the radix heap. While the
  /// heaps hold nothing pending, the slots in use are exactly those of the entries of `small`, so one is free
  /// whenever `small` has room.
  private var inlineSlots: TestSchedulerInlineSlots = {
    let free = TestSchedulerSlot(action: nil, generation: 0, nextFree: 0)
    return (free, free, free, free, free, free, free, free)
  }()
  /// Bit `i` is set when inline slot `i` is free (holds no closure).
  private var freeInlineSlots: UInt8 = 0xFF
  /// The deadline of the last action taken out: at most every pending deadline and every deadline scheduled
  /// from now on (they are at or after `now`, which is at or after it).
  private var lastTaken = TestSchedulerRadixKey(.zero)

  /// Every radix key is at or after the cursor: the minimum key when the lowest bucket was last redistributed
  /// (or `lastTaken` when `small` moved in).
  private var cursor = TestSchedulerRadixKey(.zero)
  private var buckets = [[TestSchedulerRadixEntry]](repeating: [], count: bucketCount)
  /// Bit `i` of word `i / 64` is set when `buckets[i]` may hold entries (bucket 0: past `frontHead`). Exact
  /// for the buckets above 0: `redistribute` and `compact` clear the bit of a bucket they empty.
  private var occupied: (UInt64, UInt64, UInt64) = (0, 0, 0)
  /// The entries of bucket 0 before this index were taken out.
  private var frontHead = 0
  /// Keys before the cursor, in a 4-ary heap.
  private var early: [TestSchedulerEntry] = []

  /// The slots of the actions scheduled into the heaps, by index. An array, written through one
  /// `withUnsafeMutableBufferPointer` per operation (one uniqueness check, no bounds checks). Raw storage of our
  /// own (a `ManagedBuffer`, no uniqueness checks) made W4 (a million slots) about 10% slower on Linux for
  /// fewer instructions, even grown like an array: W4's time is dominated by glibc's allocator
  /// (`malloc_consolidate`), which the table's allocations evidently disturbed.
  private var slots: [TestSchedulerSlot] = []
  /// The first of the released slots, linked by `nextFree`. A released slot holds no closure.
  private var freeSlot = noSlot
  /// The scheduling order of the early heap's entries (the radix buckets and `small` keep it by position).
  private var sequence: UInt64 = 0
  /// Entries in the buckets (past `frontHead`) and in `early`, live or stale.
  private var entries = 0
  /// Entries in the buckets and in `early` whose action was cancelled.
  private var stale = 0

  /// The number of actions waiting to run.
  var count: Int { smallCount + entries - stale }

  /// Adds `action` at `deadline`; returns its token id.
  mutating func insert(at deadline: Duration, _ action: consuming @escaping @Sendable () -> Void) -> UInt64 {
    insert(at: TestSchedulerRadixKey(deadline), action)
  }

  /// Adds `action` at the deadline `key`; returns its token id.
  ///
  /// The common case (room in `small`, so a free inline slot) is a few loads and stores; the rest is out of
  /// line.
  mutating func insert(at key: TestSchedulerRadixKey, _ action: consuming @escaping @Sendable () -> Void) -> UInt64 {
    guard entries == 0 && smallCount < Self.smallCapacity else { return insertSlowly(at: key, action) }
    return insertSmall(at: key, action)
  }

  /// Adds `action` to `small` with an inline slot: the heaps hold nothing pending and `small` has room.
  @inline(__always)
  private mutating func insertSmall(at key: TestSchedulerRadixKey, _ action: consuming @escaping @Sendable () -> Void)
    -> UInt64
  {
    // The inline slots in use belong to the entries of `small` (the heaps hold none pending): one is free.
    let index = freeInlineSlots.trailingZeroBitCount
    freeInlineSlots &= ~(1 << UInt8(truncatingIfNeeded: index))
    let generation = withInlineSlots { slots in
      let free = slots + index
      let generation = free.pointee.generation
      // A free slot holds no closure (`release` took it): there is nothing to release before writing.
      free.initialize(to: TestSchedulerSlot(action: action, generation: generation, nextFree: 0))
      return generation
    }
    let slot = Self.inlineSlotBase &+ UInt32(truncatingIfNeeded: index)
    placeInSmall(TestSchedulerRadixEntry(key: key, slot: slot, generation: generation))
    return UInt64(slot) | UInt64(generation) << 32
  }

  /// `insert` when the heaps hold entries, or only cancelled ones, or `small` is full.
  @inline(never)
  private mutating func insertSlowly(at key: TestSchedulerRadixKey, _ action: consuming @escaping @Sendable () -> Void)
    -> UInt64
  {
    if entries == stale {
      // Nothing pending in the heaps: `small` takes the action if it has room, else hands its own to them.
      if entries != 0 { clearHeaps() }
      if smallCount < Self.smallCapacity { return insertSmall(at: key, action) }
      moveSmallToRadix()
    }
    let slot: UInt32
    let generation: UInt32
    if freeSlot != Self.noSlot {
      slot = freeSlot
      // One access to the array (one uniqueness check), no bounds checks: free slots come from the queue.
      let (next, reused) = slots.withUnsafeMutableBufferPointer { slots in
        let free = slots.baseAddress.unsafelyUnwrapped + Int(slot)
        let next = free.pointee.nextFree
        let generation = free.pointee.generation
        // A released slot holds no closure (`release` took it): there is nothing to release before writing.
        free.initialize(to: TestSchedulerSlot(action: action, generation: generation, nextFree: Self.noSlot))
        return (next, generation)
      }
      freeSlot = next
      generation = reused
    } else {
      slot = appendSlot(action)
      generation = 0
    }
    let entry = TestSchedulerRadixEntry(key: key, slot: slot, generation: generation)
    sequence &+= 1
    entries += 1
    if entry.key < cursor {
      early.append(
        TestSchedulerEntry(key: entry.key, sequence: sequence, slot: entry.slot, generation: entry.generation)
      )
      early.withUnsafeMutableBufferPointer { buffer in Self.siftUp(buffer, from: buffer.count - 1) }
    } else {
      let bucket = entry.key.bucket(from: cursor)
      buckets[bucket].append(entry)
      markOccupied(bucket)
    }
    return UInt64(slot) | UInt64(generation) << 32
  }

  /// A new slot holding `action`, at the end of `slots`.
  @inline(__always)
  private mutating func appendSlot(_ action: @escaping @Sendable () -> Void) -> UInt32 {
    precondition(slots.count < Int(Self.inlineSlotBase), "Signals: TestScheduler: too many pending actions")
    slots.append(TestSchedulerSlot(action: action, generation: 0, nextFree: Self.noSlot))
    return UInt32(truncatingIfNeeded: slots.count - 1)
  }

  /// Removes the action of token `id` if it is still pending, and returns it (to be released outside the lock).
  mutating func cancel(id: UInt64) -> (@Sendable () -> Void)? {
    let slot = UInt32(truncatingIfNeeded: id)
    let generation = UInt32(truncatingIfNeeded: id >> 32)
    guard isPending(slot: slot, generation: generation) else { return nil }
    let action = release(slot: slot)
    if smallCount != 0 {
      // The heaps hold nothing pending, so the entry is in `small`.
      removeSmall(slot: slot)
    } else {
      markStale()
    }
    return action
  }

  /// Counts a cancelled entry left in the heaps; compacts them when such entries outnumber the live ones.
  @inline(never)
  private mutating func markStale() {
    stale += 1
    if stale > 64 && stale > entries / 2 { compact() }
  }

  /// The deadline of the next action to run, dropping cancelled entries from the front.
  mutating func nextDeadline() -> Duration? {
    if entries == 0 {
      guard smallCount != 0 else { return nil }
      return smallEntry(smallCount - 1).key.duration
    }
    guard let (key, _) = findFirst() else { return nil }
    return key.duration
  }

  /// Removes and returns the next action if its deadline is at or before `limit` (any, if `nil`), with its
  /// deadline.
  @inline(__always)
  mutating func popFirst(dueBy limit: TestSchedulerRadixKey?) -> (
    deadline: TestSchedulerRadixKey, action: @Sendable () -> Void
  )? {
    guard entries == 0 else { return popFirstFromHeaps(dueBy: limit) }
    guard smallCount != 0 else { return nil }
    let first = smallEntry(smallCount &- 1)
    if let limit, limit < first.key { return nil }
    smallCount &-= 1
    lastTaken = first.key
    guard let action = releaseInline(slot: first.slot) else { return nil }
    return (first.key, action)
  }

  /// `popFirst(dueBy:)` when the heaps hold entries.
  @inline(never)
  private mutating func popFirstFromHeaps(dueBy limit: TestSchedulerRadixKey?) -> (
    deadline: TestSchedulerRadixKey, action: @Sendable () -> Void
  )? {
    guard let (key, slot) = findFirst() else { return nil }
    if let limit, limit < key { return nil }
    if !early.isEmpty {
      removeFirstEarly()
    } else {
      frontHead += 1
    }
    entries -= 1
    lastTaken = key
    guard let action = release(slot: slot) else { return nil }
    return (key, action)
  }

  /// Removes every pending action; returns them to be released outside the lock.
  ///
  /// Slots keep their (bumped) generations, so tokens of the removed actions stay harmless.
  mutating func removeAll() -> [@Sendable () -> Void] {
    var removed: [@Sendable () -> Void] = []
    for slot in slots.indices where slots[slot].action != nil {
      if let action = release(slot: UInt32(truncatingIfNeeded: slot)) { removed.append(action) }
    }
    for index in 0..<Self.smallCapacity where freeInlineSlots & 1 << UInt8(index) == 0 {
      if let action = releaseInline(slot: Self.inlineSlotBase + UInt32(index)) { removed.append(action) }
    }
    smallCount = 0
    buckets = [[TestSchedulerRadixEntry]](repeating: [], count: Self.bucketCount)
    occupied = (0, 0, 0)
    frontHead = 0
    early = []
    entries = 0
    stale = 0
    return removed
  }

  // MARK: - Small queue

  /// Gives `body` the entries of `small` as a C array.
  @inline(__always)
  private mutating func withSmall<Result>(
    _ body: (UnsafeMutablePointer<TestSchedulerRadixEntry>) -> Result
  ) -> Result {
    withUnsafeMutablePointer(to: &small) { tuple in
      tuple.withMemoryRebound(to: TestSchedulerRadixEntry.self, capacity: Self.smallCapacity, body)
    }
  }

  @inline(__always)
  private mutating func smallEntry(_ index: Int) -> TestSchedulerRadixEntry {
    withSmall { $0[index] }
  }

  /// Inserts `entry` below every entry that runs before it: those with an earlier deadline or the same one
  /// (scheduled before it, so first in, first out). `small` has room.
  @inline(__always)
  private mutating func placeInSmall(_ entry: TestSchedulerRadixEntry) {
    let count = smallCount
    withSmall { small in
      var index = count
      while index > 0 && !(entry.key < small[index &- 1].key) {
        small[index] = small[index &- 1]
        index &-= 1
      }
      small[index] = entry
    }
    smallCount = count &+ 1
  }

  /// Removes the entry of `slot` from `small`, keeping the others in order.
  @inline(__always)
  private mutating func removeSmall(slot: UInt32) {
    let count = smallCount
    let removed = withSmall { small in
      var index = count &- 1  // the next to run: the likeliest to be cancelled (a timeout that lost its race)
      while index >= 0 && small[index].slot != slot { index &-= 1 }
      guard index >= 0 else { return false }
      while index &+ 1 < count {
        small[index] = small[index &+ 1]
        index &+= 1
      }
      return true
    }
    if removed { smallCount = count &- 1 }
  }

  /// Moves the entries of a full `small` into the radix heap, which is empty. The cursor goes to `lastTaken`,
  /// at most their keys and every key scheduled later, so none is early (their minimum would send every later
  /// key before it to the early heap: a million random deadlines scheduled at once, say). They go in in
  /// running order, so equal deadlines keep their order in a bucket.
  private mutating func moveSmallToRadix() {
    // `entries == 0`: bucket 0 may still hold entries taken out (before `frontHead`), every other bucket and
    // `early` are empty.
    buckets[0].removeAll(keepingCapacity: true)
    frontHead = 0
    occupied = (0, 0, 0)
    let count = smallCount
    // The minimum too, should a deadline ever be scheduled before the last one taken out: the radix heap needs
    // every key it holds at or after the cursor (later keys before it would go to `early`).
    let minimum = smallEntry(count - 1).key
    cursor = minimum < lastTaken ? minimum : lastTaken
    for index in stride(from: count - 1, through: 0, by: -1) {
      let entry = smallEntry(index)
      let bucket = entry.key.bucket(from: cursor)
      buckets[bucket].append(entry)
      markOccupied(bucket)
    }
    entries = count
    smallCount = 0
  }

  /// Empties the heaps when every entry in them is stale (their slots were released when they were cancelled).
  private mutating func clearHeaps() {
    for word in 0..<3 {
      var bits = word == 0 ? occupied.0 | 1 : word == 1 ? occupied.1 : occupied.2
      while bits != 0 {
        buckets[word &* 64 &+ bits.trailingZeroBitCount].removeAll(keepingCapacity: true)
        bits &= bits &- 1
      }
    }
    occupied = (0, 0, 0)
    frontHead = 0
    early.removeAll(keepingCapacity: true)
    entries = 0
    stale = 0
  }

  // MARK: - Slots

  /// Gives `body` the inline slots as a C array.
  @inline(__always)
  private mutating func withInlineSlots<Result>(
    _ body: (UnsafeMutablePointer<TestSchedulerSlot>) -> Result
  ) -> Result {
    withUnsafeMutablePointer(to: &inlineSlots) { tuple in
      tuple.withMemoryRebound(to: TestSchedulerSlot.self, capacity: Self.smallCapacity, body)
    }
  }

  /// Whether token (`slot`, `generation`) names a pending action: an inline or array slot that holds a closure
  /// and has not been reused since.
  private mutating func isPending(slot: UInt32, generation: UInt32) -> Bool {
    if slot >= Self.inlineSlotBase {
      let index = Int(slot &- Self.inlineSlotBase)
      guard index < Self.smallCapacity else { return false }
      return withInlineSlots { $0[index].generation == generation && $0[index].action != nil }
    }
    let index = Int(slot)
    return index < slots.count && slots[index].generation == generation && slots[index].action != nil
  }

  /// Takes the closure out of slot `slot` (inline or array), bumps its generation and frees it.
  @inline(__always)
  private mutating func release(slot: UInt32) -> (@Sendable () -> Void)? {
    slot >= Self.inlineSlotBase ? releaseInline(slot: slot) : releaseArray(slot: Int(slot))
  }

  /// `release(slot:)` for an inline slot.
  @inline(__always)
  private mutating func releaseInline(slot: UInt32) -> (@Sendable () -> Void)? {
    let index = Int(slot &- Self.inlineSlotBase)
    freeInlineSlots |= 1 << UInt8(truncatingIfNeeded: index)
    // Returned in a concrete struct: a closure returned as a generic result would be re-abstracted.
    return withInlineSlots { slots in
      slots[index].generation &+= 1
      return RemovedAction(action: slots[index].action.take())
    }.action
  }

  /// `release(slot:)` for an array slot.
  @inline(__always)
  private mutating func releaseArray(slot: Int) -> (@Sendable () -> Void)? {
    let next = freeSlot
    // One access to the array, no bounds checks: `slot` comes from the queue's own entries, or from a token
    // id that `cancel` checked. The closure comes out in a concrete struct: returned as a generic result it
    // would be re-abstracted.
    let removed = slots.withUnsafeMutableBufferPointer { slots in
      let released = slots.baseAddress.unsafelyUnwrapped + slot
      released.pointee.generation &+= 1
      released.pointee.nextFree = next
      return RemovedAction(action: released.pointee.action.take())
    }
    freeSlot = UInt32(truncatingIfNeeded: slot)
    return removed.action
  }

  /// Whether a heap entry's action is still pending: its slot's generation has not moved on.
  @inline(__always)
  private mutating func isLive(slot: UInt32, generation: UInt32) -> Bool {
    if slot >= Self.inlineSlotBase {
      let index = Int(slot &- Self.inlineSlotBase)
      return withInlineSlots { $0[index].generation } == generation
    }
    return slots[Int(slot)].generation == generation
  }

  // MARK: - Radix heap

  @inline(__always)
  private mutating func markOccupied(_ bucket: Int) {
    switch bucket >> 6 {
    case 0: occupied.0 |= 1 << UInt64(bucket & 63)
    case 1: occupied.1 |= 1 << UInt64(bucket & 63)
    default: occupied.2 |= 1 << UInt64(bucket & 63)
    }
  }

  /// The lowest occupied bucket above 0, or `nil`.
  private func firstOccupiedBucket() -> Int? {
    let low = occupied.0 & ~1
    if low != 0 { return low.trailingZeroBitCount }
    if occupied.1 != 0 { return 64 + occupied.1.trailingZeroBitCount }
    if occupied.2 != 0 { return 128 + occupied.2.trailingZeroBitCount }
    return nil
  }

  /// The key and slot of the next live entry (the top of `early` if any, else `buckets[0][frontHead]`),
  /// dropping stale entries and refilling bucket 0 on the way; `nil` when nothing is pending.
  private mutating func findFirst() -> (TestSchedulerRadixKey, UInt32)? {
    while let first = early.first {
      if isLive(slot: first.slot, generation: first.generation) { return (first.key, first.slot) }
      removeFirstEarly()
      entries -= 1
      stale -= 1
    }
    while true {
      if frontHead < buckets[0].count {
        let first = buckets[0][frontHead]
        if isLive(slot: first.slot, generation: first.generation) { return (first.key, first.slot) }
        frontHead += 1
        entries -= 1
        stale -= 1
        continue
      }
      if frontHead > 0 {
        buckets[0].removeAll(keepingCapacity: true)
        frontHead = 0
      }
      occupied.0 &= ~1
      guard let bucket = firstOccupiedBucket() else { return nil }
      redistribute(bucket)
    }
  }

  /// Moves the cursor to the minimum of `buckets[bucket]` (the lowest occupied one) and its entries down.
  private mutating func redistribute(_ bucket: Int) {
    var source: [TestSchedulerRadixEntry] = []
    swap(&source, &buckets[bucket])
    switch bucket >> 6 {
    case 0: occupied.0 &= ~(1 << UInt64(bucket & 63))
    case 1: occupied.1 &= ~(1 << UInt64(bucket & 63))
    default: occupied.2 &= ~(1 << UInt64(bucket & 63))
    }
    let checks = source.count <= Self.checkedPass
    source.withUnsafeBufferPointer { source in
      var minimum = source[0].key
      for entry in source.dropFirst() where entry.key < minimum { minimum = entry.key }
      cursor = minimum
      for entry in source {
        if checks && !isLive(slot: entry.slot, generation: entry.generation) {
          entries -= 1
          stale -= 1
          continue
        }
        let target = entry.key.bucket(from: minimum)
        buckets[target].append(entry)
        markOccupied(target)
      }
    }
    // Bucket `bucket` is still empty (every key moved below it): give it its storage back.
    source.removeAll(keepingCapacity: true)
    swap(&source, &buckets[bucket])
  }

  /// Drops every stale entry: O(n), amortized over the cancellations that caused it.
  private mutating func compact() {
    let slots = self.slots
    let inlineGenerations = withInlineSlots { slots in (0..<Self.smallCapacity).map { slots[$0].generation } }
    func isLive(slot: UInt32, generation: UInt32) -> Bool {
      if slot >= Self.inlineSlotBase { return inlineGenerations[Int(slot &- Self.inlineSlotBase)] == generation }
      return slots[Int(slot)].generation == generation
    }
    func isLive(_ entry: TestSchedulerRadixEntry) -> Bool { isLive(slot: entry.slot, generation: entry.generation) }
    if frontHead > 0 {
      buckets[0].removeFirst(frontHead)
      frontHead = 0
    }
    occupied = (0, 0, 0)
    for bucket in buckets.indices where !buckets[bucket].isEmpty {
      buckets[bucket].removeAll { !isLive($0) }
      if !buckets[bucket].isEmpty { markOccupied(bucket) }
    }
    early.removeAll { !isLive(slot: $0.slot, generation: $0.generation) }
    early.withUnsafeMutableBufferPointer { buffer in
      guard buffer.count > 1 else { return }
      for index in stride(from: (buffer.count - 2) / 4, through: 0, by: -1) {
        Self.siftDown(buffer, from: index)
      }
    }
    entries -= stale
    stale = 0
  }

  // MARK: - Early 4-ary heap

  private mutating func removeFirstEarly() {
    let last = early.removeLast()
    guard !early.isEmpty else { return }
    early.withUnsafeMutableBufferPointer { buffer in
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
