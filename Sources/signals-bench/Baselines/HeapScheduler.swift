// The *heap* baseline: a plain binary-heap scheduler of (deadline, sequence,
// closure) entries, written the way one would write it for a single thread:
// an array, sift up on insert, sift down on removal, entries swapped in place.
// Deadlines are `Int64` nanoseconds (one machine word to compare, not a
// `Duration`'s two); no cancellation handles.
// Equal deadlines run in the order they were scheduled, like TestScheduler.
//
// The sifts work on the array's buffer (`withUnsafeMutableBufferPointer`), the
// usual way to write a heap in Swift: it keeps the uniqueness check and the
// array's reference count out of the inner loop.

/// A single-threaded virtual-time scheduler on a binary min-heap.
struct HeapScheduler {
  struct Entry {
    /// Nanoseconds from the start of virtual time.
    var deadline: Int64
    var sequence: UInt64
    var action: () -> Void
  }

  /// The current virtual instant, in nanoseconds.
  private(set) var now: Int64 = 0
  private var entries: [Entry] = []
  private var sequence: UInt64 = 0

  init(capacity: Int = 0) {
    entries.reserveCapacity(capacity)
  }

  /// Whether `heap[index]` runs before `heap[other]`: earlier deadline, then first scheduled.
  /// Compares the keys in place (copying whole entries would retain their closures).
  private static func runsBefore(_ heap: UnsafeMutableBufferPointer<Entry>, _ index: Int, _ other: Int) -> Bool {
    let deadline = heap[index].deadline
    let otherDeadline = heap[other].deadline
    return deadline < otherDeadline || (deadline == otherDeadline && heap[index].sequence < heap[other].sequence)
  }

  /// Runs `action` at `deadline` nanoseconds (at `now` if it has passed).
  mutating func schedule(at deadline: Int64, _ action: @escaping () -> Void) {
    sequence += 1
    entries.append(Entry(deadline: max(deadline, now), sequence: sequence, action: action))
    entries.withUnsafeMutableBufferPointer { heap in
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard Self.runsBefore(heap, child, parent) else { break }
        heap.swapAt(child, parent)
        child = parent
      }
    }
  }

  /// Removes and returns the entry that runs next.
  mutating func popFirst() -> Entry? {
    guard !entries.isEmpty else { return nil }
    entries.swapAt(0, entries.count - 1)
    let first = entries.removeLast()
    entries.withUnsafeMutableBufferPointer { heap in
      var parent = 0
      while true {
        let left = 2 * parent + 1
        guard left < heap.count else { break }
        var smallest = left
        if left + 1 < heap.count && Self.runsBefore(heap, left + 1, left) { smallest = left + 1 }
        guard Self.runsBefore(heap, smallest, parent) else { break }
        heap.swapAt(parent, smallest)
        parent = smallest
      }
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

  /// Runs every entry due at or before `instant` in order (each at its deadline), then moves `now` to
  /// `instant`.
  mutating func run(until instant: Int64) {
    while !entries.isEmpty && entries[0].deadline <= instant, let entry = popFirst() {
      now = entry.deadline
      entry.action()
    }
    now = max(now, instant)
  }
}
