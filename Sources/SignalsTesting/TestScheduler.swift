import Signals

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A scheduler on virtual time: nothing runs until the test advances the clock.
///
/// It starts at `SignalInstant.zero` and moves only when you call ``advance(by:)``,
/// ``advance(to:)`` or ``run(limit:)``, which run the due actions on the calling thread:
///
/// ```swift
/// let scheduler = TestScheduler()
/// var fired = false
/// let token = scheduler.schedule(after: .seconds(2.6)) { fired = true }
/// scheduler.advance(by: .seconds(2))    // fired == false, now == 2 s
/// scheduler.advance(by: .seconds(0.6))  // fired == true,  now == 2.6 s
/// ```
///
/// The rules:
/// - Actions run in order of deadline; actions due at the same instant run in the order they were
///   scheduled (first in, first out).
/// - While an action runs, ``now`` is its deadline. Work it schedules at or before the end of the
///   current advance (for instance "now", from inside an action) runs in the same advance.
/// - Scheduling in the past (a deadline before ``now``) is the same as scheduling at ``now``: the
///   action runs at the next advance, after the actions already due at ``now``.
///   ``schedule(_:)`` never runs its action synchronously.
/// - Cancelling or releasing an action's subscription removes it and releases its closure at once.
/// - It is thread-safe: schedule, cancel and read ``now`` from any thread. The lock is never held while
///   an action runs, so actions may schedule, cancel and even advance. Advancing from two threads at
///   once is allowed but runs actions concurrently; tests normally advance from one.
/// - Scheduling and cancelling an action are O(1); running one is amortized O(log n) in practice with n
///   actions pending (a radix heap: an action moves at most once per bit of its deadline). Scheduling
///   before a deadline that ``nextDeadline`` or an advance already looked at is O(log n).
///
/// It is also the clock of async code (``clock``) and can run async tasks in virtual time
/// (``executor``): see ``TestClock``.
public final class TestScheduler: SignalScheduler, SubscriptionTarget, Sendable {
  let state = Locked(TestSchedulerState())

  /// The default for ``run(limit:)``: enough for any finite test, small enough to stop an endless timer quickly.
  public static let defaultRunLimit = 1_000_000

  /// Creates a scheduler at virtual time zero with nothing pending.
  public init() {}

  /// The current virtual instant.
  public var now: SignalInstant { SignalInstant(offset: state.withLock { $0.now }) }

  /// The number of actions waiting to run (cancelled ones are not counted).
  ///
  /// Async sleepers on ``clock`` count as one pending action each.
  public var pendingCount: Int { state.withLock { $0.queue.count } }

  /// The deadline of the next pending action, or `nil` when nothing is pending.
  public var nextDeadline: SignalInstant? {
    state.withLock { $0.queue.nextDeadline() }.map(SignalInstant.init(offset:))
  }

  /// Schedules `action` at the current virtual instant; it runs at the next advance (even by zero).
  public func schedule(_ action: @escaping @Sendable () -> Void) -> SignalSubscription {
    let id = state.withLock { $0.queue.insert(at: $0.now, action) }
    return SignalSubscription(target: self, id: id)
  }

  /// Schedules `action` at `deadline`; a deadline in the past means the current instant.
  public func schedule(at deadline: SignalInstant, _ action: @escaping @Sendable () -> Void) -> SignalSubscription {
    let id = state.withLock { $0.queue.insert(at: $0.deadline(at: deadline), action) }
    return SignalSubscription(target: self, id: id)
  }

  /// Schedules `action` once `delay` has passed; a zero or negative delay means the current instant.
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> SignalSubscription {
    let id = state.withLock { $0.queue.insert(at: $0.deadline(after: delay), action) }
    return SignalSubscription(target: self, id: id)
  }

