import Signals
import Testing

@Suite struct PassthroughSignalTests {
  @Test func deliversValuesThenFinishedToEveryObserver() {
    let subject = PassthroughSignal<Int, Never>()
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    let tokens = [subject.subscribe(first), subject.subscribe(second)]
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    subject.send(3)
    #expect(first.events == [.value(1), .value(2), .finished])
    #expect(second.events == [.value(1), .value(2), .finished])
    withExtendedLifetime(tokens) {}
  }

  @Test func lateSubscriberAfterFinishGetsOnlyTheTerminalEvent() {
    let subject = PassthroughSignal<Int, Never>()
    subject.send(1)
    subject.send(completion: .finished)
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(log)
    #expect(log.events == [.finished])
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSendIsDeliveredAfterTheCurrentEventInOrder() {
    let subject = PassthroughSignal<Int, Never>()
    let order = Locked<[String]>([])
    let token = subject.sink { value in
      order.withLock { $0.append("begin \(value)") }
      if value < 3 { subject.send(value + 1) }
      order.withLock { $0.append("end \(value)") }
    }
    subject.send(1)
    #expect(order.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
    withExtendedLifetime(token) {}
  }

  @Test func deepReentrantChainDoesNotGrowTheStack() {
    let subject = PassthroughSignal<Int, Never>()
    let last = Locked(0)
    let token = subject.sink { value in
      last.withLock { $0 = value }
      if value < 100_000 { subject.send(value + 1) }
    }
    subject.send(1)
    #expect(last.withLock { $0 } == 100_000)
    withExtendedLifetime(token) {}
  }

  @Test func cancelStopsDeliveryAndReleasesTheObserver() {
    let subject = PassthroughSignal<Int, Never>()
    final class Witness: Sendable {}
    weak var weakWitness: Witness?
    let log = EventLog<Int, Never>()
    var token: SignalSubscription?
    do {
      let witness = Witness()
      weakWitness = witness
      token = subject.map { [witness] value in
        _ = witness
        return value
      }.subscribe(log)
    }
    subject.send(1)
    #expect(weakWitness != nil)
    token?.cancel()
    token?.cancel()
    subject.send(2)
    #expect(log.events == [.value(1)])
    #expect(weakWitness == nil)
    #expect(!subject.hasObservers)
  }

  @Test func releasingTheSubscriptionCancels() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    _ = subject.subscribe(log)
    subject.send(1)
    #expect(log.events.isEmpty)
  }

  @Test func concurrentSendsAreSerializedAndNoneIsLost() async {
    let subject = PassthroughSignal<Int, Never>()
    let inside = Locked((current: 0, maximum: 0, count: 0))
    let token = subject.sink { _ in
      inside.withLock {
        $0.current += 1
        $0.maximum = max($0.maximum, $0.current)
        $0.count += 1
      }
      inside.withLock { $0.current -= 1 }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for value in 0..<2_000 { subject.send(value) } }
      }
    }
    #expect(inside.withLock { $0.count } == 8_000)
    #expect(inside.withLock { $0.maximum } == 1)
    withExtendedLifetime(token) {}
  }
}

@Suite struct PassthroughSignalEdgeCaseTests {
  @Test func anObserverCancellingASiblingStopsItsDeliveryOfTheSameEvent() {
    let subject = PassthroughSignal<Int, Never>()
    let second = EventLog<Int, Never>()
    let secondToken = Locked<SignalSubscription?>(nil)
    let first = subject.sink { _ in secondToken.withLock { $0 }?.cancel() }
    secondToken.withLock { $0 = subject.subscribe(second) }
    subject.send(1)
    #expect(second.events.isEmpty)
    _ = first
  }

  @Test func observersCancelledDuringABroadcastToManyReceiveNothingMoreAndTheRestEverything() {
    // Observer 0 cancels every odd-numbered observer on the first value: they get nothing, however
    // far down the list they are; the others get every value, in order.
    let subject = PassthroughSignal<Int, Never>()
    let logs = (0..<200).map { _ in EventLog<Int, Never>() }
    let tokens = Locked<[SignalSubscription]>([])
    let canceller = subject.sink { value in
      guard value == 1 else { return }
      for (index, token) in tokens.withLock({ $0 }).enumerated() where index % 2 == 1 { token.cancel() }
    }
    let made = logs.map { subject.subscribe($0) }
    tokens.withLock { $0 = made }
    subject.send(1)
    subject.send(2)
    for (index, log) in logs.enumerated() {
      #expect(log.values == (index % 2 == 1 ? [] : [1, 2]), "observer \(index)")
    }
    _ = canceller
  }

  @Test func anObserverAnsweringStopIsDetached() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never> { _ in .stop }
    let token = subject.subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.values == [1])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func aSubscriberAddedDuringDeliveryMissesEventsSentBeforeIt() {
    let subject = PassthroughSignal<Int, Never>()
    let late = EventLog<Int, Never>()
    let lateToken = Locked<SignalSubscription?>(nil)
    let token = subject.sink { value in
      if value == 1 {
        subject.send(2)  // queued before the late subscriber exists
        lateToken.withLock { $0 = subject.subscribe(late) }
        subject.send(3)
      }
    }
    subject.send(1)
    #expect(late.values == [3])
    withExtendedLifetime(token) {}
  }

  @Test func sameObserverSubscribedTwiceReceivesEachEventTwice() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let tokens = [subject.subscribe(log), subject.subscribe(log)]
    subject.send(7)
    #expect(log.values == [7, 7])
    tokens[0].cancel()
    subject.send(8)
    #expect(log.values == [7, 7, 8])
    withExtendedLifetime(tokens) {}
  }

  @Test func terminalEventIsDeliveredExactlyOnceUnderConcurrentCompletion() async {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(log)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<4 {
        group.addTask {
          subject.send(index)
          subject.send(completion: .finished)
          subject.send(index + 10)
        }
      }
    }
    #expect(log.events.filter(\.isTerminal).count == 1)
    #expect(log.events.last == .finished)
    withExtendedLifetime(token) {}
  }
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func passthroughSubjectDeliversEveryValueOnceToEveryObserver() async {
    let subject = PassthroughSignal<Int, TestError>()
    let observers = [ContractRecorder(), ContractRecorder()]
    let reports = await watchdog("\(threads) threads sending into a subject") {
      let tokens = observers.map { subject.subscribe($0) }
      hammer([subject])
      withExtendedLifetime(tokens) {}
      return observers.map { report($0) }
    }
    for report in reports ?? [] { #expect(report.isExact, "\(report)") }
    #expect(observers.allSatisfy { $0.snapshot.overlaps == 0 })
  }
}
