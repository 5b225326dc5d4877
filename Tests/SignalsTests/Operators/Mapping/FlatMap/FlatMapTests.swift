import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct FlatMapTests {
  @Test func mergesTheInnerSignalsValues() {
    let outer = PassthroughSignal<Int, Never>()
    let inners = (0..<2).map { _ in PassthroughSignal<Int, Never>() }
    let log = EventLog<Int, Never>()
    let token = outer.flatMap { inners[$0] }.subscribe(log)
    outer.send(0)
    outer.send(1)
    inners[1].send(10)
    inners[0].send(20)
    #expect(log.values == [10, 20])
    withExtendedLifetime(token) {}
  }

  @Test func finishesWhenTheUpstreamAndEveryInnerFinished() {
    let outer = PassthroughSignal<Int, Never>()
    let inner = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = outer.flatMap { _ in inner }.subscribe(log)
    outer.send(0)
    outer.send(completion: .finished)
    inner.send(1)
    #expect(log.events == [.value(1)])
    inner.send(completion: .finished)
    #expect(log.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func innerFailureFailsEverythingAndCancelsTheRest() {
    let outer = PassthroughSignal<Int, CombineError>()
    let inners = (0..<2).map { _ in PassthroughSignal<Int, CombineError>() }
    let log = EventLog<Int, CombineError>()
    let token = outer.flatMap { inners[$0] }.subscribe(log)
    outer.send(0)
    outer.send(1)
    inners[0].send(completion: .failed(CombineError(2)))
    #expect(log.events == [.failed(CombineError(2))])
    #expect(!outer.hasObservers && !inners[0].hasObservers && !inners[1].hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func maxConcurrencyMakesTheOthersWaitInOrder() {
    let outer = PassthroughSignal<Int, Never>()
    let inners = (0..<3).map { _ in PassthroughSignal<Int, Never>() }
    let log = EventLog<Int, Never>()
    let token = outer.flatMap(maxConcurrency: 1) { inners[$0] }.subscribe(log)
    outer.send(0)
    outer.send(1)
    outer.send(2)
    #expect(inners[0].hasObservers && !inners[1].hasObservers && !inners[2].hasObservers)
    inners[0].send(completion: .finished)
    #expect(inners[1].hasObservers && !inners[2].hasObservers)
    inners[1].send(completion: .finished)
    inners[2].send(7)
    #expect(log.values == [7])
    withExtendedLifetime(token) {}
  }

  @Test func bufferingOldestDropsNewcomersAndBufferingNewestDropsTheOldestWaiting() {
    for (policy, expected) in [(SignalBufferingPolicy.bufferingOldest(1), 1), (.bufferingNewest(1), 2)] {
      let outer = PassthroughSignal<Int, Never>()
      let log = EventLog<Int, Never>()
      let running = PassthroughSignal<Int, Never>()
      let token = outer.flatMap(maxConcurrency: 1, buffering: policy) { value in
        value == 0 ? running.eraseToAnySignal() : SyncEventsSignal([.value(value), .finished]).eraseToAnySignal()
      }.subscribe(log)
      outer.send(0)
      outer.send(1)
      outer.send(2)
      running.send(completion: .finished)
      #expect(log.values == [expected])
      withExtendedLifetime(token) {}
    }
  }

  @Test func synchronousInnersDoNotGrowTheStack() {
    let outer = PassthroughSignal<Int, Never>()
    let last = Locked(0)
    let running = PassthroughSignal<Int, Never>()
    let token = outer.flatMap(maxConcurrency: 1) { value in
      value == 0 ? running.eraseToAnySignal() : SyncEventsSignal([.value(value), .finished]).eraseToAnySignal()
    }.sink { value in last.withLock { $0 = value } }
    outer.send(0)
    for value in 1...20_000 { outer.send(value) }
    running.send(completion: .finished)
    #expect(last.withLock { $0 } == 20_000)
    withExtendedLifetime(token) {}
  }

  @Test func invalidMaxConcurrencyIsRejected() {
    typealias Operator = FlatMapSignal<PassthroughSignal<Int, Never>, PassthroughSignal<Int, Never>>
    #expect(Operator.problem(maxConcurrency: 0) == "Signals: flatMap(maxConcurrency:) needs at least 1, got 0")
    #expect(Operator.problem(maxConcurrency: -3) != nil)
    #expect(Operator.problem(maxConcurrency: 1) == nil)
    #expect(Operator.problem(maxConcurrency: .max) == nil)
  }

  @Test func cancelReleasesEverythingIncludingTheTransform() {
    let outer = PassthroughSignal<Int, Never>()
    let inner = PassthroughSignal<Int, Never>()
    weak var weakWitness: CombineWitness?
    var token: SignalSubscription?
    do {
      let witness = CombineWitness()
      weakWitness = witness
      token = outer.flatMap(maxConcurrency: 1) { [witness] _ in
        _ = witness
        return inner
      }.sink { _ in }
    }
    outer.send(0)
    outer.send(1)
    token?.cancel()
    #expect(!outer.hasObservers && !inner.hasObservers)
    #expect(weakWitness == nil)
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSendIntoAnInnerIsDeliveredAfterTheCurrentEvent() {
    let outer = PassthroughSignal<Int, Never>()
    let inner = PassthroughSignal<Int, Never>()
    let order = Locked<[String]>([])
    let token = outer.flatMap { _ in inner }.sink { value in
      order.withLock { $0.append("begin \(value)") }
      if value == 1 { inner.send(2) }
      order.withLock { $0.append("end \(value)") }
    }
    outer.send(0)
    inner.send(1)
    #expect(order.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2"])
    withExtendedLifetime(token) {}
  }

  @Test func concurrentInnersAreSerialized() {
    let count = 1_000 * combineStressScale
    let outer = PassthroughSignal<Int, Never>()
    let inners = (0..<4).map { _ in PassthroughSignal<Int, Never>() }
    let probe = SerialProbe<Int, Never>()
    let token = outer.flatMap { inners[$0] }.subscribe(probe)
    for index in 0..<4 { outer.send(index) }
    outer.send(completion: .finished)
    runConcurrently(4) { index in
      for value in 0..<count { inners[index].send(value) }
      inners[index].send(completion: .finished)
    }
    #expect(probe.values.count == 4 * count)
    #expect(probe.terminals == [.finished])
    #expect(probe.maximumInside == 1)
    withExtendedLifetime(token) {}
  }

  // MARK: The documented diagram, and the order of cancellation

  static let source = "Sources/Signals/Operators/Mapping/FlatMap/FlatMap.swift"

  /// b's failure cancels a, then the upstream (where Combine keeps the upstream subscribed), then fails.
  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("flat-map", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let order = Locked<[String]>([])
    let a = try m.hotInput(diagram.lane("a"), error: TestError(1))
    let b = try m.hotInput(diagram.lane("b"), error: TestError(1))
    let upstream = try m.hotInput(diagram.lane("upstream"), error: TestError(1))
    let merged = upstream.handleEvents(receiveCancel: { order.withLock { $0.append("upstream") } }).flatMap { name in
      (name == "a" ? a : b).handleEvents(receiveCancel: { order.withLock { $0.append(name) } })
    }
    try expectMarbles(m, merged, try diagram.lane("flatMap"), error: TestError(1))
    #expect(a.subscriptionMarbles == ["-^----!"])
    #expect(b.subscriptionMarbles == ["---^--!"])
    #expect(upstream.subscriptionMarbles == ["^-----!"], "the upstream's subscription ends with the failure")
    #expect(order.withLock { $0 } == ["a", "upstream"])
  }

  /// Combine's order (issue 40): cancelling the result cancels the inner signals, then the upstream.
  @Test func cancellingCancelsTheInnerSignalsThenTheUpstream() throws {
    let m = MarbleTest(frame: .milliseconds(100))
    let order = Locked<[String]>([])
    let inner = try m.hotInput("--1-2-3")
    let upstream = try m.hotInput("-a-b---")
    let recording = m.start(created: 0, subscribed: 0, cancelled: 5) {
      upstream.handleEvents(receiveCancel: { order.withLock { $0.append("upstream") } }).flatMap { name in
        inner.handleEvents(receiveCancel: { order.withLock { $0.append(name) } })
      }
    }
    #expect(recording.marbles() == "--1-(22)")
    #expect(upstream.subscriptionMarbles == ["^----!"])
    #expect(order.withLock { $0.last } == "upstream")
    #expect(Set(order.withLock { $0.prefix(2) }) == ["a", "b"])
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `flatMap`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let flatMap: [ContractCase] = [
    ContractCase(
      "flatMap(Just)",
      [.identity, .deepChain, .shortChain, .finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).flatMap { [witness = context.witness] value in
        touch(witness)
        return JustSignal(value).setFailureType(to: TestError.self)
      }.eraseToAnySignal()
    },
    ContractCase(
      "flatMap(inner subjects)", inputs: 2, [.finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).flatMap { [witness = context.witness, inner = context.input(1)] value in
        touch(witness)
        return inner.prefix(2).prepend(value)
      }.eraseToAnySignal()
    },
    ContractCase(
      "flatMap(maxConcurrency: 1)", inputs: 2, [.finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).flatMap(maxConcurrency: 1) { [witness = context.witness, inner = context.input(1)] value in
        touch(witness)
        return inner.prefix(1).prepend(value)
      }.eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `flatMap`'s rows of the bad-input table (`BadInputTests.swift`).
  static let flatMap: [BadInputRow] = [
    BadInputRow(
      api: "flatMap(maxConcurrency:)", input: "0", behaviour: "validated by problem(maxConcurrency:)"
    ) {
      typealias Flat = FlatMapSignal<PassthroughSignal<Int, Never>, JustSignal<Int>>
      return Flat.problem(maxConcurrency: 0)?.hasPrefix("Signals: ") == true && Flat.problem(maxConcurrency: 1) == nil
    }
  ]
}

extension PreconditionRow {
  /// `flatMap`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let flatMap: [PreconditionRow] = [
    PreconditionRow(
      api: "flatMap(maxConcurrency:)", input: "0", message: "Signals: flatMap(maxConcurrency:) needs at least 1"
    ) {
      _ = PassthroughSignal<Int, Never>().flatMap(maxConcurrency: 0) { JustSignal($0) }
    }
  ]
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func flatMapMergesInnerSignalsFedFromSeveralThreads() async {
    let outer = PassthroughSignal<Int, TestError>()
    let inners = (0..<threads).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let result = await watchdog("flatMap over \(threads) inner signals, one thread each") {
      let token = outer.flatMap { inners[$0] }.subscribe(recorder)
      for index in inners.indices { outer.send(index) }
      outer.send(.finished)
      hammer(inners)
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
  }

  @Test func flatMapOfSynchronousInnersFromSeveralThreads() async {
    let outer = PassthroughSignal<Int, TestError>()
    let recorder = ContractRecorder()
    let result = await watchdog("flatMap(Just) fed by \(threads) threads") {
      let token = outer.flatMap { JustSignal($0).setFailureType(to: TestError.self) }.subscribe(recorder)
      hammer([outer])
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
  }
}
