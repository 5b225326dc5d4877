import Signals
import SignalsTesting
import Testing

@Suite struct RaceTests {
  @Test func firstValueWinsAndTheLosersAreCancelledAtOnce() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let c = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = a.race(with: b, c).subscribe(log)
    #expect(a.hasObservers && b.hasObservers && c.hasObservers)
    b.send(1)
    #expect(!a.hasObservers && !c.hasObservers)
    a.send(2)
    b.send(3)
    b.send(completion: .finished)
    #expect(log.events == [.value(1), .value(3), .finished])
    #expect(!b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func firstFinishWins() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = a.race(with: b).subscribe(log)
    b.send(completion: .finished)
    a.send(1)
    #expect(log.events == [.finished])
    #expect(!a.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func firstFailureWins() {
    let a = PassthroughSignal<Int, CombineError>()
    let b = PassthroughSignal<Int, CombineError>()
    let log = EventLog<Int, CombineError>()
    let token = RaceSignal([a, b]).subscribe(log)
    a.send(completion: .failed(CombineError(1)))
    b.send(2)
    #expect(log.events == [.failed(CombineError(1))])
    #expect(!b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func synchronousFirstEventWinsAndLaterUpstreamsAreNeverSubscribed() {
    let instant = SyncEventsSignal<Int, Never>([.value(1), .finished])
    let later = CountingSignal(PassthroughSignal<Int, Never>())
    let log = EventLog<Int, Never>()
    let token = RaceSignal([instant.eraseToAnySignal(), later.eraseToAnySignal()]).subscribe(log)
    #expect(log.events == [.value(1), .finished])
    #expect(later.subscriptionCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func synchronousValueWithoutFinishStillWinsBeforeLaterUpstreams() {
    let subject = PassthroughSignal<Int, Never>()
    let instantThenSubject = AnySignal<Int, Never> { observer in
      _ = observer.receive(.value(0))
      return subject.subscribe(observer)
    }
    let later = CountingSignal(PassthroughSignal<Int, Never>())
    let log = EventLog<Int, Never>()
    let token = RaceSignal([instantThenSubject, later.eraseToAnySignal()]).subscribe(log)
    subject.send(1)
    #expect(log.values == [0, 1])
    #expect(later.subscriptionCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func synchronousWinnerInTheMiddleCancelsTheEarlierUpstreams() {
    let early = PassthroughSignal<Int, Never>()
    let instant = SyncEventsSignal<Int, Never>([.value(5), .finished])
    let later = CountingSignal(PassthroughSignal<Int, Never>())
    let log = EventLog<Int, Never>()
    let token = RaceSignal([early.eraseToAnySignal(), instant.eraseToAnySignal(), later.eraseToAnySignal()])
      .subscribe(log)
    #expect(log.events == [.value(5), .finished])
    #expect(!early.hasObservers)
    #expect(later.subscriptionCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func emptyRaceFinishesAtOnce() {
    let log = EventLog<Int, Never>()
    let token = RaceSignal<PassthroughSignal<Int, Never>>([]).subscribe(log)
    #expect(log.events == [.finished])
    withExtendedLifetime(token) {}
  }

  @Test func cancelBeforeAnyEventReleasesEveryUpstreamAndTheObserver() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    weak var observerWitness: CombineWitness?
    var token: SignalSubscription?
    do {
      let observer = CombineWitness()
      observerWitness = observer
      token = a.race(with: b).sink { [observer] _ in _ = observer }
    }
    token?.cancel()
    #expect(!a.hasObservers && !b.hasObservers)
    #expect(observerWitness == nil)
    withExtendedLifetime(token) {}
  }

  @Test func reentrantSendIntoTheWinnerIsDeliveredAfterTheCurrentEvent() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let order = Locked<[String]>([])
    let token = a.race(with: b).sink { value in
      order.withLock { $0.append("begin \(value)") }
      if value < 3 { a.send(value + 1) }
      b.send(100)
      order.withLock { $0.append("end \(value)") }
    }
    a.send(1)
    #expect(order.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
    withExtendedLifetime(token) {}
  }

  @Test func concurrentContestantsProduceOneWinnerOnly() {
    for _ in 0..<(20 * combineStressScale) {
      let subjects = (0..<4).map { _ in PassthroughSignal<Int, Never>() }
      let probe = SerialProbe<Int, Never>()
      let token = RaceSignal(subjects).subscribe(probe)
      runConcurrently(4) { index in
        for value in 0..<100 { subjects[index].send(index * 1_000 + value) }
        subjects[index].send(completion: .finished)
      }
      let values = probe.values
      let winner = (values.first ?? 0) / 1_000
      #expect(values == (0..<100).map { winner * 1_000 + $0 })
      #expect(probe.terminals == [.finished])
      #expect(probe.maximumInside == 1)
      #expect(subjects.allSatisfy { !$0.hasObservers })
      withExtendedLifetime(token) {}
    }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `race`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let race: [ContractCase] = [
    ContractCase("race", inputs: 3, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      RaceSignal(context.inputs.map(\.signal)).eraseToAnySignal()
    },
    ContractCase("race(with:) of two types", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.input(0).map { $0 }.race(with: context.input(1)).eraseToAnySignal()
    },
    ContractCase(
      "race(with: AfterSignal), run by the race as a timer",
      [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0)
        .race(with: AfterSignal(.seconds(1_000), value: -1, on: context.scheduler).setFailureType(to: TestError.self))
        .eraseToAnySignal()
    },
    ContractCase("race(with: AfterSignal) that the timer wins", [.usesScheduler, .concurrent]) { context in
      // Fires during the first settle: -1, then finished.
      context.input(0)
        .race(with: AfterSignal(.seconds(1), value: -1, on: context.scheduler).setFailureType(to: TestError.self))
        .eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `race`'s rows of the bad-input table (`BadInputTests.swift`).
  static let race: [BadInputRow] = [
    BadInputRow(api: "RaceSignal", input: "an empty array", behaviour: "finishes at once") {
      events(RaceSignal<PassthroughSignal<Int, Never>>([])) == [.finished]
    }
  ]
}

// MARK: Against its model, on seeded random schedules (`RandomizedScheduleTests`)

extension RandomizedScheduleTests {
  @Test func race() {
    check("race", inputs: 3, salt: 2, model: Models.race) { inputs, _, _ in
      RaceSignal(inputs).eraseToAnySignal()
    }
  }

  @Test func racePair() {
    check("race(with:) of two types", inputs: 2, salt: 9, model: Models.race) { inputs, _, _ in
      inputs[0].map { $0 }.race(with: inputs[1]).eraseToAnySignal()
    }
  }
}

extension Models {
  /// The first event of any kind wins; then only the winner's events.
  static func race(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    guard let winner = schedule.events.first?.input else { return [] }
    var out: [TimedOutput<Int>] = []
    for timed in schedule.events where timed.input == winner {
      out.append(TimedOutput(time: timed.time, event: timed.event))
    }
    return out
  }
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func raceDeliversOneWinnerOnly() async {
    let inputs = (0..<threads).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let values = await watchdog("race of \(threads) inputs, one thread each") {
      let token = RaceSignal(inputs).subscribe(recorder)
      hammer(inputs)
      withExtendedLifetime(token) {}
      return recorder.values
    }
    guard let values else { return }
    let winners = Set(values.map(Tag.sender))
    #expect(winners.count == 1, "values from more than one input: \(winners)")
    #expect(values.map(Tag.number) == Array(0..<perThread), "the winner's values were not all delivered in order")
    #expect(recorder.snapshot.terminals == 1)
  }

  @Test func racePairDeliversOneWinnerOnly() async {
    let inputs = (0..<2).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let values = await watchdog("race(with:) of 2 inputs of different types, one thread each") {
      let token = inputs[0].map { $0 }.race(with: inputs[1]).subscribe(recorder)
      onThreads(2) { thread in
        for number in 0..<perThread { inputs[thread].send(Tag.make(thread, number)) }
        inputs[thread].send(.finished)
      }
      withExtendedLifetime(token) {}
      return recorder.values
    }
    guard let values else { return }
    let winners = Set(values.map(Tag.sender))
    #expect(winners.count == 1, "values from more than one input: \(winners)")
    #expect(values.map(Tag.number) == Array(0..<perThread), "the winner's values were not all delivered in order")
    #expect(recorder.snapshot.terminals == 1)
  }
}
