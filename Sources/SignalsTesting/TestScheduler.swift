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
/// let fired = CurrentValueSignal<Bool, Never>(false)
/// scheduler.schedule(after: .seconds(2.6)) { fired.value = true }
/// scheduler.advance(by: .seconds(2))    // fired.value == false, now == 2 s
/// scheduler.advance(by: .seconds(0.6))  // fired.value == true,  now == 2.6 s
/// ```
///
/// The rules:
/// - Actions run in order of deadline; actions due at the same instant run in the order they were
///   scheduled (first in, first out).
/// - While an action runs, ``now`` is its deadline. Work it schedules at or before the end of the
///   current advance (for instance "now", from inside an action) runs in the same advance.
/// - Scheduling in the past (a deadline before ``now``) is the same as scheduling at ``now``: the
///   action runs at the next advance, after the actions already due at ``now``.
///   `schedule(_:)` never runs its action synchronously.
/// - An action runs unless it is cancelled: ``cancel(_:)`` removes it and releases its closure at once;
///   discarding the returned handle does nothing.
/// - ``scheduleAtEndOfInstant(_:)`` actions run once nothing more is due at the current instant, after
///   the work scheduled for it while it runs: a second lane, drained before time moves on.
/// - It is thread-safe: schedule, cancel and read ``now`` from any thread. The lock is never held while
///   an action runs, so actions may schedule, cancel and even advance. Advancing from two threads at
///   once is allowed but runs actions concurrently; tests normally advance from one.
/// - Scheduling and running an action are O(log n) with n actions pending (one binary heap ordered by
///   deadline, then scheduling order); cancelling one is O(1) and releases its closure at once.
///
/// It is also the clock of async code (``clock``) and runs async tasks in virtual time
/// (``executor``, which is its ``taskExecutor``): see ``TestClock``.
public final class TestScheduler: SignalScheduler, Sendable {
  let state = Locked(TestSchedulerState())
  /// Whether ``taskExecutor`` is offered: `false` plays, on any OS, one without task executors.
  let offersTaskExecutor: Bool
  /// Receives the refusal of async work the scheduler cannot run in virtual time; `nil`: a precondition failure.
  let asyncWorkRefused: (@Sendable (String) -> Void)?

  /// The default for ``run(limit:)``: enough for any finite test, small enough to stop an endless timer quickly.
  public static let defaultRunLimit = 1_000_000

  /// Creates a scheduler at virtual time zero with nothing pending.
  public init() {
    offersTaskExecutor = true
    asyncWorkRefused = nil
  }

  /// A scheduler that hands the refusal of async work it cannot run in virtual time (no task executors) to
  /// `asyncWorkRefused` instead of failing a precondition, and that offers its task executor only if
  /// `offersTaskExecutor`: how `IntroTesting`'s harness records the refusal as a test failure, and how tests
  /// play an OS without task executors.
  package init(offersTaskExecutor: Bool, asyncWorkRefused: (@Sendable (String) -> Void)?) {
    self.offersTaskExecutor = offersTaskExecutor
    self.asyncWorkRefused = asyncWorkRefused
  }

  /// The current virtual instant.
  public var now: SignalInstant { SignalInstant(offset: state.withLock { $0.now }) }

  /// The number of actions waiting to run (cancelled ones are not counted).
  ///
  /// Async sleepers on ``clock`` count as one pending action each.
  public var pendingCount: Int { state.withLock { $0.queue.count + $0.endOfInstant.count } }

  /// The deadline of the next pending action, or `nil` when nothing is pending.
  public var nextDeadline: SignalInstant? {
    state.withLock { $0.endOfInstant.count > 0 ? $0.now : $0.queue.nextDeadline() }.map(SignalInstant.init(offset:))
  }

