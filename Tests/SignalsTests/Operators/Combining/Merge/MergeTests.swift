import Signals
import SignalsTesting
import Testing

@Suite struct MergeTests {
  @Test func deliversValuesOfEveryUpstreamInArrivalOrder() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = a.merge(with: b).subscribe(log)
    a.send(1)
    b.send(2)
    a.send(3)
    #expect(log.values == [1, 2, 3])
    withExtendedLifetime(token) {}
  }

  @Test func finishesOnlyWhenEveryUpstreamFinished() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let c = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = MergeSignal([a, b, c]).subscribe(log)
    a.send(completion: .finished)
    b.send(1)
    b.send(completion: .finished)
    #expect(log.events == [.value(1)])
    #expect(!a.hasObservers && !b.hasObservers)
    c.send(2)
    c.send(completion: .finished)
    #expect(log.events == [.value(1), .value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func failsAtTheFirstFailureAndCancelsTheOthers() {
    let a = PassthroughSignal<Int, CombineError>()
    let b = PassthroughSignal<Int, CombineError>()
    let log = EventLog<Int, CombineError>()
    let token = a.merge(with: b).subscribe(log)
    a.send(1)
    b.send(completion: .failed(CombineError(1)))
    #expect(!a.hasObservers && !b.hasObservers)
    a.send(2)
    a.send(completion: .failed(CombineError(2)))
    #expect(log.events == [.value(1), .failed(CombineError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func emptyMergeFinishesAtOnce() {
    let log = EventLog<Int, Never>()
    let token = MergeSignal<PassthroughSignal<Int, Never>>([]).subscribe(log)
    #expect(log.events == [.finished])
    withExtendedLifetime(token) {}
  }

  @Test func synchronousFailureLeavesLaterUpstreamsUnsubscribed() {
    let failing = SyncEventsSignal<Int, CombineError>([.value(1), .failed(CombineError(7))])
    let later = CountingSignal(PassthroughSignal<Int, CombineError>())
    let log = EventLog<Int, CombineError>()
    let token = MergeSignal([failing.eraseToAnySignal(), later.eraseToAnySignal()]).subscribe(log)
    #expect(log.events == [.value(1), .failed(CombineError(7))])
    #expect(later.subscriptionCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func synchronousUpstreamsAreMergedInOrder() {
    let first = SyncEventsSignal<Int, Never>([.value(1), .value(2), .finished])
    let second = SyncEventsSignal<Int, Never>([.value(3), .finished])
    let log = EventLog<Int, Never>()
    let token = first.merge(with: second).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(3), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func cancelReleasesEveryUpstreamAndTheObserver() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    weak var upstreamWitness: CombineWitness?
    weak var observerWitness: CombineWitness?
    let values = Locked<[Int]>([])
    var token: SignalSubscription?
    do {
      let upstream = CombineWitness()
      let observer = CombineWitness()
      upstreamWitness = upstream
      observerWitness = observer
      let mapped = a.map { [upstream] value in
        _ = upstream
        return value
      }
      token = mapped.merge(with: b.map { $0 }).sink { [observer] value in
        _ = observer
        values.withLock { $0.append(value) }
      }
    }
    a.send(1)
    #expect(upstreamWitness != nil && observerWitness != nil)
    token?.cancel()
    token?.cancel()
    a.send(2)
    b.send(3)
    #expect(values.withLock { $0 } == [1])
    #expect(!a.hasObservers && !b.hasObservers)
    #expect(upstreamWitness == nil)
    #expect(observerWitness == nil)
    withExtendedLifetime(token) {}
  }

  @Test func stopFromTheObserverCancelsEveryUpstream() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>(answer: { $0.value == 2 ? .stop : .continue })
    let token = a.merge(with: b).subscribe(log)
    a.send(1)
    b.send(2)
    a.send(3)
    #expect(log.values == [1, 2])
    #expect(!a.hasObservers && !b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSendIntoAnotherUpstreamIsDeliveredAfterTheCurrentEvent() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let order = Locked<[String]>([])
    let token = a.merge(with: b).sink { value in
      order.withLock { $0.append("begin \(value)") }
      if value == 1 { b.send(10) }
      if value == 10 { a.send(11) }
      order.withLock { $0.append("end \(value)") }
    }
    a.send(1)
    #expect(order.withLock { $0 } == ["begin 1", "end 1", "begin 10", "end 10", "begin 11", "end 11"])
    withExtendedLifetime(token) {}
  }

  @Test func deepReentrancyDoesNotGrowTheStack() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let last = Locked(0)
    let token = a.merge(with: b).sink { value in
      last.withLock { $0 = value }
      if value < 20_000 { (value.isMultiple(of: 2) ? a : b).send(value + 1) }
    }
    a.send(1)
    #expect(last.withLock { $0 } == 20_000)
    withExtendedLifetime(token) {}
  }

  @Test func concurrentUpstreamsAreSerializedWithOneTerminal() {
    let count = 2_000 * combineStressScale
    let subjects = (0..<4).map { _ in PassthroughSignal<Int, Never>() }
    let probe = SerialProbe<Int, Never>()
    let token = MergeSignal(subjects).subscribe(probe)
    runConcurrently(4) { index in
      for value in 0..<count { subjects[index].send(value) }
      subjects[index].send(completion: .finished)
    }
    #expect(probe.values.count == 4 * count)
    #expect(probe.terminals == [.finished])
    #expect(probe.maximumInside == 1)
    withExtendedLifetime(token) {}
  }

  @Test func concurrentFailuresDeliverExactlyOneTerminal() {
    let subjects = (0..<4).map { _ in PassthroughSignal<Int, CombineError>() }
    let probe = SerialProbe<Int, CombineError>()
    let token = MergeSignal(subjects).subscribe(probe)
    runConcurrently(4) { index in
      for value in 0..<(200 * combineStressScale) { subjects[index].send(value) }
      subjects[index].send(completion: .failed(CombineError(index)))
    }
    #expect(probe.terminals.count == 1)
    #expect(probe.eventsAfterTerminal == 0)
    #expect(probe.maximumInside == 1)
    #expect(subjects.allSatisfy { !$0.hasObservers })
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `merge`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let merge: [ContractCase] = [
    ContractCase(
      "merge", inputs: 3, [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      MergeSignal(context.inputs.map(\.signal)).eraseToAnySignal()
    },
    ContractCase("merge(with:)", inputs: 2, [.identity, .finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).merge(with: context.input(1)).eraseToAnySignal()
    },
    ContractCase(
      "merge(with:) of other types", inputs: 3, [.identity, .finishesWithInputs, .failsWithInput, .concurrent]
    ) { context in
      context.input(0).merge(with: context.input(1).map { $0 }, context.input(2).filter { _ in true })
        .eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `merge`'s rows of the bad-input table (`BadInputTests.swift`).
  static let merge: [BadInputRow] = [
    BadInputRow(api: "MergeSignal", input: "an empty array", behaviour: "finishes at once") {
      events(MergeSignal<PassthroughSignal<Int, Never>>([])) == [.finished]
    }
  ]
}

// MARK: Against its model, on seeded random schedules (`RandomizedScheduleTests`)

extension RandomizedScheduleTests {
  @Test func merge() {
    check("merge", inputs: 3, salt: 1, model: Models.merge) { inputs, _, _ in
      MergeSignal(inputs).eraseToAnySignal()
    }
  }
}

extension Models {
  static func merge(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    var finished = Set<Int>()
    for timed in schedule.events {
      switch timed.event {
      case .value: out.append(TimedOutput(time: timed.time, event: timed.event))
      case .failed:
        out.append(TimedOutput(time: timed.time, event: timed.event))
        return out
      case .finished:
        finished.insert(timed.input)
        if finished.count == schedule.inputs {
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
  @Test func mergeDeliversEveryValueOnceAndFinishesOnce() async {
    let inputs = (0..<threads).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let result = await watchdog("merge of \(threads) inputs, one thread each") {
      let token = MergeSignal(inputs).subscribe(recorder)
      hammer(inputs)
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
    #expect(recorder.snapshot.overlaps == 0)
  }
}
