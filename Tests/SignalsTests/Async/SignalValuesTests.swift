import Signals
import Testing

@Suite(.timeLimit(.minutes(1))) struct SignalValuesTests {
  @Test func deliversEveryValueThenEndsWhenTheSignalFinishes() async {
    let subject = PassthroughSignal<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == [1, 2, 3])
    #expect(await iterator.next() == nil)
  }

  @Test func subscribesWhenIterationStarts() async {
    let subject = PassthroughSignal<Int, Never>()
    let values = subject.values
    subject.send(0)  // before any iterator: not seen
    #expect(!subject.hasObservers)
    var iterator = values.makeAsyncIterator()
    #expect(subject.hasObservers)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == nil)
  }

  @Test func valuesSentWhileTheConsumerWaitsReachIt() async {
    let subject = PassthroughSignal<Int, Never>()
    let subscribed = AsyncFlag()
    let gotFirst = AsyncFlag()
    let signal = subject.announcingSubscription(to: subscribed)
    let consumer = Task {
      var received: [Int] = []
      for await value in signal.values {
        received.append(value)
        gotFirst.set()
      }
      return received
    }
    await subscribed.wait()
    subject.send(1)
    await gotFirst.wait()  // the consumer is back in (or on its way to) a suspended next()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(await consumer.value == [1, 2])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aForAwaitLoopOverANeverFailingSignalNeedsNoTry() async {
    var received: [Int] = []
    for await value in AsyncSequenceSignal(CountingSequence<Never>(count: 3)).values {
      received.append(value)
    }
    #expect(received == [0, 1, 2])
  }

  @Test(arguments: [
    (SignalBufferingPolicy.unbounded, [1, 2, 3, 4, 5]),
    (.bufferingNewest(2), [4, 5]),
    (.bufferingOldest(2), [1, 2]),
    (.bufferingNewest(1), [5]),
  ])
  func theBufferingPolicyDecidesWhichWaitingValuesAreKept(policy: SignalBufferingPolicy, expected: [Int]) async {
    let subject = PassthroughSignal<Int, Never>()
    var iterator = subject.values(bufferingPolicy: policy).makeAsyncIterator()
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .finished)
    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == expected)
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func aBoundedPolicyNeedsALimitOfAtLeastOne() async {
      await #expect(processExitsWith: .failure) {
        _ = PassthroughSignal<Int, Never>().values(bufferingPolicy: .bufferingNewest(0))
      }
      await #expect(processExitsWith: .failure) {
        _ = PassthroughSignal<Int, TestFailure>().values(bufferingPolicy: .bufferingOldest(-1))
      }
    }
  #endif

  @Test func concurrentSendersLoseNothingAndKeepEachSendersOrder() async {
    let perSender = 2_000 * stressScale
    let senders = 4
    let subject = PassthroughSignal<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()
    let consumer = Task {
      var received: [Int] = []
      while let value = await iterator.next() { received.append(value) }
      return received
    }
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<senders {
        group.addTask {
          for index in 0..<perSender { subject.send(sender * perSender + index) }
        }
      }
    }
    subject.send(completion: .finished)
    let received = await consumer.value
    #expect(received.count == senders * perSender)
    for sender in 0..<senders {
      let own = received.filter { $0 / perSender == sender }
      #expect(own == Array(sender * perSender..<(sender + 1) * perSender))
    }
  }

  @Test func theBufferGrowsAndWrapsAroundInOrder() async {
    let subject = PassthroughSignal<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()
    var expected = 0
    for round in 0..<5 {
      // Interleave filling and draining so the ring's head moves past its end.
      for value in round * 40..<(round + 1) * 40 { subject.send(value) }
      for _ in 0..<30 {
        #expect(await iterator.next() == expected)
        expected += 1
      }
    }
    subject.send(completion: .finished)
    while let value = await iterator.next() {
      #expect(value == expected)
      expected += 1
    }
    #expect(expected == 200)
  }

  @Test func cancellingTheConsumerWhileSuspendedEndsIterationAndCancelsTheSubscription() async {
    let subject = PassthroughSignal<Int, Never>()
    let subscribed = AsyncFlag()
    let gotFirst = AsyncFlag()
    let signal = subject.announcingSubscription(to: subscribed)
    let consumer = Task {
      var received: [Int] = []
      for await value in signal.values {
        received.append(value)
        gotFirst.set()
      }
      return received
    }
    await subscribed.wait()
    subject.send(1)
    await gotFirst.wait()
    consumer.cancel()
    #expect(await consumer.value == [1])
    #expect(!subject.hasObservers)
  }

  @Test func aCancelledTaskGetsNilEvenWithValuesBuffered() async {
    let subject = PassthroughSignal<Int, Never>()
    let flag = AsyncFlag()
    let consumer = Task {
      var iterator = subject.values.makeAsyncIterator()
      flag.set()
      withUnsafeCurrentTask { $0?.cancel() }
      return await iterator.next()
    }
    await flag.wait()
    #expect(await consumer.value == nil)
    #expect(!subject.hasObservers)
  }

  @Test func breakingOutOfTheLoopCancelsTheSubscription() async {
    let subject = PassthroughSignal<Int, Never>()
    var iterator: SignalValues<Int>.Iterator? = subject.values.makeAsyncIterator()
    subject.send(1)
    #expect(await iterator?.next() == 1)
    #expect(subject.hasObservers)
    iterator = nil
    #expect(!subject.hasObservers)
  }

  @Test func noObserverOrBufferedValueOutlivesTheIterator() async {
    let subject = PassthroughSignal<DeinitWitness, Never>()
    let released = AsyncFlag()
    var iterator: SignalValues<DeinitWitness>.Iterator? = subject.values.makeAsyncIterator()
    subject.send(DeinitWitness { released.set() })
    #expect(!released.isSet)
    iterator = nil
    #expect(released.isSet)
    #expect(!subject.hasObservers)
    _ = iterator
  }

  @Test func aDeliveredValueIsReleasedByTheBuffer() async {
    let subject = PassthroughSignal<DeinitWitness, Never>()
    let released = AsyncFlag()
    var iterator = subject.values.makeAsyncIterator()
    subject.send(DeinitWitness { released.set() })
    subject.send(DeinitWitness {})
    do {
      let first = await iterator.next()
      #expect(first != nil)
    }
    #expect(released.isSet)
  }

  @Test func aSynchronouslyFinishingSignalIsNotKeptSubscribed() async {
    let witness = Locked(0)
    let signal = AnySignal<Int, Never> { observer in
      _ = observer.receive(.value(1))
      _ = observer.receive(.finished)
      return SignalSubscription { witness.withLock { $0 += 1 } }
    }
    var iterator = signal.values.makeAsyncIterator()
    #expect(witness.withLock { $0 } == 1)  // released at once: the signal had ended
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == nil)
  }
}

