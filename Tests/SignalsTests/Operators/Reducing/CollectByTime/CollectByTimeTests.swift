import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct CollectByTimeTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "collect-by-time", in: "Sources/Signals/Operators/Reducing/CollectByTime/CollectByTime.swift")
    let input = try m.hot(diagram.inputs[0])
    try expectMarbles(
      m, input.collect(.byTime(m.scheduler, m.frames(3))), diagram.output,
      values: ["x": ["a", "b"], "y": ["c"], "z": ["d"]])
  }

  @Test func windowsWithoutValuesSendNothingAndScheduleNothing() throws {
    let input = try m.hot("--------|")
    try expectMarbles(m, input.collect(.byTime(m.scheduler, m.frames(2))), "--------|")
    #expect(m.scheduler.pendingCount == 0)
  }

  @Test func aValueExactlyAtAWindowsEndBelongsToTheNextWindow() throws {
    // b comes at frame 3, when a's window ends; the input was scheduled first, so the value comes before
    // the timer: the machine ends a's window first, as the timer would have.
    let input = try m.hot("-a-b-----|")
    try expectMarbles(
      m, input.collect(.byTime(m.scheduler, m.frames(3))), "---x--y--|", values: ["x": ["a"], "y": ["b"]])
  }

  @Test func byTimeOrCountEndsAWindowWhenItIsFullAndStartsTheNextThen() throws {
    // Full at frame 2 ([a, b]); the next window starts at 2, so c (3) waits for its end at 5 (from the
    // subscription, it would be 6).
    let input = try m.hot("-abc-----|")
    try expectMarbles(
      m, input.collect(.byTimeOrCount(m.scheduler, m.frames(3), 2)), "--x--y---|",
      values: ["x": ["a", "b"], "y": ["c"]])
  }

  @Test func byTimeOrCountSendsByTimeWhenTheWindowIsNotFull() throws {
    let input = try m.hot("-a---b---|")
    try expectMarbles(
      m, input.collect(.byTimeOrCount(m.scheduler, m.frames(2), 5)), "--x---y--|", values: ["x": ["a"], "y": ["b"]])
  }

  @Test func aCountOfOneSendsEachValueAtOnce() throws {
    let input = try m.hot("-ab-c|")
    try expectMarbles(
      m, input.collect(.byTimeOrCount(m.scheduler, m.frames(3), 1)), "-xy-z|",
      values: ["x": ["a"], "y": ["b"], "z": ["c"]])
  }

  @Test func finishingSendsTheOpenWindowFirst() throws {
    let input = try m.hot("-ab|")
    try expectMarbles(m, input.collect(.byTime(m.scheduler, m.frames(5))), "---(x|)", values: ["x": ["a", "b"]])
  }

  @Test func failingSendsTheOpenWindowFirst() throws {
    // Decided (Decisions.md): Combine drops the open window on a failure; the time operators here never drop
    // a value, so the window goes first.
    let input = try m.hot("-ab#", error: TestError(1))
    try expectMarbles(
      m, input.collect(.byTime(m.scheduler, m.frames(5))), "---(x#)", values: ["x": ["a", "b"]], error: TestError(1))
  }

  @Test func aLateTimerIsNotNeededToEndAWindow() {
    // As on a real scheduler whose timer runs late: the value at the window's end comes first, and ends it.
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<[Int], Never>()
    let token = subject.collect(.byTime(scheduler, .seconds(1))).subscribe(log)
    subject.send(1)
    scheduler.advance(to: SignalInstant(offset: .milliseconds(2_500)))
    #expect(log.values == [[1]])
    subject.send(2)
    scheduler.advance(by: .milliseconds(500))
    #expect(log.values == [[1], [2]], "the second value's window is [2 s, 3 s)")
    withExtendedLifetime(token) {}
  }

  @Test func eachSubscriptionCountsItsWindowsFromItsOwnStart() {
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, Never>()
    let collected = subject.collect(.byTime(scheduler, .seconds(1)))
    let early = EventLog<[Int], Never>()
    let earlyToken = collected.subscribe(early)
    scheduler.advance(by: .milliseconds(500))
    let late = EventLog<[Int], Never>()
    let lateToken = collected.subscribe(late)
    subject.send(1)
    scheduler.advance(by: .milliseconds(500))
    #expect(early.values == [[1]])
    #expect(late.values.isEmpty)
    scheduler.advance(by: .milliseconds(500))
    #expect(late.values == [[1]])
    withExtendedLifetime((earlyToken, lateToken)) {}
  }

  @Test func cancellingReleasesTheHeldValuesAndTheTimer() {
    let result = releasesEverythingOnCancel { $0.collect(.byTime($1, .seconds(1))) }
    #expect(result.payloadReleased)
    #expect(result.upstreamReleased)
    #expect(result.pendingAfterCancel == 0)
    #expect(!result.deliveredAfterCancel)
  }

  @Test func theStrategyKeepsWhatItWasGiven() {
    let scheduler = TestScheduler()
    let byTime = SignalTimeGrouping.byTime(scheduler, .seconds(2))
    let byCount = SignalTimeGrouping.byTimeOrCount(scheduler, .seconds(1), 4)
    #expect(byTime.interval == .seconds(2) && byTime.count == nil)
    #expect(byCount.interval == .seconds(1) && byCount.count == 4)
    #expect(byTime.scheduler as? TestScheduler === scheduler)
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `collect(_:)` by time's cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let collectByTime: [ContractCase] = [
    ContractCase(
      "collect(.byTime)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).collect(.byTime(context.scheduler, .seconds(1))).map { $0.reduce(0, &+) }.eraseToAnySignal()
    },
    ContractCase(
      "collect(.byTimeOrCount(2))", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).collect(.byTimeOrCount(context.scheduler, .seconds(1), 2)).map { $0.reduce(0, &+) }
        .eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `collect(_:)` by time's rows of the bad-input table (`BadInputTests.swift`).
  static let collectByTime: [BadInputRow] = [
    BadInputRow(
      api: "collect(.byTime(_:_:))", input: "a zero or negative interval",
      behaviour: "validated by SignalTimeGrouping.problem(interval:count:) (the precondition's message)"
    ) {
      SignalTimeGrouping.problem(interval: .zero, count: nil)?.hasPrefix("Signals: ") == true
        && SignalTimeGrouping.problem(interval: .seconds(-1), count: nil) != nil
        && SignalTimeGrouping.problem(interval: .nanoseconds(1), count: nil) == nil
    },
    BadInputRow(
      api: "collect(.byTimeOrCount(_:_:_:))", input: "a count below 1",
      behaviour: "validated by SignalTimeGrouping.problem(interval:count:)"
    ) {
      SignalTimeGrouping.problem(interval: .seconds(1), count: 0)?.hasPrefix("Signals: ") == true
        && SignalTimeGrouping.problem(interval: .seconds(1), count: 1) == nil
    },
  ]
}

extension PreconditionRow {
  /// `collect(_:)` by time's precondition rows of the bad-input table (`BadInputTests.swift`).
  static let collectByTime: [PreconditionRow] = [
    PreconditionRow(
      api: "collect(.byTime(_:_:))", input: ".zero", message: "Signals: collect(.byTime) needs a positive interval"
    ) {
      _ = PassthroughSignal<Int, Never>().collect(.byTime(TestScheduler(), .zero))
    },
    PreconditionRow(
      api: "collect(.byTimeOrCount(_:_:_:))", input: "count 0",
      message: "Signals: collect(.byTimeOrCount) needs a count of at least 1"
    ) {
      _ = PassthroughSignal<Int, Never>().collect(.byTimeOrCount(TestScheduler(), .seconds(1), 0))
    },
  ]
}
