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

@Suite struct MeasureIntervalTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "measure-interval", in: "Sources/Signals/Operators/ControllingTiming/MeasureInterval.swift")
    let input = try m.hot(diagram.inputs[0])
    let frames = input.measureInterval(using: m.scheduler).map { String(Int($0 / m.frame)) }
    try expectMarbles(m, frames, diagram.output)
  }

  @Test func eachSubscriptionMeasuresFromItsStart() {
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, TestError>()
    scheduler.advance(by: .seconds(5))
    let log = EventLog<Duration, TestError>()
    let token = subject.measureInterval(using: scheduler).subscribe(log)
    scheduler.advance(by: .seconds(2))
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.value(.seconds(2)), .value(.zero), .failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func cancellingReleasesTheUpstream() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] in
        withExtendedLifetime(witness) {}
        return $0
      }.measureInterval(using: TestScheduler())
    }
  }
}