@Suite(.timeLimit(.minutes(1))) struct SignalThrowingValuesTests {
  @Test func throwsTheTypedFailureAfterTheBufferedValues() async throws {
    let subject = PassthroughSignal<Int, TestFailure>()
    var iterator = subject.values.makeAsyncIterator()
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failed(.boom))
    var received: [Int] = []
    do throws(TestFailure) {
      while let value = try await iterator.next() { received.append(value) }
      Issue.record("expected a failure")
    } catch {
      #expect(error == .boom)
    }
    #expect(received == [1, 2])
    #expect(try await iterator.next() == nil)  // after the failure: the end
  }

  @Test func aFailureWhileSuspendedIsThrown() async {
    let subject = PassthroughSignal<Int, TestFailure>()
    let subscribed = AsyncFlag()
    let signal = subject.announcingSubscription(to: subscribed)
    let consumer = Task { () async throws(TestFailure) -> [Int] in
      var received: [Int] = []
      for try await value in signal.values { received.append(value) }
      return received
    }
    await subscribed.wait()
    subject.send(completion: .failed(.other(2)))
    #expect(await consumer.thrownError as? TestFailure == .other(2))
  }

  @Test func finishingEndsWithNil() async throws {
    let subject = PassthroughSignal<Int, TestFailure>()
    var iterator = subject.values(bufferingPolicy: .bufferingOldest(1)).makeAsyncIterator()
    subject.send(1)
    subject.send(2)  // dropped: the buffer holds one
    subject.send(completion: .finished)
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == nil)
  }

  @Test func cancellationEndsWithNilNotAnError() async throws {
    let subject = PassthroughSignal<Int, TestFailure>()
    let subscribed = AsyncFlag()
    let signal = subject.announcingSubscription(to: subscribed)
    let consumer = Task { () async throws(TestFailure) -> Int? in
      var iterator = signal.values.makeAsyncIterator()
      return try await iterator.next()
    }
    await subscribed.wait()
    consumer.cancel()
    #expect(try await consumer.value == nil)
    #expect(!subject.hasObservers)
  }
}
