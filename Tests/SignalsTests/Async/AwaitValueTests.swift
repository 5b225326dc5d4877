import Signals
import Testing

@Suite(.timeLimit(.minutes(1))) struct AwaitValueTests {
  /// A signal that sends `values`, then `completion`, synchronously.
  private func signal(
    _ values: [Int], then completion: SignalCompletion<TestFailure> = .finished
  ) -> AnySignal<Int, TestFailure> {
    AnySignal { observer in
      for value in values where observer.receive(.value(value)) == .stop { return .empty }
      _ = observer.receive(Event(completion))
      return .empty
    }
  }

  @Test func firstValueReturnsTheFirstValueAndStopsTheSubscription() async throws {
    let delivered = Locked<[Int]>([])
    let source = AnySignal<Int, TestFailure> { observer in
      for value in 1...3 {
        delivered.withLock { $0.append(value) }
        if observer.receive(.value(value)) == .stop { return .empty }
      }
      _ = observer.receive(.finished)
      return .empty
    }
    #expect(try await source.firstValue() == 1)
    #expect(delivered.withLock { $0 } == [1])
  }

  @Test func firstValueOfAnAsynchronousSignal() async throws {
    let subject = PassthroughSignal<String, Never>()
    let subscribed = AsyncFlag()
    let signal = subject.announcingSubscription(to: subscribed)
    async let first = signal.firstValue()
    await subscribed.wait()
    subject.send("ready")
    #expect(try await first == "ready")
    #expect(!subject.hasObservers)
  }

  @Test func lastValueAndAllValuesWaitForTheEnd() async throws {
    #expect(try await signal([1, 2, 3]).lastValue() == 3)
    #expect(try await signal([1, 2, 3]).allValues() == [1, 2, 3])
    #expect(try await signal([]).allValues() == [])
  }

  @Test func anEmptySignalThrowsEmptyForFirstAndLast() async {
    await #expect(throws: SignalAwaitError<TestFailure>.empty) { try await signal([]).firstValue() }
    await #expect(throws: SignalAwaitError<TestFailure>.empty) { try await signal([]).lastValue() }
  }

  @Test func aFailureIsThrownTyped() async {
    let failing = signal([1, 2], then: .failed(.boom))
    do {
      _ = try await failing.lastValue()
      Issue.record("expected a failure")
    } catch {
      // `error` is a SignalAwaitError<TestFailure>: typed throws.
      #expect(error == .failed(.boom))
      #expect(error.failure == .boom)
    }
    await #expect(throws: SignalAwaitError<TestFailure>.failed(.boom)) { try await failing.allValues() }
    await #expect(throws: SignalAwaitError<TestFailure>.failed(.other(1))) {
      try await signal([], then: .failed(.other(1))).firstValue()
    }
  }

  @Test func firstValueBeforeAFailureWins() async throws {
    #expect(try await signal([7], then: .failed(.boom)).firstValue() == 7)
  }

  @Test(arguments: [SignalAwaitModeCase.first, .last, .all])
  func cancellingTheAwaitingTaskThrowsCancelledAndCancelsTheSubscription(mode: SignalAwaitModeCase) async {
    let subject = PassthroughSignal<Int, Never>()
    let subscribed = AsyncFlag()
    let signal = subject.announcingSubscription(to: subscribed)
    let waiter = Task { () async throws(SignalAwaitError<Never>) -> Int in
      switch mode {
      case .first: return try await signal.firstValue()
      case .last: return try await signal.lastValue()
      case .all: return try await signal.allValues().count
      }
    }
    await subscribed.wait()
    if mode != .first { subject.send(1) }
    waiter.cancel()
    #expect(await waiter.thrownError as? SignalAwaitError<Never> == .cancelled)
    #expect(!subject.hasObservers)
  }

  @Test func anAlreadyCancelledTaskThrowsCancelledWithoutSubscribing() async {
    let subscriptions = Locked(0)
    let source = AnySignal<Int, Never> { _ in
      subscriptions.withLock { $0 += 1 }
      return .empty
    }
    let ready = AsyncFlag()
    let waiter = Task { () async throws(SignalAwaitError<Never>) -> Int in
      withUnsafeCurrentTask { $0?.cancel() }
      ready.set()
      return try await source.firstValue()
    }
    await ready.wait()
    #expect(await waiter.thrownError as? SignalAwaitError<Never> == .cancelled)
    #expect(subscriptions.withLock { $0 } == 0)
  }

  @Test func theAwaiterAndItsSubscriptionAreReleasedAfterTheAnswer() async throws {
    let cancelled = Locked(0)
    let source = AnySignal<Int, Never> { observer in
      _ = observer.receive(.value(1))
      return SignalSubscription { cancelled.withLock { $0 += 1 } }
    }
    #expect(try await source.firstValue() == 1)
    #expect(cancelled.withLock { $0 } == 1)
  }
}

/// The three accessors, as a test argument.
enum SignalAwaitModeCase: Sendable, CaseIterable {
  case first, last, all
}
