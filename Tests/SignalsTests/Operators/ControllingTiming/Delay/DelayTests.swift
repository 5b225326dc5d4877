import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct DelayTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("delay", in: "Sources/Signals/Operators/ControllingTiming/Delay/Delay.swift")
    let input = try m.hot(diagram.inputs[0])
    try expectMarbles(m, input.delay(for: m.frames(2), scheduler: m.scheduler), diagram.output)
  }

  @Test func valuesAndFinishAreDelayed() throws {
    let input = try m.hot("-a-b---c|")
    try expectMarbles(m, input.delay(for: m.frames(2), scheduler: m.scheduler), "---a-b---c|")
  }

  @Test func failureIsDelayedAfterTheValuesBeforeIt() throws {
    let input = try m.hot("-a#", values: ["a": 1], error: TestError(1))
    try expectMarbles(
      m, input.delay(for: m.frames(2), scheduler: m.scheduler), "---a#", values: ["a": 1], error: TestError(1))
  }

  @Test func simultaneousEventsKeepTheirOrder() throws {
    let input = try m.hot("-(ab|)")
    try expectMarbles(m, input.delay(for: m.frames(1), scheduler: m.scheduler), "--(ab|)")
  }

  @Test func aDelayLongerThanTheGapsKeepsSpacing() throws {
    let input = try m.cold("abc|")
    try expectMarbles(m, input.delay(for: m.frames(5), scheduler: m.scheduler), "-----abc|")
  }

  @Test func aBetweenFramesDelayShiftsEveryEvent() throws {
    let input = try m.hot("-a|")
    let recording = m.record(input.delay(for: .milliseconds(150), scheduler: m.scheduler))
    #expect(recording.events.map(\.time) == [m.origin + .milliseconds(250), m.origin + .milliseconds(350)])
  }

  @Test(arguments: [Duration.zero, .milliseconds(-300)])
  func zeroOrNegativeDelayDeliversAtTheSameInstantThroughTheScheduler(interval: Duration) throws {
    let input = try m.hot("-a-(bc)|")
    try expectMarbles(m, input.delay(for: interval, scheduler: m.scheduler), "-a-(bc)|")

    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.delay(for: interval, scheduler: m.scheduler).subscribe(log)
    subject.send(1)
    #expect(log.events.isEmpty, "asynchronous even with a zero delay")
    m.scheduler.advance()
    #expect(log.values == [1])
    withExtendedLifetime(token) {}
  }

  @Test func cancellingReleasesWaitingEventsAndScheduledActions() {
    let result = releasesEverythingOnCancel { $0.delay(for: .seconds(1), scheduler: $1) }
    #expect(result.payloadReleased)
    #expect(result.upstreamReleased)
    #expect(result.pendingAfterCancel == 0)
    #expect(!result.deliveredAfterCancel)
  }

  @Test func cancellingHalfwayDeliversNothingMore() throws {
    let input = try m.hot("ab-c|")
    let log = EventLog<String, Never>()
    let token = input.delay(for: m.frames(2), scheduler: m.scheduler).subscribe(log)
    m.scheduler.advance(to: m.instant(ofFrame: 2))
    token.cancel()
    m.scheduler.run()
    #expect(log.events == [.value("a")])
  }

  @Test func stoppingReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never> { _ in .stop }
    let token = subject.delay(for: m.frames(1), scheduler: m.scheduler).subscribe(log)
    subject.send(1)
    subject.send(2)
    m.scheduler.run()
    #expect(log.events == [.value(1)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }
}

extension DelayTests {
  @Test func aLongSteadyStreamKeepsItsOrder() {
    // More events than the compaction threshold while the queue never empties.
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.delay(for: .milliseconds(10), scheduler: m.scheduler).subscribe(log)
    for value in 0..<500 {
      subject.send(value)
      m.scheduler.advance(by: .milliseconds(1))
    }
    m.scheduler.run()
    #expect(log.values == Array(0..<500))
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `delay`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let delay: [ContractCase] = [
    ContractCase(
      "delay", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).delay(for: .seconds(1), scheduler: context.scheduler).eraseToAnySignal()
    }
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `delay`'s rows of the bad-input table (`BadInputTests.swift`).
  static let delay: [BadInputRow] = [
    BadInputRow(api: "delay(for:scheduler:)", input: "a negative interval", behaviour: "counts as zero") {
      timeline({ $0.delay(for: .milliseconds(-5), scheduler: $1).eraseToAnySignal() }, sends: [(3, .value(1))])
        == ["3:1"]
    },
    BadInputRow(
      api: "delay(for:scheduler:)", input: "a zero interval", behaviour: "still asynchronous, at the same instant"
    ) {
      let scheduler = TestScheduler()
      let subject = PassthroughSignal<Int, TestError>()
      let log = EventLog<Int, TestError>()
      let token = subject.delay(for: .zero, scheduler: scheduler).subscribe(log)
      subject.send(1)
      let before = log.events
      scheduler.advance(by: .zero)
      withExtendedLifetime(token) {}
      return before.isEmpty && log.events == [.value(1)]
    },
  ]
}

// MARK: Against its model, on seeded random schedules (`RandomizedScheduleTests`)

extension RandomizedScheduleTests {
  @Test func delay() {
    check("delay", inputs: 1, salt: 6, model: Models.delay) { inputs, scheduler, interval in
      inputs[0].delay(for: .milliseconds(interval), scheduler: scheduler).eraseToAnySignal()
    }
  }
}

extension Models {
  /// Every event, terminal ones included, `interval` later, in order.
  static func delay(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    schedule.events.map { TimedOutput(time: $0.time + schedule.interval, event: $0.event) }
  }
}
