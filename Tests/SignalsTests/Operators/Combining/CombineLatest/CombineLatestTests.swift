import Signals
import SignalsTesting
import Testing

@Suite struct CombineLatestTests {
  @Test func sendsLatestPairsOnceBothHaveAValue() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<String, Never>()
    let pairs = Locked<[String]>([])
    let token = a.combineLatest(b).sink { pair in pairs.withLock { $0.append("\(pair.0)\(pair.1)") } }
    a.send(1)
    a.send(2)
    b.send("x")
    a.send(3)
    b.send("y")
    #expect(pairs.withLock { $0 } == ["2x", "3x", "3y"])
    withExtendedLifetime(token) {}
  }

  @Test func combinesThreeIntoTriples() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Bool, Never>()
    let c = PassthroughSignal<String, Never>()
    let triples = Locked<[String]>([])
    let token = a.combineLatest(b, c).sink { t in triples.withLock { $0.append("\(t.0)\(t.1)\(t.2)") } }
    a.send(1)
    b.send(true)
    c.send("c")
    a.send(2)
    #expect(triples.withLock { $0 } == ["1truec", "2truec"])
    withExtendedLifetime(token) {}
  }

  @Test func finishesWhenAllFinished() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<[Int], Never>()
    let token = CombineLatestSignal([a, b]).subscribe(log)
    a.send(1)
    b.send(2)
    a.send(completion: .finished)
    b.send(3)
    #expect(log.events == [.value([1, 2]), .value([1, 3])])
    b.send(completion: .finished)
    #expect(log.events == [.value([1, 2]), .value([1, 3]), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func finishesAtOnceWhenASourceFinishesWithoutAValue() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<[Int], Never>()
    let token = CombineLatestSignal([a, b]).subscribe(log)
    a.send(1)
    b.send(completion: .finished)
    #expect(log.events == [.finished])
    #expect(!a.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func failsAtTheFirstFailure() {
    let a = PassthroughSignal<Int, CombineError>()
    let b = PassthroughSignal<Int, CombineError>()
    let log = EventLog<[Int], CombineError>()
    let token = CombineLatestSignal([a, b]).subscribe(log)
    a.send(1)
    b.send(completion: .failed(CombineError(3)))
    #expect(log.events == [.failed(CombineError(3))])
    #expect(!a.hasObservers && !b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func emptyArrayFinishesAtOnce() {
    let log = EventLog<[Int], Never>()
    let token = CombineLatestSignal<PassthroughSignal<Int, Never>>([]).subscribe(log)
    #expect(log.events == [.finished])
    withExtendedLifetime(token) {}
  }

  @Test func cancelReleasesEveryUpstreamAndTheObserver() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    weak var weakWitness: CombineWitness?
    var token: SignalSubscription?
    do {
      let witness = CombineWitness()
      weakWitness = witness
      token = a.combineLatest(b).sink { [witness] _ in _ = witness }
    }
    a.send(1)
    token?.cancel()
    #expect(!a.hasObservers && !b.hasObservers)
    #expect(weakWitness == nil)
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSendIsDeliveredAfterTheCurrentCombination() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let order = Locked<[String]>([])
    let token = CombineLatestSignal([a, b]).sink { values in
      order.withLock { $0.append("begin \(values)") }
      if values == [1, 1] { b.send(2) }
      order.withLock { $0.append("end \(values)") }
    }
    a.send(1)
    b.send(1)
    #expect(order.withLock { $0 } == ["begin [1, 1]", "end [1, 1]", "begin [1, 2]", "end [1, 2]"])
    withExtendedLifetime(token) {}
  }

  @Test func concurrentUpstreamsAreSerialized() {
    let count = 1_000 * combineStressScale
    let subjects = (0..<4).map { _ in PassthroughSignal<Int, Never>() }
    let probe = SerialProbe<[Int], Never>()
    let token = CombineLatestSignal(subjects).subscribe(probe)
    for subject in subjects { subject.send(0) }
    runConcurrently(4) { index in
      for value in 1...count { subjects[index].send(value) }
      subjects[index].send(completion: .finished)
    }
    #expect(probe.values.count == 1 + 4 * count)
    #expect(probe.values.last == [count, count, count, count])
    #expect(probe.terminals == [.finished])
    #expect(probe.maximumInside == 1)
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `combineLatest`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let combineLatest: [ContractCase] = [
    ContractCase("combineLatest", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).combineLatest(context.input(1)).map { $0 &+ $1 }.eraseToAnySignal()
    },
    ContractCase("CombineLatestSignal(3)", inputs: 3, [.finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      CombineLatestSignal(context.inputs.map(\.signal)).map { $0.reduce(0, &+) }.eraseToAnySignal()
    },
    ContractCase("combineLatest(_:_:) transform", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).combineLatest(context.input(1)) { $0 &+ $1 }.eraseToAnySignal()
    },
    ContractCase("combineLatest of four", inputs: 4, [.finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).combineLatest(context.input(1), context.input(2), context.input(3)).map { $0.0 &+ $0.3 }
        .eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `combineLatest`'s rows of the bad-input table (`BadInputTests.swift`).
  static let combineLatest: [BadInputRow] = [
    BadInputRow(api: "CombineLatestSignal", input: "an empty array", behaviour: "finishes at once") {
      events(CombineLatestSignal<PassthroughSignal<Int, Never>>([])) == [.finished]
    }
  ]
}

// MARK: Against its model, on seeded random schedules (`RandomizedScheduleTests`)

extension RandomizedScheduleTests {
  @Test func combineLatest() {
    check("combineLatest", inputs: 3, salt: 3, model: Models.combineLatest) { inputs, _, _ in
      CombineLatestSignal(inputs).eraseToAnySignal()
    }
  }
}

extension Models {
  static func combineLatest(_ schedule: RandomSchedule) -> [TimedOutput<[Int]>] {
    var latest = [Int?](repeating: nil, count: schedule.inputs)
    var finished = Set<Int>()
    var out: [TimedOutput<[Int]>] = []
    for timed in schedule.events {
      switch timed.event {
      case .value(let value):
        latest[timed.input] = value
        if latest.allSatisfy({ $0 != nil }) {
          out.append(TimedOutput(time: timed.time, event: .value(latest.map { $0! })))
        }
      case .failed(let error):
        out.append(TimedOutput(time: timed.time, event: .failed(error)))
        return out
      case .finished:
        finished.insert(timed.input)
        if latest[timed.input] == nil || finished.count == schedule.inputs {
          out.append(TimedOutput(time: timed.time, event: .finished))
          return out
        }
      }
    }
    return out
  }
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func combineLatestEndsWithTheLastOfEachAndNeverGoesBack() async {
    let inputs = (0..<2).map { _ in PassthroughSignal<Int, TestError>() }
    let log = EventLog<[Int], TestError>()
    let events = await watchdog("combineLatest of 2 inputs, one thread each") {
      let token = CombineLatestSignal(inputs).subscribe(log)
      onThreads(2) { thread in
        for number in 0..<perThread { inputs[thread].send(Tag.make(thread, number)) }
      }
      onThreads(2) { thread in inputs[thread].send(.finished) }
      withExtendedLifetime(token) {}
      return log.events
    }
    guard let events else { return }
    let combinations = events.compactMap(\.value).map { $0.map(Tag.number) }
    #expect(combinations.last == [perThread - 1, perThread - 1])
    #expect(combinations.count <= 2 * perThread)
    let monotonic = zip(combinations, combinations.dropFirst()).allSatisfy { $0[0] <= $1[0] && $0[1] <= $1[1] }
    #expect(monotonic, "a combination went back in time")
    #expect(events.filter(\.isTerminal).count == 1)
  }
}