  /// Schedules `action` at `deadline` (a deadline in the past means the current instant) and names it by id
  /// in the returned handle: no allocation besides the closure's.
  public func scheduleTimer(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalTimerHandle
  {
    insertTimer(action) { $0.deadline(at: deadline) }
  }

  /// Schedules `action` once `delay` has passed (a zero or negative delay means the current instant) and
  /// names it by id in the returned handle.
  public func scheduleTimer(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalTimerHandle
  {
    insertTimer(action) { $0.deadline(after: delay) }
  }

  /// Inserts `action` at the key `deadline` computes under the lock.
  ///
  /// Moved, not copied, into the queue: the caller's reference to the closure becomes the queue's (a retain
  /// and a release less per timer). Not through `Optional.take()`: wrapping a closure in a generic
  /// `Optional` re-abstracts it, which allocates two thunks.
  @inline(__always)
  private func insertTimer(
    _ action: consuming @escaping @Sendable () -> Void,
    at deadline: (TestSchedulerState) -> TestSchedulerRadixKey
  ) -> SignalTimerHandle {
    var moving = action
    return SignalTimerHandle(
      id: state.withLock { state in
        let taken = moving
        moving = Self.noAction
        return state.queue.insert(at: deadline(state), taken)
      })
  }

  /// What a moved-from closure variable holds: a closure without a context, so releasing it is free.
  private static let noAction: @Sendable () -> Void = {}

  /// Removes the pending action of `handle` and releases its closure; ignored if it ran or was cancelled.
  public func cancelTimer(_ handle: SignalTimerHandle) {
    if let subscription = handle.subscription {
      subscription.cancel()
    } else {
      cancelSubscription(id: handle.id)
    }
  }

  /// Removes a pending action (the entry point of its subscription's `cancel()` and deinit).
  @usableFromInline
  package func cancelSubscription(id: UInt64) {
    // Returned in a concrete struct: a closure returned through `withLock`'s generic result would be
    // re-abstracted, which allocates a thunk.
    let removed = state.withLock { RemovedAction(action: $0.queue.cancel(id: id)) }
    _ = removed  // released here, outside the lock
  }

  /// Advances virtual time by `duration`, running every action due by then, in order.
  ///
  /// `advance(by: .zero)` runs what is due now, including work scheduled "now" and async tasks waiting
  /// on ``executor``.
  ///
  /// - Precondition: `duration` is not negative (virtual time never goes back).
  public func advance(by duration: Duration = .zero) {
    if let problem = Self.problem(advancingBy: duration) { preconditionFailure(problem) }
    let limit = state.withLock { $0.now } + duration
    drain(dueBy: limit, limit: .max)
  }

  /// Advances virtual time to `instant`, running every action due by then, in order.
  ///
  /// An `instant` before ``now`` does not move time back: it runs what is due now, like
  /// `advance(by: .zero)`.
  public func advance(to instant: SignalInstant) {
    drain(dueBy: instant.offset, limit: .max)
  }

  /// Runs actions, moving virtual time to each one's deadline, until nothing is pending.
  ///
  /// It runs at most `limit` actions (async task steps on ``executor`` included), so an endless
  /// source, such as a repeating timer nobody cancelled, cannot hang the test: it stops there, prints a
  /// message to standard error, and says so in the returned summary. Use ``advance(by:)`` for such
  /// pipelines.
  @discardableResult
  public func run(limit: Int = TestScheduler.defaultRunLimit) -> RunSummary {
    let (ran, idle) = drain(dueBy: nil, limit: limit)
    // Ending idle, the last look found nothing pending: no need to lock again to count.
    let summary = RunSummary(actionsRun: ran, pendingCount: idle ? 0 : pendingCount)
    if !summary.isIdle {
      var message = summary.description + "\n"
      message.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
    return summary
  }

  /// Removes every pending action without running it and releases their closures.
  ///
  /// Virtual time does not move. Async sleepers on ``clock`` are released too and never resume.
  public func cancelAll() {
    let removed = state.withLock { $0.queue.removeAll() }
    _ = removed  // released here, outside the lock
  }

  /// Runs due work until none is left (or `limit` steps ran); returns the number of steps, and whether it
  /// ended because nothing was left.
  @discardableResult
  private func drain(dueBy deadline: Duration?, limit: Int) -> (ran: Int, idle: Bool) {
    var ran = 0
    while ran < limit {
      let work = state.withLock { $0.next(dueBy: deadline) }
      switch consume work {
      case .action(let action):
        ran += 1
        action()
      case .job(let job):
        ran += 1
        runJob(job)
      case .idle:
        return (ran, true)
      }
    }
    return (ran, false)
  }

  /// Why `advance(by: duration)` is refused, or `nil` when it is fine. Backs the precondition.
  package static func problem(advancingBy duration: Duration) -> String? {
    guard duration < .zero else { return nil }
    return "Signals: TestScheduler.advance(by: \(duration)): the duration is negative; virtual time never goes back"
  }
}

extension TestScheduler {
  /// What ``TestScheduler/run(limit:)`` did.
  public struct RunSummary: Sendable, Hashable, CustomStringConvertible {
    /// The number of actions (and async task steps) that ran.
    public var actionsRun: Int
    /// The number of actions still pending: zero unless the limit stopped the run.
    public var pendingCount: Int

    /// Creates a summary.
    public init(actionsRun: Int, pendingCount: Int) {
      self.actionsRun = actionsRun
      self.pendingCount = pendingCount
    }

    /// Whether the run ended because nothing was left to run.
    public var isIdle: Bool { pendingCount == 0 }

    /// A sentence for logs and failure messages.
    public var description: String {
      if isIdle { return "TestScheduler.run(): ran \(actionsRun) actions; nothing is pending" }
      return """
        Signals: TestScheduler.run() stopped after \(actionsRun) actions with \(pendingCount) still pending: \
        an endless source (a repeating timer?) keeps scheduling work. Cancel it, or use advance(by:) instead \
        of run(), or pass a larger limit.
        """
    }
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

  /// The queue key of `deadline`; a deadline in the past means `now`.
  @inline(__always)
  func deadline(at deadline: SignalInstant) -> TestSchedulerRadixKey {
    TestSchedulerRadixKey(deadline.offset).atLeast(TestSchedulerRadixKey(now))
  }

  /// The queue key of `now + delay`; a negative delay means `now`.
  @inline(__always)
  func deadline(after delay: Duration) -> TestSchedulerRadixKey {
    TestSchedulerRadixKey(now).advanced(byAtLeastZero: delay)
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
    let current = TestSchedulerRadixKey(now)
    let limit = deadline.map { TestSchedulerRadixKey($0).atLeast(current) }
    if let (due, action) = queue.popFirst(dueBy: limit) {
      if current < due { now = due.duration }
      return .action(action)
    }
    if let limit, current < limit { now = limit.duration }
    return .idle
  }
}
