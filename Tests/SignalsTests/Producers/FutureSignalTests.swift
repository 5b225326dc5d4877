import Dispatch
import Signals
import Testing

@Suite struct FutureSignalTests {
  @Test func runsTheClosureOnceAtCreation() {
    let runs = Locked(0)
    let future = FutureSignal<Int, Never> { promise in
      runs.withLock { $0 += 1 }
      promise(.success(1))
    }
    #expect(runs.withLock { $0 } == 1)
    _ = future.subscribe(EventLog<Int, Never>())
    _ = future.subscribe(EventLog<Int, Never>())
    #expect(runs.withLock { $0 } == 1)
  }

  @Test func replaysASynchronousSuccessToEveryObserver() {
    let future = FutureSignal<Int, Never> { $0(.success(5)) }
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    _ = future.subscribe(first)
    _ = future.subscribe(second)
    #expect(first.events == [.value(5), .finished])
    #expect(second.events == [.value(5), .finished])
  }

  @Test func deliversALaterResultToWaitingAndLateObservers() {
    let promise = Locked<FutureSignal<Int, TestError>.Promise?>(nil)
    let future = FutureSignal<Int, TestError> { fulfil in promise.withLock { $0 = fulfil } }
    let early = EventLog<Int, TestError>()
    let token = future.subscribe(early)
    #expect(early.events.isEmpty)
    promise.withLock { $0 }?(.failure(TestError(3)))
    #expect(early.events == [.failed(TestError(3))])
    let late = EventLog<Int, TestError>()
    _ = future.subscribe(late)
    #expect(late.events == [.failed(TestError(3))])
    withExtendedLifetime(token) {}
  }

  @Test func aSecondCallOfThePromiseIsIgnored() {
    let promise = Locked<FutureSignal<Int, TestError>.Promise?>(nil)
    let future = FutureSignal<Int, TestError> { fulfil in promise.withLock { $0 = fulfil } }
    let log = EventLog<Int, TestError>()
    let token = future.subscribe(log)
    let fulfil = promise.withLock { $0 }!
    fulfil(.success(1))
    fulfil(.failure(TestError(9)))
    fulfil(.success(2))
    #expect(log.events == [.value(1), .finished])
    let late = EventLog<Int, TestError>()
    _ = future.subscribe(late)
    #expect(late.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func cancelledObserverReceivesNothingAndIsReleased() {
    let promise = Locked<FutureSignal<Int, Never>.Promise?>(nil)
    let future = FutureSignal<Int, Never> { fulfil in promise.withLock { $0 = fulfil } }
    weak var weakWitness: Witness?
    let log = EventLog<Int, Never>()
    var token: SignalSubscription?
    do {
      let witness = Witness()
      weakWitness = witness
      token = future.map { [witness] value in
        _ = witness
        return value
      }.subscribe(log)
    }
    #expect(weakWitness != nil)
    token?.cancel()
    #expect(weakWitness == nil)
    promise.withLock { $0 }?(.success(1))
    #expect(log.events.isEmpty)
  }

  @Test func anObserverCancelledByAnEarlierOneDuringDeliveryReceivesNothing() {
    let promise = Locked<FutureSignal<Int, Never>.Promise?>(nil)
    let future = FutureSignal<Int, Never> { fulfil in promise.withLock { $0 = fulfil } }
    let secondToken = Locked<SignalSubscription?>(nil)
    let first = EventLog<Int, Never> { _ in
      secondToken.withLock { $0 }?.cancel()
      return .continue
    }
    let second = EventLog<Int, Never>()
    let firstToken = future.subscribe(first)
    secondToken.withLock { $0 = future.subscribe(second) }
    promise.withLock { $0 }?(.success(1))
    #expect(first.events == [.value(1), .finished])
    #expect(second.events.isEmpty)
    withExtendedLifetime(firstToken) {}
  }

  @Test func stopAfterTheValueSuppressesFinished() {
    let future = FutureSignal<Int, Never> { $0(.success(1)) }
    let log = EventLog<Int, Never> { _ in .stop }
    _ = future.subscribe(log)
    #expect(log.events == [.value(1)])
  }

  @Test func concurrentSubscribersAndFulfilmentEachGetTheResultExactlyOnce() {
    let count = 200 * stressScale
    let promise = Locked<FutureSignal<Int, Never>.Promise?>(nil)
    let future = FutureSignal<Int, Never> { fulfil in promise.withLock { $0 = fulfil } }
    let logs = (0..<count).map { _ in EventLog<Int, Never>() }
    let tokens = Locked<[SignalSubscription]>([])
    DispatchQueue.concurrentPerform(iterations: count + 1) { index in
      if index == count / 2 {
        promise.withLock { $0 }?(.success(index))
      }
      if index < count {
        let token = future.subscribe(logs[index])
        tokens.withLock { $0.append(token) }
      }
    }
    for log in logs {
      #expect(log.events == [.value(count / 2), .finished])
    }
  }
}
