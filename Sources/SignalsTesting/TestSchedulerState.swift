import Signals

// What a `TestScheduler` keeps under its lock: the clock, the queue of timed actions, the async jobs
// and the end-of-instant lane, and the step that picks the next piece of work.

/// Marks a handle from ``TestScheduler/scheduleAtEndOfInstant(_:)``: its id numbers the lane, not the queue.
final class EndOfInstantMarker: Sendable {
  static let shared = EndOfInstantMarker()
}

/// The end-of-instant lane: actions in scheduling order, each named by a sequence number.
struct EndOfInstantLane {
  /// One waiting action. A struct, not a tuple (the Engines article, rule 5).
  struct Entry {
    var id: UInt64
    var action: (@Sendable () -> Void)?
  }

  private var entries: [Entry] = []
  private var head = 0
  private var nextID: UInt64 = 1
  /// The number of live (not cancelled) actions waiting.
  private(set) var count = 0

  /// Appends `action`; returns its id.
  mutating func append(_ action: @escaping @Sendable () -> Void) -> UInt64 {
    let id = nextID
    nextID += 1
    entries.append(Entry(id: id, action: action))
    count += 1
    return id
  }

  /// Takes out the first live action.
  mutating func popFirst() -> (@Sendable () -> Void)? {
    while head < entries.count {
      let action = entries[head].action
      entries[head].action = nil
      head += 1
      if let action {
        count -= 1
        if count == 0 { compact() }
        return action
      }
    }
    compact()
    return nil
  }

  /// Removes the action `id`, if it is still waiting; returns it, to release outside the lock.
  mutating func cancel(id: UInt64) -> (@Sendable () -> Void)? {
    guard let index = entries[head...].firstIndex(where: { $0.id == id }), let action = entries[index].action
    else { return nil }
    entries[index].action = nil
    count -= 1
    if count == 0 { compact() }
    return action
  }

  /// Removes every action; returns them, to release outside the lock.
  mutating func removeAll() -> [Entry] {
    defer {
      entries = []
      head = 0
      count = 0
    }
    return entries
  }

  private mutating func compact() {
    entries.removeAll(keepingCapacity: true)
    head = 0
  }
}

/// An action taken out of the queue, to release outside the lock.
struct RemovedAction {
  var action: (@Sendable () -> Void)?
}

/// A step of work for the drain loop.
enum TestSchedulerWork {
  case action(@Sendable () -> Void)
  case job(UnownedJob)
  /// Nothing is due: the drain is over.
  case idle
}

/// Everything a `TestScheduler` guards with its lock.
struct TestSchedulerState {
  var now: Duration = .zero
  var queue = TestSchedulerQueue()
  /// Async task steps enqueued on the scheduler's executor, first in first out.
  var jobs: [UnownedJob] = []
  var jobsHead = 0
  /// Actions that run once nothing more is due at the current instant.
  var endOfInstant = EndOfInstantLane()

  /// The queue key of `deadline`; a deadline in the past means `now`.
  @inline(__always)
  func deadline(at deadline: SignalInstant) -> TestSchedulerKey {
    TestSchedulerKey(deadline.offset).atLeast(TestSchedulerKey(now))
  }

  /// The queue key of `now + delay`; a negative delay means `now`.
  @inline(__always)
  func deadline(after delay: Duration) -> TestSchedulerKey {
    TestSchedulerKey(now).advanced(byAtLeastZero: delay)
  }

  /// The next step: a waiting async task step first, then the next action due by `deadline` (all, if `nil`).
  /// When nothing is due, moves `now` to `deadline` and returns `.idle`.
  @inline(__always)
  mutating func next(dueBy deadline: Duration?) -> TestSchedulerWork {
    if jobsHead < jobs.count {
      let job = jobs[jobsHead]
      jobsHead += 1
      if jobsHead == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        jobsHead = 0
      }
      return .job(job)
    }
    // Compared as queue keys (inlined), not as `Duration`s (calls). A deadline in the past runs what is due
    // now: time never goes back.
    let current = TestSchedulerKey(now)
    if endOfInstant.count > 0 {
      // The instant's ordinary work first (nothing is due before `now`), then its end-of-instant lane.
      if let (_, action) = queue.popFirst(dueBy: current) { return .action(action) }
      if let action = endOfInstant.popFirst() { return .action(action) }
    }
    let limit = deadline.map { TestSchedulerKey($0).atLeast(current) }
    if let (due, action) = queue.popFirst(dueBy: limit) {
      if current < due { now = due.duration }
      return .action(action)
    }
    if let limit, current < limit { now = limit.duration }
    return .idle
  }
}