  /// Schedules `action` at `deadline`; a deadline in the past means the current instant.
  ///
  /// The action runs at an advance that reaches `deadline`, unless ``cancel(_:)`` is called with the
  /// returned handle first (discarding the handle does not cancel it). The handle names the action by id.
  @discardableResult
  public func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    insert(action) { $0.deadline(at: deadline) }
  }

  /// Schedules `action` once `delay` has passed; a zero or negative delay means the current instant (it runs
  /// at the next advance, even by zero, after the actions already due).
  @discardableResult
  public func schedule(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    insert(action) { $0.deadline(after: delay) }
  }

  /// Schedules `action` to run once nothing more is due at the current instant: after the instant's
  /// ordinary actions, including those scheduled for this instant while they run (a `receive(on:)` hop, a
  /// `delay(.zero)`, a signal subscribed then), and after the async task steps they make ready.
  ///
  /// End-of-instant actions run first in, first out. Ordinary work that one of them schedules for the
  /// current instant runs before the next end-of-instant action; then virtual time moves on. Scheduled
  /// outside an advance, the action runs at the next advance (even by zero), after the work due now.
  @discardableResult
  public func scheduleAtEndOfInstant(_ action: consuming @escaping @Sendable () -> Void) -> SignalScheduledAction {
    var moving = action
    let id = state.withLock { state in
      let taken = moving
      moving = Self.noAction
      return state.endOfInstant.append(taken)
    }
    return SignalScheduledAction(id: id, object: EndOfInstantMarker.shared)
  }

  /// Inserts `action` at the key `deadline` computes under the lock.
  ///
  /// Moved, not copied, into the queue: the caller's reference to the closure becomes the queue's. Not
  /// through `Optional.take()`: a closure travels in a concrete type (the Engines article, rule 5).
  @inline(__always)
  private func insert(
    _ action: consuming @escaping @Sendable () -> Void,
    at deadline: (TestSchedulerState) -> TestSchedulerKey
  ) -> SignalScheduledAction {
    var moving = action
    return SignalScheduledAction(
      id: state.withLock { state in
        let taken = moving
        moving = Self.noAction
        return state.queue.insert(at: deadline(state), taken)
      })
  }

  /// What a moved-from closure variable holds: a closure without a context, so releasing it is free.
  private static let noAction: @Sendable () -> Void = {}

  /// Removes the pending action of `action` and releases its closure; ignored if it ran or was cancelled.
  public func cancel(_ action: SignalScheduledAction) {
    // Returned in a concrete struct (the Engines article, rule 5).
    let removed: RemovedAction
    if action.object == nil {
      removed = state.withLock { RemovedAction(action: $0.queue.cancel(id: action.id)) }
    } else if action.object === EndOfInstantMarker.shared {
      removed = state.withLock { RemovedAction(action: $0.endOfInstant.cancel(id: action.id)) }
    } else {
      return  // not one of this scheduler's handles
    }
    _ = removed  // released here, outside the lock
  }

  /// The executor that runs async tasks in this scheduler's virtual time (``executor``).
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public var taskExecutor: (any TaskExecutor)? { offersTaskExecutor ? executor : nil }

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
    let removed = state.withLock { ($0.queue.removeAll(), $0.endOfInstant.removeAll()) }
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

extension TestScheduler: VirtualTimeScheduler {
  /// Why async work is refused where task executors do not exist.
  package static let asyncWorkRefusal = """
    Signals: async work on a TestScheduler (TaskSignal(on:), AsyncSequenceSignal.on(_:), IntroWork.task) \
    needs task executors, which this OS does not have: they need \(taskExecutorOSVersions). Here the work \
    would run on the global executor, in real time, and the test would depend on the wall clock. Mark the \
    test @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *).
    """

  /// Refuses async work it cannot run in virtual time: see ``asyncWorkRefusal``.
  package func refuseAsyncWork() {
    guard let asyncWorkRefused else { preconditionFailure(Self.asyncWorkRefusal) }
    asyncWorkRefused(Self.asyncWorkRefusal)
  }
}
