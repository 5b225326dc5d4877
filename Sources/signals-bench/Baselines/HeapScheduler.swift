// The *heap* baseline: a plain binary-heap scheduler of (deadline, sequence,
// closure) entries, written the way one would write it for a single thread.
// Equal deadlines run in the order they were scheduled, like TestScheduler.

/// A single-threaded virtual-time scheduler on a binary min-heap.
struct HeapScheduler {
  struct Entry {
    var deadline: Duration
    var sequence: UInt64
    var action: () -> Void

    func runsBefore(_ other: Entry) -> Bool {
      deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
    }
  }

  private(set) var now = Duration.zero
  private var entries: [Entry] = []
  private var sequence: UInt64 = 0

  init(capacity: Int = 0) {
    entries.reserveCapacity(capacity)
  }

  /// Runs `action` at `deadline` (at `now` if it has passed).
  mutating func schedule(at deadline: Duration, _ action: @escaping () -> Void) {
    sequence += 1
    entries.append(Entry(deadline: max(deadline, now), sequence: sequence, action: action))
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].runsBefore(entries[parent]) else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the entry that runs next.
  mutating func popFirst() -> Entry? {
    guard !entries.isEmpty else { return nil }
    entries.swapAt(0, entries.count - 1)
    let first = entries.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < entries.count else { break }
      var smallest = left
      if left + 1 < entries.count && entries[left + 1].runsBefore(entries[left]) { smallest = left + 1 }
      guard entries[smallest].runsBefore(entries[parent]) else { break }
      entries.swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }

  /// Runs every entry in order, advancing `now` to each deadline.
  mutating func run() {
    while let entry = popFirst() {
      now = entry.deadline
      entry.action()
    }
  }
}
