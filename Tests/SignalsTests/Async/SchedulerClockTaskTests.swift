import Signals
import SignalsTesting
import Testing

/// The app's real async load path, as an app writes it: it sleeps on whatever clock it is given.
private func loadPortfolio(clock: some Clock<Duration>, fails: Bool = false) async throws -> String {
  try await clock.sleep(for: .seconds(1))
  if fails { throw PortfolioError.offline }
  return "portfolio"
}

private enum PortfolioError: Error, Equatable {
  case offline
}

/// Async work on a scheduler's clock: `TaskSignal(on:)` and `AsyncSequenceSignal.on(_:)` run their task
/// on the scheduler's task executor, so a `TestScheduler` decides when it runs, deterministically.
@Suite(.timeLimit(.minutes(1))) struct SchedulerClockTaskTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aTaskSignalSleepingOneSecondCompletesInsideAdvanceByOneSecond() {
    let scheduler = TestScheduler()
    let load = TaskSignal(on: scheduler) { try await loadPortfolio(clock: scheduler.clock) }
    let log = EventLog<String, any Error>()
    let token = load.subscribe(log)
    scheduler.advance(by: .milliseconds(999))
    #expect(log.events.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(log.values == ["portfolio"])
    #expect(log.events.count == 2, "the value and finished, both inside the advance")
    withExtendedLifetime(token) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aFailureArrivesAtItsVirtualInstant() {
    let scheduler = TestScheduler()
    let load = TaskSignal(on: scheduler) { () async throws(PortfolioError) -> String in
      do {
        return try await loadPortfolio(clock: scheduler.clock, fails: true)
      } catch {
        throw .offline
      }
    }
    let failedAt = Locked<SignalInstant?>(nil)
    let token = load.sink(
      receiveCompletion: { completion in
        if case .failed(.offline) = completion { failedAt.withLock { $0 = scheduler.now } }
      },
      receiveValue: { _ in })
    scheduler.advance(by: .seconds(5))
    #expect(failedAt.withLock { $0 } == SignalInstant(offset: .seconds(1)))
    withExtendedLifetime(token) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theTaskRunsOnlyInsideTheSchedulersAdvances() {
    let scheduler = TestScheduler()
    let started = Locked(false)
    let load = TaskSignal(on: scheduler) { () async -> Int in
      started.withLock { $0 = true }
      return 1
    }
    let log = EventLog<Int, Never>()
    let token = load.subscribe(log)
    #expect(!started.withLock { $0 }, "subscribing only queues the task's first step")
    scheduler.advance()
    #expect(started.withLock { $0 })
    #expect(log.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingBeforeTheSleepEndsDeliversNothingAndRemovesTheSleep() {
    let scheduler = TestScheduler()
    let load = TaskSignal(on: scheduler) { try await loadPortfolio(clock: scheduler.clock) }
    let log = EventLog<String, any Error>()
    let token = load.subscribe(log)
    scheduler.advance(by: .milliseconds(500))
    #expect(scheduler.pendingCount == 1, "the sleep")
    token.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(log.events.isEmpty)
    #expect(scheduler.pendingCount == 0)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @MainActor @Test func aMainActorSinkGetsTheResultInsideAdvance() {
    let scheduler = TestScheduler()
    let load = TaskSignal(on: scheduler) { try await loadPortfolio(clock: scheduler.clock) }
    let seen = Locked<[String]>([])
    let token = load.replaceError(with: "failed").receiveOnMainActor().sink { value in
      seen.withLock { $0.append("\(value) at \(scheduler.now)") }
    }
    scheduler.advance(by: .seconds(1))
    #expect(seen.withLock { $0 } == ["portfolio at 1.0 seconds"])
    withExtendedLifetime(token) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func onASchedulerWithoutAnExecutorTheTaskRunsOnTheGlobalExecutor() async {
    let scheduler = DispatchSignalScheduler(queue: .init(label: "no-executor"))
    #expect(scheduler.taskExecutor == nil)
    let log = AwaitableLog<Int, Never>()
    let token = TaskSignal(on: scheduler) { 7 }.subscribe(log)
    await log.waitForTerminal()
    #expect(log.events == [.value(7), .finished])
    withExtendedLifetime(token) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anAsyncSequenceIteratesOnTheSchedulersExecutor() {
    let scheduler = TestScheduler()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let log = EventLog<Int, Never>()
    let token = AsyncSequenceSignal(stream).on(scheduler).subscribe(log)
    continuation.yield(1)
    continuation.yield(2)
    #expect(log.events.isEmpty)
    scheduler.advance()
    #expect(log.values == [1, 2])
    continuation.finish()
    scheduler.advance()
    #expect(log.events == [.value(1), .value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theTestSchedulersTaskExecutorIsItsExecutor() {
    let scheduler = TestScheduler()
    #expect(scheduler.taskExecutor != nil)
    #expect(ImmediateSignalScheduler().taskExecutor == nil)
  }
}
