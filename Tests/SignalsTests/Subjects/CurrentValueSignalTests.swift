import Signals
import Testing

@Suite struct CurrentValueSignalTests {
  @Test func replaysTheCurrentValueThenLaterOnes() {
    let subject = CurrentValueSignal<Int, Never>(1)
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(log)
    subject.value = 2
    subject.send(3)
    #expect(log.values == [1, 2, 3])
    #expect(subject.value == 3)
    withExtendedLifetime(token) {}
  }

  @Test func afterFinishKeepsTheLastValueAndReplaysOnlyTheTerminalEvent() {
    let subject = CurrentValueSignal<Int, Never>(1)
    subject.send(2)
    subject.send(completion: .finished)
    subject.send(3)
    #expect(subject.value == 2)
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(log)
    #expect(log.events == [.finished])
    withExtendedLifetime(token) {}
  }

  /// Combine's: after the end, `send` is ignored but the setter stores the value, without sending it.
  @Test func afterFinishTheSetterStoresTheValueWithoutSendingIt() {
    let subject = CurrentValueSignal<Int, Never>(0)
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(log)
    subject.send(completion: .finished)
    subject.value = 42
    #expect(subject.value == 42)
    subject.send(7)
    #expect(subject.value == 42)
    #expect(log.events == [.value(0), .finished])
    let late = EventLog<Int, Never>()
    let lateToken = subject.subscribe(late)
    #expect(late.events == [.finished])
    withExtendedLifetime((token, lateToken)) {}
  }

  @Test func optionalOutputHoldsNil() {
    let subject = CurrentValueSignal<Int?, Never>(nil)
    let log = EventLog<Int?, Never>()
    let token = subject.subscribe(log)
    subject.send(4)
    #expect(log.values == [nil, 4])
    withExtendedLifetime(token) {}
  }

  @Test func subscribingFromInsideADeliveryReplaysAfterTheCurrentEvent() {
    let subject = CurrentValueSignal<Int, Never>(0)
    let inner = EventLog<Int, Never>()
    let innerToken = Locked<SignalSubscription?>(nil)
    let order = Locked<[String]>([])
    let token = subject.sink { value in
      order.withLock { $0.append("outer \(value)") }
      if value == 1 {
        let subscription = subject.subscribe(inner)
        innerToken.withLock { $0 = subscription }
        order.withLock { $0.append("subscribed") }
      }
    }
    subject.send(1)
    subject.send(2)
    #expect(order.withLock { $0 } == ["outer 0", "outer 1", "subscribed", "outer 2"])
    #expect(inner.values == [1, 2])
    withExtendedLifetime(token) {}
  }

  @Test func aSubscriberCancelledBeforeItsQueuedReplayReceivesNothing() {
    // While the subject delivers, new subscribers' replays wait in its queue. The first subscriber is
    // cancelled before its replay is delivered: it gets nothing; the second gets its replay, then later values.
    let subject = CurrentValueSignal<Int, Never>(0)
    let cancelled = EventLog<Int, Never>()
    let kept = EventLog<Int, Never>()
    let keptToken = Locked<SignalSubscription?>(nil)
    let token = subject.sink { value in
      guard value == 1 else { return }
      subject.subscribe(cancelled).cancel()
      keptToken.withLock { $0 = subject.subscribe(kept) }
      subject.send(2)  // queued after both replays
    }
    subject.send(1)
    subject.send(3)
    #expect(cancelled.events.isEmpty)
    #expect(kept.values == [1, 2, 3])
    withExtendedLifetime(token) {}
  }
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func currentValueSubjectKeepsTheLastValueSent() async {
    let subject = CurrentValueSignal<Int, TestError>(-1)
    let recorder = ContractRecorder()
    let result = await watchdog("\(threads) threads setting a current value") {
      let token = subject.subscribe(recorder)
      onThreads(threads) { thread in
        for number in 0..<perThread { subject.send(Tag.make(thread, number)) }
      }
      withExtendedLifetime(token) {}
      return (subject.value, recorder.values.last)
    }
    guard let result else { return }
    #expect(result.0 == result.1, "the subject's value is not the last value delivered")
    #expect(recorder.snapshot.valueCount == threads * perThread + 1)
  }
}
