import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct ReceiveOnTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func deliversOnTheSchedulerNotSynchronously() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.receive(on: m.scheduler).subscribe(log)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events.isEmpty)
    m.scheduler.advance()
    #expect(log.events == [.value(1), .value(2), .failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func keepsTimingOnTheTestScheduler() throws {
    let input = try m.hot("-a-(bc)--|")
    try expectMarbles(m, input.receive(on: m.scheduler), "-a-(bc)--|")
  }

  @Test func failureIsDeliveredAfterTheValuesBeforeIt() throws {
    let input = try m.hot("-(ab#)", values: ["a": 1, "b": 2], error: TestError(4))
    try expectMarbles(m, input.receive(on: m.scheduler), "-(ab#)", values: ["a": 1, "b": 2], error: TestError(4))
  }

  @Test(arguments: [
    (SignalBufferingPolicy.unbounded, [1, 2, 3, 4]),
    (.bufferingNewest(2), [3, 4]),
    (.bufferingOldest(2), [1, 2]),
    (.bufferingNewest(1), [4]),
  ])
  func boundedPoliciesDropByTheirRuleButNeverTheTerminal(policy: SignalBufferingPolicy, expected: [Int]) {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.receive(on: m.scheduler, bufferingPolicy: policy).subscribe(log)
    for value in 1...4 { subject.send(value) }
    subject.send(completion: .finished)
    m.scheduler.advance()
    #expect(log.values == expected)
    #expect(log.completion == .finished)
    withExtendedLifetime(token) {}
  }

  @Test func aLaggingConsumerGetsLaterValuesInANewRun() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.receive(on: m.scheduler, bufferingPolicy: .bufferingOldest(2)).subscribe(log)
    for value in 1...3 { subject.send(value) }
    m.scheduler.advance()
    for value in 4...6 { subject.send(value) }
    m.scheduler.advance()
    #expect(log.values == [1, 2, 4, 5])
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSendsAreDeliveredAfterTheCurrentEventInOrder() {
    let subject = PassthroughSignal<Int, Never>()
    let received = Locked<[Int]>([])
    let token = subject.receive(on: m.scheduler).sink { value in
      received.withLock { $0.append(value) }
      if value == 1 {
        subject.send(10)
        subject.send(11)
      }
    }
    subject.send(1)
    subject.send(2)
    m.scheduler.advance()
    #expect(received.withLock { $0 } == [1, 2, 10, 11])
    withExtendedLifetime(token) {}
  }

  @Test func cancellingDropsWaitingEventsAndReleasesThem() {
    let result = releasesEverythingOnCancel { $0.receive(on: $1) }
    #expect(result.payloadReleased)
    #expect(result.upstreamReleased)
    #expect(result.pendingAfterCancel == 0)
    #expect(!result.deliveredAfterCancel)
  }

  @Test func stoppingReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never> { _ in .stop }
    let token = subject.receive(on: m.scheduler).subscribe(log)
    subject.send(1)
    subject.send(2)
    m.scheduler.advance()
    #expect(log.events == [.value(1)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  /// Real threads (explicitly marked): many senders, one serial queue. Checks order per
  /// sender, no overlapping deliveries, and that every event arrives on the queue.
  @Test func deliversSeriallyOnARealQueueFromManyThreads() async {
    let queue = DispatchQueue(label: "signals.tests.receive-on")
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    let scheduler = QueueSchedulerDouble(queue: queue)
    let subject = PassthroughSignal<(sender: Int, n: Int), Never>()
    let senders = 4
    let perSender = 500 * stressScale
    struct Seen {
      var last: [Int: Int] = [:]
      var count = 0
      var inDelivery = false
      var overlaps = 0
      var offQueue = 0
      var outOfOrder = 0
    }
    let seen = Locked(Seen())
    let done = Locked<CheckedContinuation<Void, Never>?>(nil)
    let token = subject.receive(on: scheduler).observe({ event in
      let onQueue = DispatchQueue.getSpecific(key: key) == true
      let overlapped = seen.withLock { state in
        defer { state.inDelivery = true }
        return state.inDelivery
      }
      var finished = false
      seen.withLock { state in
        if overlapped { state.overlaps += 1 }
        if !onQueue { state.offQueue += 1 }
        if case .value(let item) = event {
          if item.n != (state.last[item.sender] ?? -1) + 1 { state.outOfOrder += 1 }
          state.last[item.sender] = item.n
          state.count += 1
        } else {
          finished = true
        }
        state.inDelivery = false
      }
      if finished { done.withLock { $0 }?.resume() }
    })
    await withCheckedContinuation { continuation in
      done.withLock { $0 = continuation }
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
          for n in 0..<perSender { subject.send((sender, n)) }
        }
        subject.send(completion: .finished)
      }
    }
    let result = seen.withLock { $0 }
    #expect(result.count == senders * perSender)
    #expect(result.overlaps == 0)
    #expect(result.offQueue == 0)
    #expect(result.outOfOrder == 0)
    withExtendedLifetime(token) {}
  }
}

extension ReceiveOnTests {
  @Test func aLongReentrantRunKeepsItsOrder() {
    // Each delivery sends the next value: one run delivers them all, beyond the compaction threshold.
    let subject = PassthroughSignal<Int, Never>()
    let received = Locked<[Int]>([])
    let token = subject.receive(on: m.scheduler, bufferingPolicy: .bufferingNewest(3)).sink { value in
      received.withLock { $0.append(value) }
      if value < 499 { subject.send(value + 1) }
    }
    subject.send(0)
    m.scheduler.advance()
    #expect(received.withLock { $0 } == Array(0..<500))
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `receive(on:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let receiveOn: [ContractCase] = [
    ContractCase(
      "receive(on:)", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).receive(on: context.scheduler).eraseToAnySignal()
    },
    ContractCase(
      "receive(on: ImmediateSignalScheduler)", [.identity, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      context.input(0).receive(on: ImmediateSignalScheduler()).eraseToAnySignal()
    },
    ContractCase(
      "receive(on:bufferingNewest(2))", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).receive(on: context.scheduler, bufferingPolicy: .bufferingNewest(2)).eraseToAnySignal()
    },
  ]
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func receiveOnDeliversEveryValueInEachSendersOrder() async {
    let subject = PassthroughSignal<Int, TestError>()
    let scheduler = TestScheduler()
    let recorder = ContractRecorder()
    let result = await watchdog("receive(on:) while \(threads) threads send and one advances time") {
      let token = subject.receive(on: scheduler).subscribe(recorder)
      onThreads(threads + 1) { thread in
        if thread == threads {
          for _ in 0..<500 { scheduler.advance() }
          return
        }
        for number in 0..<perThread { subject.send(Tag.make(thread, number)) }
      }
      subject.send(.finished)
      scheduler.advance(by: .seconds(1))
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
    #expect(recorder.snapshot.overlaps == 0)
  }
}
