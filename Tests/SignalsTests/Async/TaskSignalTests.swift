import Signals
import Testing

@Suite(.timeLimit(.minutes(1))) struct TaskSignalTests {
  @Test func emitsTheResultThenFinishes() async {
    let log = AwaitableLog<Int, Never>()
    let subscription = TaskSignal { 42 }.subscribe(log)
    await log.waitForTerminal()
    #expect(log.events == [.value(42), .finished])
    withExtendedLifetime(subscription) {}
  }

  @Test func theFailureTypeFollowsTheClosure() {
    @Sendable func load() async throws -> Int { 1 }
    let never: TaskSignal<Int, Never> = TaskSignal { 1 }
    let untyped: TaskSignal<Int, any Error> = TaskSignal { try await load() }
    let typed = TaskSignal { () async throws(TestFailure) -> Int in throw .boom }
    let check: TaskSignal<Int, TestFailure> = typed
    #expect(never.priority == nil && untyped.priority == nil && check.priority == nil)
  }

  @Test func aTypedFailureIsDeliveredAsFailed() async {
    let log = AwaitableLog<Int, TestFailure>()
    let subscription = TaskSignal { () async throws(TestFailure) -> Int in throw .other(3) }.subscribe(log)
    await log.waitForTerminal()
    #expect(log.events == [.failed(.other(3))])
    withExtendedLifetime(subscription) {}
  }

  @Test func cancellingCancelsTheWorkAndDeliversNothingAfterwards() async {
    let started = AsyncFlag()
    let sawCancellation = AsyncFlag()
    let taskEnded = AsyncFlag()
    let log = AwaitableLog<Int, any Error>()
    var subscription: SignalSubscription?
    do {
      let witness = DeinitWitness { taskEnded.set() }
      let signal = TaskSignal { () async throws -> Int in
        _ = witness
        let cancelled = AsyncFlag()
        await withTaskCancellationHandler {
          started.set()
          await cancelled.wait()
        } onCancel: {
          cancelled.set()
        }
        sawCancellation.set()
        throw CancellationError()
      }
      subscription = signal.subscribe(log)
    }
    await started.wait()
    subscription?.cancel()
    await sawCancellation.wait()
    await taskEnded.wait()  // the work closure (captured only by the task) is gone: the task has ended
    #expect(log.events.isEmpty)
  }

  @Test func releasingTheSubscriptionReleasesTheObserverAtOnce() async {
    let started = AsyncFlag()
    let observerReleased = AsyncFlag()
    var subscription: SignalSubscription?
    do {
      let witness = DeinitWitness { observerReleased.set() }
      let signal = TaskSignal { () async -> Int in
        let cancelled = AsyncFlag()
        await withTaskCancellationHandler {
          started.set()
          await cancelled.wait()
        } onCancel: {
          cancelled.set()
        }
        return 1
      }
      subscription = signal.subscribe(
        AnySignalObserver<Int, Never> { _ in
          _ = witness
          return .continue
        })
    }
    await started.wait()
    subscription = nil
    #expect(observerReleased.isSet)
    withExtendedLifetime(subscription) {}
  }

  @Test func anObserverThatStopsAfterTheValueGetsNoFinished() async {
    let taskEnded = AsyncFlag()
    let log = AwaitableLog<Int, Never>(answer: { _ in .stop })
    var subscription: SignalSubscription?
    do {
      let witness = DeinitWitness { taskEnded.set() }
      subscription = TaskSignal { () async -> Int in
        _ = witness
        return 5
      }.subscribe(log)
    }
    await taskEnded.wait()
    #expect(log.events == [.value(5)])
    withExtendedLifetime(subscription) {}
  }

  @Test func eachSubscriptionRunsTheWork() async {
    let runs = Locked(0)
    let signal = TaskSignal { () -> Int in
      runs.withLock {
        $0 += 1
        return $0
      }
    }
    let first = AwaitableLog<Int, Never>()
    let second = AwaitableLog<Int, Never>()
    let subscriptions = [signal.subscribe(first), signal.subscribe(second)]
    await first.waitForTerminal()
    await second.waitForTerminal()
    #expect(runs.withLock { $0 } == 2)
    #expect(Set(first.values + second.values) == [1, 2])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func theWorkRunsAtTheGivenPriority() async {
    let log = AwaitableLog<TaskPriority, Never>()
    let subscription = TaskSignal(priority: .high) { Task.currentPriority }.subscribe(log)
    await log.waitForTerminal()
    #expect(log.values == [.high])
    withExtendedLifetime(subscription) {}
  }
}
