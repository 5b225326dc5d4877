import Signals
import SignalsTesting
import Testing

private func load(clock: some Clock<Duration>) async throws -> String {
  try await clock.sleep(for: .seconds(1))
  return "ok"
}

@Suite(.timeLimit(.minutes(1))) struct TestClockTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aLoaderSleepsInVirtualTimeAndFinishesInsideTheAdvance() async throws {
    let scheduler = TestScheduler()
    let finishedAt = Locked<SignalInstant?>(nil)
    let task = scheduler.startTask {
      let result = try await load(clock: scheduler.clock)
      finishedAt.withLock { $0 = scheduler.now }
      return result
    }
    scheduler.advance()  // the task starts and goes to sleep until 1 s
    #expect(scheduler.pendingCount == 1)
    #expect(scheduler.nextDeadline == SignalInstant(offset: .seconds(1)))
    scheduler.advance(by: .milliseconds(999))
    #expect(finishedAt.withLock { $0 } == nil)
    scheduler.advance(by: .milliseconds(1))
    // Deterministic: the task ran to its end inside the advance.
    #expect(finishedAt.withLock { $0 } == SignalInstant(offset: .seconds(1)))
    #expect(try await task.value == "ok")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aTaskNotYetStartedStartsInTheAdvanceThatCoversItsSleep() async throws {
    let scheduler = TestScheduler()
    let task = scheduler.startTask { try await load(clock: scheduler.clock) }
    scheduler.advance(by: .seconds(1))  // starts at 0, sleeps until 1 s, wakes at 1 s
    #expect(scheduler.pendingCount == 0)
    #expect(try await task.value == "ok")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func sleepersAndSignalActionsShareOneTimelineInOrder() async throws {
    let scheduler = TestScheduler()
    let trace = Trace<String>()
    let tokens = [
      scheduler.schedule(after: .seconds(1)) { trace.append("action 1 s") },
      scheduler.schedule(after: .seconds(2)) { trace.append("action 2 s") },
    ]
    let task = scheduler.startTask {
      for _ in 0..<3 {
        try await scheduler.clock.sleep(for: .milliseconds(750))
        trace.append("task \(scheduler.now)")
      }
    }
    scheduler.advance(by: .seconds(2))
    #expect(trace.all == ["task 0.75 seconds", "action 1 s", "task 1.5 seconds", "action 2 s"])
    scheduler.advance(by: .seconds(1))
    #expect(trace.all.last == "task 2.25 seconds")
    try await task.value
    withExtendedLifetime(tokens) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingASleepingTaskThrowsPromptlyAndRemovesTheSleep() async throws {
    let scheduler = TestScheduler()
    let task = scheduler.startTask { try await load(clock: scheduler.clock) }
    scheduler.advance()
    #expect(scheduler.pendingCount == 1)
    task.cancel()
    #expect(scheduler.pendingCount == 0)  // removed by the cancellation itself
    scheduler.advance()  // runs the task's next step: the throw
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(scheduler.now == .zero)
  }

  @Test func cancellingASleeperOnTheGlobalExecutorThrowsWithoutAnyAdvance() async throws {
    let scheduler = TestScheduler()
    let task = Task { try await load(clock: scheduler.clock) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(scheduler.pendingCount == 0)
    #expect(scheduler.now == .zero)
  }

  @Test func aSleeperOnTheGlobalExecutorIsResumedByTheAdvance() async throws {
    let scheduler = TestScheduler()
    let clock = TestClock(scheduler: scheduler)
    let task = Task { try await load(clock: clock) }
    // Not on the scheduler's executor: wait (event-driven, no yielding) until it sleeps.
    while scheduler.pendingCount == 0 { await Task.yield() }
    clock.advance(by: .seconds(1))
    #expect(try await task.value == "ok")
  }

  @Test func aDeadlineNotInTheFutureReturnsAtOnce() async throws {
    let scheduler = TestScheduler()
    scheduler.advance(by: .seconds(5))
    let clock = scheduler.clock
    try await clock.sleep(until: SignalInstant(offset: .seconds(5)))
    try await clock.sleep(for: .seconds(-1))
    try await clock.sleep(for: .zero)
    #expect(scheduler.pendingCount == 0)
    #expect(clock.now == SignalInstant(offset: .seconds(5)))
    #expect(clock.minimumResolution == .zero)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anAlreadyCancelledTaskThrowsWithoutSleeping() async throws {
    let scheduler = TestScheduler()
    let task = scheduler.startTask {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await load(clock: scheduler.clock)
    }
    scheduler.advance()
    #expect(scheduler.pendingCount == 0)
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func runDrivesAsyncTasksToTheirEnd() async throws {
    let scheduler = TestScheduler()
    let task = scheduler.startTask {
      var total = 0
      for step in 1...10 {
        try await scheduler.clock.sleep(for: .seconds(step))
        total += step
      }
      return total
    }
    let summary = scheduler.run()
    #expect(summary.isIdle)
    #expect(scheduler.now == SignalInstant(offset: .seconds(55)))
    #expect(try await task.value == 55)
  }
}
