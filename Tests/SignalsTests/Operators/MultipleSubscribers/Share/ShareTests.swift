import Signals
import SignalsTesting
import Testing

@Suite struct ShareTests {
  @Test func observersShareOneUpstreamSubscription() {
    let upstream = CountingSignal(PassthroughSignal<Int, Never>())
    let shared = upstream.share()
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    let tokens = [shared.subscribe(first), shared.subscribe(second)]
    upstream.subject.send(1)
    upstream.subject.send(completion: .finished)
    #expect(upstream.subscriptionCount == 1)
    #expect(first.events == [.value(1), .finished])
    #expect(second.events == [.value(1), .finished])
    withExtendedLifetime(tokens) {}
  }

  @Test func lateObserversGetOnlyLaterEvents() {
    let upstream = PassthroughSignal<Int, Never>()
    let shared = upstream.share()
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    let token = shared.subscribe(first)
    upstream.send(1)
    let late = shared.subscribe(second)
    upstream.send(2)
    #expect(first.values == [1, 2])
    #expect(second.values == [2])
    withExtendedLifetime((token, late)) {}
  }

  @Test func lastObserverLeavingCancelsUpstreamAndTheNextOneResubscribes() {
    let upstream = CountingSignal(PassthroughSignal<Int, Never>())
    let shared = upstream.share()
    let first = shared.sink { _ in }
    let second = shared.sink { _ in }
    first.cancel()
    #expect(upstream.subject.hasObservers)
    second.cancel()
    #expect(!upstream.subject.hasObservers)
    #expect(!shared.isConnected)
    let log = EventLog<Int, Never>()
    let third = shared.subscribe(log)
    upstream.subject.send(3)
    #expect(upstream.subscriptionCount == 2)
    #expect(log.values == [3])
    _ = third
  }

  @Test func observerAnsweringStopLeaves() {
    let upstream = PassthroughSignal<Int, Never>()
    let shared = upstream.share()
    let log = EventLog<Int, Never>(answer: { _ in .stop })
    let token = shared.subscribe(log)
    upstream.send(1)
    upstream.send(2)
    #expect(log.values == [1])
    #expect(!upstream.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func afterTheUpstreamEndsTheNextObserverReconnects() {
    let upstream = SyncEventsSignal<Int, Never>([.value(1), .finished])
    let shared = upstream.share()
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    let tokens = [shared.subscribe(first), shared.subscribe(second)]
    #expect(first.events == [.value(1), .finished])
    #expect(second.events == [.value(1), .finished])
    #expect(upstream.subscriptionCount == 2)
    withExtendedLifetime(tokens) {}
  }

  @Test func failureReachesEveryObserver() {
    let upstream = PassthroughSignal<Int, CombineError>()
    let shared = upstream.share()
    let first = EventLog<Int, CombineError>()
    let second = EventLog<Int, CombineError>()
    let tokens = [shared.subscribe(first), shared.subscribe(second)]
    upstream.send(completion: .failed(CombineError(2)))
    #expect(first.events == [.failed(CombineError(2))])
    #expect(second.events == [.failed(CombineError(2))])
    #expect(!shared.isConnected)
    withExtendedLifetime(tokens) {}
  }

  @Test func cancelReleasesTheObserver() {
    let upstream = PassthroughSignal<Int, Never>()
    let shared = upstream.share()
    weak var weakWitness: CombineWitness?
    var token: SignalSubscription?
    do {
      let witness = CombineWitness()
      weakWitness = witness
      token = shared.sink { [witness] _ in _ = witness }
    }
    token?.cancel()
    #expect(weakWitness == nil)
    #expect(!upstream.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSendAndSubscribeFromAnObserver() {
    let upstream = PassthroughSignal<Int, Never>()
    let shared = upstream.share()
    let order = Locked<[String]>([])
    let late = EventLog<Int, Never>()
    let lateToken = Locked<SignalSubscription?>(nil)
    let token = shared.sink { value in
      order.withLock { $0.append("begin \(value)") }
      if value == 1 {
        let subscription = shared.subscribe(late)
        lateToken.withLock { $0 = subscription }
        upstream.send(2)
      }
      order.withLock { $0.append("end \(value)") }
    }
    upstream.send(1)
    #expect(order.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2"])
    #expect(late.values == [2])
    withExtendedLifetime(token) {}
  }

  @Test func concurrentSendsReachEveryObserverSerially() {
    let count = 1_000 * combineStressScale
    let upstream = PassthroughSignal<Int, Never>()
    let shared = upstream.share()
    let probes = (0..<2).map { _ in SerialProbe<Int, Never>() }
    let tokens = probes.map { shared.subscribe($0) }
    runConcurrently(4) { _ in
      for value in 0..<count { upstream.send(value) }
    }
    for probe in probes {
      #expect(probe.values.count == 4 * count)
      #expect(probe.maximumInside == 1)
    }
    withExtendedLifetime(tokens) {}
  }

  @Test func concurrentSubscribeAndCancelLeaveNothingConnected() {
    let upstream = PassthroughSignal<Int, Never>()
    let shared = upstream.share()
    runConcurrently(4) { index in
      for round in 0..<(300 * combineStressScale) {
        if index == 0 {
          upstream.send(round)
        } else {
          let token = shared.sink { _ in }
          if round.isMultiple(of: 3) { upstream.send(round) }
          token.cancel()
        }
      }
    }
    #expect(!shared.isConnected)
    #expect(!upstream.hasObservers)
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `share`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let share: [ContractCase] = [
    ContractCase("share", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).share().eraseToAnySignal()
    },
    ContractCase("share(two subscribers)", [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      let shared = context.input(0).share()
      return MergeSignal([shared.eraseToAnySignal(), shared.map { $0 &* 2 }.eraseToAnySignal()]).eraseToAnySignal()
    },
    ContractCase("share(replay: 2)", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).share(replay: 2).eraseToAnySignal()
    },
    ContractCase("share(replay: 2), two subscribers", [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      let shared = context.input(0).share(replay: 2)
      return MergeSignal([shared.eraseToAnySignal(), shared.map { $0 &* 2 }.eraseToAnySignal()]).eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension PreconditionRow {
  /// `share(replay:)`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let share: [PreconditionRow] = [
    PreconditionRow(
      api: "share(replay:)", input: "-1", message: "Signals: a replay buffer needs a size of at least 0"
    ) { _ = PassthroughSignal<Int, Never>().share(replay: -1) }
  ]
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func shareDeliversEveryValueOnceToEverySubscriber() async {
    let subject = PassthroughSignal<Int, TestError>()
    let shared = subject.share()
    let observers = [ContractRecorder(), ContractRecorder(), ContractRecorder()]
    let reports = await watchdog("share with 3 subscribers fed by \(threads) threads") {
      let tokens = observers.map { shared.subscribe($0) }
      hammer([subject])
      withExtendedLifetime(tokens) {}
      return observers.map { report($0) }
    }
    for report in reports ?? [] { #expect(report.isExact, "\(report)") }
  }
}
