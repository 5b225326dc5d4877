import Signals

/// The `TaskExecutor` of a ``TestScheduler``: async tasks that prefer it run only inside the scheduler's
/// `advance` and `run`, on the thread that calls them.
///
/// Each step of such a task (from one suspension to the next) is queued here when it becomes ready and
/// runs at the next advance, before the next timed action: so `advance(by:)` interleaves async code and
/// signals deterministically, in virtual time. See ``TestClock``.
///
/// A task queued here makes no progress while nobody advances: awaiting its value from the test without
/// advancing first waits forever. Call `advance(by: .zero)` to run what is ready.
public final class TestSchedulerExecutor: Sendable {
  let state: Locked<TestSchedulerState>

  init(state: Locked<TestSchedulerState>) {
    self.state = state
  }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension TestSchedulerExecutor: TaskExecutor {
  /// Queues `job` until the scheduler's next advance.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.jobs.append(job) }
  }
}

extension TestScheduler {
  /// The executor that runs async tasks in this scheduler's virtual time; see ``TestSchedulerExecutor``.
  public var executor: TestSchedulerExecutor { TestSchedulerExecutor(state: state) }

  /// Starts `operation` as a task on ``executor``: it runs only inside this scheduler's advances.
  ///
  /// <!-- setup
  /// let scheduler = TestScheduler()
  /// func load(clock: TestClock) async throws -> String {
  ///   try await clock.sleep(for: .seconds(1))
  ///   return "ok"
  /// }
  /// -->
  /// ```swift
  /// let task = scheduler.startTask { try await load(clock: scheduler.clock) }
  /// scheduler.advance(by: .seconds(1))
  /// #expect(try await task.value == "ok")
  /// ```
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @discardableResult
  public func startTask<Success: Sendable>(
    _ operation: sending @escaping () async throws -> Success
  ) -> Task<Success, any Error> {
    Task(executorPreference: executor, operation: operation)
  }

  /// Runs one queued async task step on the calling thread.
  func runJob(_ job: UnownedJob) {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      job.runSynchronously(on: executor.asUnownedTaskExecutor())
    } else {
      preconditionFailure("Signals: TestScheduler: task executors need macOS 15 / iOS 18")
    }
  }
}
