import Signals
import SignalsTesting
import Testing

@Suite struct ZipTests {
  @Test func pairsValuesInOrder() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<String, Never>()
    let pairs = Locked<[String]>([])
    let token = a.zip(b).sink { pair in pairs.withLock { $0.append("\(pair.0)\(pair.1)") } }
    a.send(1)
    a.send(2)
    b.send("x")
    a.send(3)
    b.send("y")
    b.send("z")
    #expect(pairs.withLock { $0 } == ["1x", "2y", "3z"])
    withExtendedLifetime(token) {}
  }

  @Test func zipsThreeIntoTriples() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Bool, Never>()
    let c = PassthroughSignal<String, Never>()
    let triples = Locked<[String]>([])
    let token = a.zip(b, c).sink { t in triples.withLock { $0.append("\(t.0)\(t.1)\(t.2)") } }
    a.send(1)
    a.send(2)
    b.send(true)
    c.send("c")
    #expect(triples.withLock { $0 } == ["1truec"])
    withExtendedLifetime(token) {}
  }

  @Test func finishingSourceWithBufferedValuesKeepsPairingThenFinishes() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<[Int], Never>()
    let token = ZipSignal([a, b]).subscribe(log)
    a.send(1)
    a.send(2)
    a.send(completion: .finished)
    #expect(log.events.isEmpty)
    b.send(10)
    #expect(log.events == [.value([1, 10])])
    b.send(20)
    #expect(log.events == [.value([1, 10]), .value([2, 20]), .finished])
    #expect(!b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func finishesAtOnceWhenAFinishedSourceHasNothingBuffered() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<[Int], Never>()
    let token = ZipSignal([a, b]).subscribe(log)
    b.send(1)
    b.send(2)
    a.send(completion: .finished)
    #expect(log.events == [.finished])
    #expect(!b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func failsAtTheFirstFailure() {
    let a = PassthroughSignal<Int, CombineError>()
    let b = PassthroughSignal<Int, CombineError>()
    let log = EventLog<[Int], CombineError>()
    let token = ZipSignal([a, b]).subscribe(log)
    a.send(1)
    b.send(completion: .failed(CombineError(4)))
    #expect(log.events == [.failed(CombineError(4))])
    #expect(!a.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func emptyArrayFinishesAtOnce() {
    let log = EventLog<[Int], Never>()
    let token = ZipSignal<PassthroughSignal<Int, Never>>([]).subscribe(log)
    #expect(log.events == [.finished])
    withExtendedLifetime(token) {}
  }

  @Test func cancelReleasesEveryUpstreamAndBufferedValues() {
    let a = PassthroughSignal<CombineWitness, Never>()
    let b = PassthroughSignal<CombineWitness, Never>()
    weak var weakBuffered: CombineWitness?
    let log = EventLog<[CombineWitness], Never>()
    let token = ZipSignal([a, b]).subscribe(log)
    do {
      let buffered = CombineWitness()
      weakBuffered = buffered
      a.send(buffered)
    }
    #expect(weakBuffered != nil)
    token.cancel()
    #expect(weakBuffered == nil)
    #expect(!a.hasObservers && !b.hasObservers)
  }

  @Test func reentrantSendIsDeliveredAfterTheCurrentPair() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let order = Locked<[String]>([])
    let token = ZipSignal([a, b]).sink { values in
      order.withLock { $0.append("begin \(values)") }
      if values == [1, 1] {
        a.send(2)
        b.send(2)
      }
      order.withLock { $0.append("end \(values)") }
    }
    a.send(1)
    b.send(1)
    #expect(order.withLock { $0 } == ["begin [1, 1]", "end [1, 1]", "begin [2, 2]", "end [2, 2]"])
    withExtendedLifetime(token) {}
  }

  @Test func concurrentUpstreamsPairEverything() {
    let count = 1_000 * combineStressScale
    let subjects = (0..<4).map { _ in PassthroughSignal<Int, Never>() }
    let probe = SerialProbe<[Int], Never>()
    let token = ZipSignal(subjects).subscribe(probe)
    runConcurrently(4) { index in
      for value in 0..<count { subjects[index].send(value) }
      subjects[index].send(completion: .finished)
    }
    #expect(probe.values == (0..<count).map { [$0, $0, $0, $0] })
    #expect(probe.terminals == [.finished])
    #expect(probe.maximumInside == 1)
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `zip`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let zip: [ContractCase] = [
    ContractCase("zip", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).zip(context.input(1)).map { $0 &+ $1 }.eraseToAnySignal()
    },
    ContractCase("ZipSignal(3)", inputs: 3, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      ZipSignal(context.inputs.map(\.signal)).map { $0.reduce(0, &+) }.eraseToAnySignal()
    },
    ContractCase("zip(_:_:) transform", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).zip(context.input(1)) { $0 &+ $1 }.eraseToAnySignal()
    },
    ContractCase("zip of four", inputs: 4, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).zip(context.input(1), context.input(2), context.input(3)) { $0 &+ $1 &+ $2 &+ $3 }
        .eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `zip`'s rows of the bad-input table (`BadInputTests.swift`).
  static let zip: [BadInputRow] = [
    BadInputRow(api: "ZipSignal", input: "an empty array", behaviour: "finishes at once") {
      events(ZipSignal<PassthroughSignal<Int, Never>>([])) == [.finished]
    }
  ]
}

// MARK: Against its model, on seeded random schedules (`RandomizedScheduleTests`)

extension RandomizedScheduleTests {
  @Test func zip() {
    check("zip", inputs: 3, salt: 4, model: Models.zip) { inputs, _, _ in
      ZipSignal(inputs).eraseToAnySignal()
    }
  }
}

extension Models {
  static func zip(_ schedule: RandomSchedule) -> [TimedOutput<[Int]>] {
    var queues = [[Int]](repeating: [], count: schedule.inputs)
    var finished = Set<Int>()
    var out: [TimedOutput<[Int]>] = []
    for timed in schedule.events {
      switch timed.event {
      case .value(let value):
        queues[timed.input].append(value)
        if queues.allSatisfy({ !$0.isEmpty }) {
          out.append(TimedOutput(time: timed.time, event: .value(queues.map { $0[0] })))
          for index in queues.indices { queues[index].removeFirst() }
        }
      case .failed(let error):
        out.append(TimedOutput(time: timed.time, event: .failed(error)))
        return out
      case .finished:
        finished.insert(timed.input)
      }
      if finished.contains(where: { queues[$0].isEmpty }) {
        out.append(TimedOutput(time: timed.time, event: .finished))
        return out
      }
    }
    return out
  }
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func zipPairsTheNthValuesOfEachInput() async {
    let inputs = (0..<2).map { _ in PassthroughSignal<Int, TestError>() }
    let log = EventLog<[Int], TestError>()
    let events = await watchdog("zip of 2 inputs, one thread each") {
      let token = ZipSignal(inputs).subscribe(log)
      onThreads(2) { thread in
        for number in 0..<perThread { inputs[thread].send(Tag.make(thread, number)) }
      }
      onThreads(2) { thread in inputs[thread].send(.finished) }
      withExtendedLifetime(token) {}
      return log.events
    }
    guard let events else { return }
    let pairs = events.compactMap(\.value)
    #expect(pairs.count == perThread)
    #expect(pairs.enumerated().allSatisfy { index, pair in pair.map(Tag.number) == [index, index] })
    #expect(events.filter(\.isTerminal).count == 1)
  }
}
