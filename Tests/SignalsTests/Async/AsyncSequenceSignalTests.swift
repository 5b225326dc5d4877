import Signals
import Testing

@Suite(.timeLimit(.minutes(1))) struct AsyncSequenceSignalTests {
  @Test func deliversTheElementsInOrderThenFinished() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for value in 1...3 { continuation.yield(value) }
    continuation.finish()
    let signal: AsyncSequenceSignal<AsyncStream<Int>, Never> = stream.signal
    let log = AwaitableLog<Int, Never>()
    let subscription = signal.subscribe(log)
    await log.waitForTerminal()
    #expect(log.events == [.value(1), .value(2), .value(3), .finished])
    withExtendedLifetime(subscription) {}
  }

  @Test func theStreamsInitializersAndPropertiesAgreeOnTheTypes() {
    let (stream, _) = AsyncStream.makeStream(of: Int.self)
    let (throwing, _) = AsyncThrowingStream.makeStream(of: Int.self)
    let fromInit: AsyncSequenceSignal<AsyncStream<Int>, Never> = AsyncSequenceSignal(stream)
    let fromThrowing: AsyncSequenceSignal<AsyncThrowingStream<Int, any Error>, any Error> = throwing.signal
    #expect(fromInit.priority == nil)
    #expect(fromThrowing.priority == nil)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anySequencesPropertyGivesItsTypedFailure() {
    let typed: AsyncSequenceSignal<CountingSequence<TestFailure>, TestFailure> = CountingSequence(count: 1).signal
    #expect(typed.base.count == 1)
    #expect(typed.priority == nil)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aTypedFailureArrivesTypedAfterTheElements() async {
    let sequence = CountingSequence(count: 2, failing: TestFailure.boom)
    let log = AwaitableLog<Int, TestFailure>()
    let subscription = sequence.signal.subscribe(log)
    await log.waitForTerminal()
    #expect(log.events == [.value(0), .value(1), .failed(.boom)])
    withExtendedLifetime(subscription) {}
  }

  @Test func anUntypedStreamFailureArrivesAsAnyError() async {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    continuation.yield(7)
    continuation.finish(throwing: TestFailure.other(1))
    let log = AwaitableLog<Int, any Error>()
    let subscription = stream.signal.subscribe(log)
    await log.waitForTerminal()
    #expect(log.values == [7])
    guard case .failed(let error) = log.events.last else {
      Issue.record("expected a failure, got \(log.events)")
      return
    }
    #expect(error as? TestFailure == .other(1))
    withExtendedLifetime(subscription) {}
  }

  @Test func erasingTheFailureTypeKeepsTheElementsAndTheError() async {
    let log = AwaitableLog<Int, any Error>()
    let signal = AsyncSequenceSignal(erasingFailure: CountingSequence(count: 2, failing: TestFailure.boom))
    let subscription = signal.subscribe(log)
    await log.waitForTerminal()
    #expect(log.values == [0, 1])
    guard case .failed(let error) = log.events.last else {
      Issue.record("expected a failure, got \(log.events)")
      return
    }
    #expect(error as? TestFailure == .boom)
    withExtendedLifetime(subscription) {}
  }

  @Test func cancellingTheSubscriptionCancelsTheIteratingTaskPromptly() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let terminated = AsyncFlag()
    continuation.onTermination = { _ in terminated.set() }
    let log = AwaitableLog<Int, Never>()
    let subscription = stream.signal.subscribe(log)
    continuation.yield(1)
    await log.wait(forCount: 1)
    subscription.cancel()
    await terminated.wait()
    guard case .terminated = continuation.yield(2) else {
      Issue.record("the stream should be terminated")
      return
    }
    #expect(log.events == [.value(1)])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingReleasesTheObserverAtOnceAndTheIteratorWhenTheTaskEnds() async {
    let iteratorReleased = AsyncFlag()
    let nextStarted = AsyncFlag()
    let sequence = NeverEndingSequence(iteratorReleased: iteratorReleased, nextStarted: nextStarted)
    let observerReleased = AsyncFlag()
    var subscription: SignalSubscription?
    do {
      let witness = DeinitWitness { observerReleased.set() }
      subscription = sequence.signal.subscribe(
        AnySignalObserver<Int, Never> { _ in
          _ = witness
          return .continue
        })
    }
    await nextStarted.wait()
    #expect(!observerReleased.isSet)
    subscription = nil  // releasing the subscription cancels
    #expect(observerReleased.isSet)
    await iteratorReleased.wait()
    withExtendedLifetime(subscription) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anObserverThatStopsEndsTheIteration() async {
    let iteratorReleased = AsyncFlag()
    let sequence = NeverEndingSequence(iteratorReleased: iteratorReleased, nextStarted: AsyncFlag(), elements: 100)
    let log = AwaitableLog<Int, Never>(answer: { _ in .stop })
    let subscription = sequence.signal.subscribe(log)
    await iteratorReleased.wait()  // the task ended after the first element
    #expect(log.events == [.value(0)])
    withExtendedLifetime(subscription) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func subscribingTwiceIteratesTwice() async {
    let sequence = CountingSequence<Never>(count: 3)
    let first = AwaitableLog<Int, Never>()
    let second = AwaitableLog<Int, Never>()
    let subscriptions = [sequence.signal.subscribe(first), sequence.signal.subscribe(second)]
    await first.waitForTerminal()
    await second.waitForTerminal()
    #expect(first.events == [.value(0), .value(1), .value(2), .finished])
    #expect(second.events == first.events)
    #expect(sequence.iterators.withLock { $0 } == 2)
    withExtendedLifetime(subscriptions) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anEmptySequenceOnlyFinishes() async {
    let log = AwaitableLog<Int, Never>()
    let subscription = CountingSequence<Never>(count: 0).signal.subscribe(log)
    await log.waitForTerminal()
    #expect(log.events == [.finished])
    withExtendedLifetime(subscription) {}
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theTaskRunsAtTheGivenPriority() async {
    let priorities = PriorityProbe()
    let log = AwaitableLog<TaskPriority, Never>()
    let subscription = AsyncSequenceSignal(priorities, priority: .high).subscribe(log)
    await log.waitForTerminal()
    #expect(log.values == [.high])
    withExtendedLifetime(subscription) {}
  }
}

/// One element: the priority of the task that asks for it.
private struct PriorityProbe: AsyncSequence, Sendable {
  typealias Element = TaskPriority
  typealias Failure = Never

  struct AsyncIterator: AsyncIteratorProtocol {
    var done = false
    mutating func next() async -> TaskPriority? {
      defer { done = true }
      return done ? nil : Task.currentPriority
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
