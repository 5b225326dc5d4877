import Dispatch
import Signals
import Testing

@Suite struct ReplaySignalTests {
  @Test func replaysTheLatestValuesOldestFirstThenLaterOnes() {
    let subject = ReplaySignal<Int, Never>(bufferSize: 2)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(log)
    #expect(log.values == [2, 3])
    subject.send(4)
    #expect(log.values == [2, 3, 4])
    #expect(subject.replayedValues == [3, 4])
    withExtendedLifetime(token) {}
  }

  @Test func fewerValuesThanTheBufferAreAllReplayed() {
    let subject = ReplaySignal<Int, Never>(bufferSize: 5)
    subject.send(1)
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(log)
    #expect(log.values == [1])
    withExtendedLifetime(token) {}
  }

  @Test func aBufferOfZeroReplaysNothing() {
    let subject = ReplaySignal<Int, Never>(bufferSize: 0)
    subject.send(1)
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(log)
    subject.send(2)
    #expect(log.values == [2])
    #expect(subject.replayedValues.isEmpty)
    withExtendedLifetime(token) {}
  }

  @Test func afterItEndsANewObserverGetsTheKeptValuesThenTheTerminalEvent() {
    let subject = ReplaySignal<Int, TestError>(bufferSize: 2)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failed(TestError(1)))
    subject.send(3)
    let log = EventLog<Int, TestError>()
    let token = subject.subscribe(log)
    #expect(log.events == [.value(1), .value(2), .failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func anObserverAnsweringStopDuringTheReplayGetsNothingMore() {
    let subject = ReplaySignal<Int, Never>(bufferSize: 3)
    for value in 1...3 { subject.send(value) }
    let log = EventLog<Int, Never> { _ in .stop }
    let token = subject.subscribe(log)
    subject.send(4)
    #expect(log.values == [1])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func cancellingFromInsideTheReplayDropsTheRestOfIt() {
    let subject = ReplaySignal<Int, Never>(bufferSize: 3)
    for value in 1...3 { subject.send(value) }
    let token = Locked<SignalSubscription?>(nil)
    let received = Locked<[Int]>([])
    // Subscribed from inside a delivery of the same subject: the replay is queued behind it, and the
    // subscription exists before the replay starts.
    let outer = subject.sink { value in
      guard value == 4 else { return }
      let subscription = subject.sink { value in
        received.withLock { $0.append(value) }
        token.withLock { $0 }?.cancel()
      }
      token.withLock { $0 = subscription }
    }
    subject.send(4)
    subject.send(5)
    #expect(received.withLock { $0 } == [2])
    withExtendedLifetime((outer, token)) {}
  }

  @Test func subscribingDuringADeliveryReplaysAfterTheCurrentEvent() {
    let subject = ReplaySignal<Int, Never>(bufferSize: 2)
    let order = Locked<[String]>([])
    let inner = Locked<SignalSubscription?>(nil)
    let outer = subject.sink { value in
      order.withLock { $0.append("outer \(value)") }
      if value == 2 {
        inner.withLock {
          $0 = subject.sink { value in order.withLock { $0.append("inner \(value)") } }
        }
      }
    }
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(
      order.withLock { $0 } == ["outer 1", "outer 2", "inner 1", "inner 2", "outer 3", "inner 3"])
    withExtendedLifetime((outer, inner)) {}
  }

  @Test func concurrentSendsAndSubscriptionsGiveEachObserverEveryValueOnceInOrder() {
    let subject = ReplaySignal<Int, Never>(bufferSize: 1_000)
    let logs = (0..<8).map { _ in EventLog<Int, Never>() }
    let tokens = Locked<[SignalSubscription]>([])
    DispatchQueue.concurrentPerform(iterations: 9) { index in
      if index == 8 {
        for value in 0..<500 { subject.send(value) }
      } else {
        let token = subject.subscribe(logs[index])
        tokens.withLock { $0.append(token) }
      }
    }
    for log in logs { #expect(log.values == Array(0..<500)) }
    withExtendedLifetime(tokens) {}
  }
}
