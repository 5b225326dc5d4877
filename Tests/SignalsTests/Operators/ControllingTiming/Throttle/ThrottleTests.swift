import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct ThrottleTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test(arguments: [true, false])
  func theFirstValueIsSentAtItsInstant(latest: Bool) throws {
    try expectMarbles(m, try throttled("-a---|", latest: latest), "-a---|")
  }

  // Combine's: the value that opens a window waits for a timer at its own instant, so it is sent from the
  // scheduler, and a value of the same instant replaces it (latest) or is dropped (first).
  @Test(arguments: [true, false])
  func theFirstValueIsSentByTheSchedulerAndValuesOfItsInstantJoinIt(latest: Bool) {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.throttle(for: .seconds(1), scheduler: m.scheduler, latest: latest).subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events.isEmpty, "sent by the scheduler, not on the sending thread")
    m.scheduler.advance()
    #expect(log.events == [.value(latest ? 2 : 1)])
    #expect(m.scheduler.now == .zero)
    withExtendedLifetime(token) {}
  }

  @Test func cancellingWhileTheFirstValueWaitsForItsTimerSendsNothing() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.throttle(for: .seconds(1), scheduler: m.scheduler, latest: true).subscribe(log)
    subject.send(1)
    token.cancel()
    m.scheduler.advance()
    #expect(log.events.isEmpty)
    #expect(m.scheduler.pendingCount == 0)
  }

  @Test func latestSendsTheNewestValueOfTheWindowAtItsEnd() throws {
    try expectMarbles(m, try throttled("abc-----|", latest: true), "a--c----|")
  }

  @Test func notLatestSendsTheFirstValueOfTheWindowAtItsEnd() throws {
    try expectMarbles(m, try throttled("abc-----|", latest: false), "a--b----|")
  }

  @Test(arguments: [true, false])
  func aValueAtTheEndOfAQuietWindowIsSentAtOnce(latest: Bool) throws {
    try expectMarbles(m, try throttled("a--b---|", latest: latest), "a--b---|")
  }

  @Test(arguments: [true, false])
  func aValueAtTheEndOfAWindowBeforeItsTimerJoinsTheWaitingValue(latest: Bool) throws {
    // b waits for the end of [0, 3); c, at 3, comes before that timer (scheduled first): it replaces b
    // (latest) or is dropped, as in Combine, and the value sent at 3 opens [3, 6).
    try expectMarbles(m, try throttled("ab-c-----|", latest: latest), latest ? "a--c-----|" : "a--b-----|")
  }

  @Test func aWindowWithNothingInItClosesSilently() throws {
    try expectMarbles(m, try throttled("a-----b-c---|", latest: true), "a-----b--c--|")
  }

  @Test func aBusyUpstreamGetsOneValuePerWindow() throws {
    // The value at each window's end (d, g, j) comes before the window's timer, so it joins that window.
    try expectMarbles(m, try throttled("abcdefghij|", latest: true), "a--d--g--j|")
    let n = MarbleTest(frame: .milliseconds(100))
    let first = try n.hot("abcdefghij|").throttle(for: n.frames(3), scheduler: n.scheduler, latest: false)
    try expectMarbles(n, first, "a--b--e--h|")
  }

  // Combine's (issue 40): the upstream's end waits for the value held, which is sent at its window's end.
  @Test(arguments: [true, false])
  func finishingWhileAValueWaitsSendsItAtTheWindowsEndThenFinishes(latest: Bool) throws {
    try expectMarbles(m, try throttled("a(b|)", latest: latest), "a--(b|)")
    let n = MarbleTest(frame: .milliseconds(100))
    let two = try n.hot("abc|").throttle(for: n.frames(3), scheduler: n.scheduler, latest: latest)
    try expectMarbles(n, two, latest ? "a--(c|)" : "a--(b|)")
  }

  @Test(arguments: [true, false])
  func failingWhileAValueWaitsSendsItAtTheWindowsEndThenFails(latest: Bool) throws {
    let input = try m.hot("ab#", values: ["a": 1, "b": 2], error: TestError(3))
    try expectMarbles(
      m, input.throttle(for: m.frames(3), scheduler: m.scheduler, latest: latest), "a--(b#)",
      values: ["a": 1, "b": 2], error: TestError(3))
  }

  /// The issue's case, in Combine's figures: `-1` sent at 0 and the scheduler run, then `1000` and the end,
  /// still at 0: `1000` and the end come at the window's end, 60 s, as in Combine (not at 0: two values in
  /// one window).
  @Test(arguments: [false, true])
  func aValueAndTheEndInsideAWindowComeAtItsEnd(failing: Bool) {
    let subject = PassthroughSignal<Int, TestError>()
    let recorder = SignalRecorder<Int, TestError>(scheduler: m.scheduler)
    let token = subject.throttle(for: .seconds(60), scheduler: m.scheduler, latest: true).subscribe(recorder)
    subject.send(-1)
    m.scheduler.advance()
    subject.send(1000)
    subject.send(completion: failing ? .failed(TestError(1)) : .finished)
    #expect(recorder.values == [-1], "nothing more inside the window")
    m.scheduler.run()
    let end: Event<Int, TestError> = failing ? .failed(TestError(1)) : .finished
    #expect(recorder.entries.map(\.event) == [.value(-1), .value(1000), end])
    #expect(recorder.entries.map(\.time.offset) == [.zero, .seconds(60), .seconds(60)])
    withExtendedLifetime(token) {}
  }

  @Test(arguments: [false, true])
  func anEndWithNothingWaitingIsSentByTheSchedulerAtItsInstant(failing: Bool) {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.throttle(for: .seconds(60), scheduler: m.scheduler, latest: true).subscribe(log)
    subject.send(completion: failing ? .failed(TestError(1)) : .finished)
    #expect(log.events.isEmpty)
    m.scheduler.advance()
    #expect(log.events == [failing ? .failed(TestError(1)) : .finished])
    withExtendedLifetime(token) {}
  }

  @Test(arguments: [Duration.zero, .milliseconds(-100)])
  func zeroOrNegativeIntervalSendsTheLatestValueOfEachInstant(interval: Duration) throws {
    // b waits for its timer at frame 1, scheduled after c: c replaces it.
    let input = try m.hot("a(bc)-d|")
    try expectMarbles(m, input.throttle(for: interval, scheduler: m.scheduler, latest: true), "ac-d|")
  }

  @Test func cancellingReleasesTheHeldValueAndTimer() {
    let result = releasesEverythingOnCancel { $0.throttle(for: .seconds(1), scheduler: $1, latest: true) }
    #expect(result.payloadReleased)
    #expect(result.upstreamReleased)
    #expect(result.pendingAfterCancel == 0)
    #expect(!result.deliveredAfterCancel)
  }

  // MARK: The documented diagrams

  static let source = "Sources/Signals/Operators/ControllingTiming/Throttle/Throttle.swift"

  @Test func theDocumentedModesAreWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("throttle-modes", in: Self.source)
    let modes: [(label: String, latest: Bool, leading: Bool, trailing: Bool)] = [
      ("latest: true (the default)", true, true, true), ("latest: false", false, true, true),
      ("trailing: false", true, true, false), ("leading: false", true, false, true),
    ]
    #expect(diagram.lanes.map(\.label) == ["upstream"] + modes.map(\.label))
    for mode in modes {
      let test = MarbleTest(frame: .milliseconds(100))
      let throttled = try test.hot(try diagram.lane("upstream")).throttle(
        for: test.frames(3), scheduler: test.scheduler, latest: mode.latest, leading: mode.leading,
        trailing: mode.trailing)
      try expectMarbles(test, throttled, try diagram.lane(mode.label))
    }
  }

  @Test(arguments: [true, false])
  func theDocumentedWindowEdgesAreWhatTheOperatorDoes(latest: Bool) throws {
    let diagram = try DocDiagram("throttle-window-edges", in: Self.source)
    #expect(diagram.lanes.map(\.label) == ["upstream", "latest: true", "latest: false"])
    let test = MarbleTest(frame: .milliseconds(100))
    let throttled = try test.hot(try diagram.lane("upstream")).throttle(
      for: test.frames(3), scheduler: test.scheduler, latest: latest)
    try expectMarbles(test, throttled, try diagram.lane(latest ? "latest: true" : "latest: false"))
  }

  // MARK: trailing: false (RxSwift's latest: false, RxJS's default)

  func throttled(
    _ diagram: String, latest: Bool = true, leading: Bool = true, trailing: Bool = true, frames: Int = 3
  ) throws -> ThrottleSignal<AnySignal<String, Never>> {
    try m.hot(diagram).throttle(
      for: m.frames(frames), scheduler: m.scheduler, latest: latest, leading: leading, trailing: trailing)
  }

  @Test(arguments: [true, false])
  func withoutTrailingTheValuesInsideAWindowAreDropped(latest: Bool) throws {
    // f, at 9, is at the end of d's window [6, 9): it opens the next one.
    try expectMarbles(m, try throttled("abc---d-ef|", latest: latest, trailing: false), "a-----d--f|")
  }

  @Test func withoutTrailingAValueAtTheEndOfAWindowIsSentAtItsInstant() throws {
    // The window [0, 3) is half-open: b, at 3, opens the next one.
    try expectMarbles(m, try throttled("a--b-c|", trailing: false), "a--b--|")
  }

  @Test func withoutTrailingValuesInsideAWindowScheduleNothing() throws {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.throttle(for: .seconds(1), scheduler: m.scheduler, latest: true, trailing: false).subscribe(log)
    subject.send(1)
    subject.send(2)  // while 1 waits for its timer: the first is kept, with or without latest
    m.scheduler.advance()
    subject.send(3)
    #expect(m.scheduler.pendingCount == 0)
    #expect(log.events == [.value(1)])
    withExtendedLifetime(token) {}
  }

  @Test func withoutTrailingATerminalEventIsSentAtItsInstant() throws {
    try expectMarbles(m, try throttled("ab|", trailing: false), "a-|")
    let n = MarbleTest(frame: .milliseconds(100))
    let input = try n.hot("ab#", values: ["a": 1, "b": 2], error: TestError(3))
    try expectMarbles(
      n, input.throttle(for: n.frames(3), scheduler: n.scheduler, latest: true, trailing: false), "a-#",
      values: ["a": 1], error: TestError(3))
  }

  // MARK: leading: false (RxJS's { leading: false, trailing: true })

  @Test func withoutLeadingTheFirstValueWaitsForTheEndOfItsWindow() throws {
    try expectMarbles(m, try throttled("a-----|", leading: false), "---a--|")
  }

  @Test func withoutLeadingTheWindowSendsItsLatestOrFirstValue() throws {
    try expectMarbles(m, try throttled("abc-----|", latest: true, leading: false), "---c----|")
    let n = MarbleTest(frame: .milliseconds(100))
    let first = try n.hot("abc-----|").throttle(
      for: n.frames(3), scheduler: n.scheduler, latest: false, leading: false)
    try expectMarbles(n, first, "---a----|")
  }

  @Test func withoutLeadingTheSentValueOpensTheNextWindow() throws {
    // a is sent at 3, opening [3, 6): b at 4 waits until 6, opening [6, 9); c at 9 finds no window open,
    // opens [9, 12) and waits until 12.
    try expectMarbles(m, try throttled("a---b----c----|", leading: false), "---a--b-----c-|")
  }

  @Test(arguments: [true, false])
  func withoutLeadingFinishingOrFailingWhileAValueWaitsSendsItAtTheWindowsEnd(latest: Bool) throws {
    try expectMarbles(m, try throttled("ab|", latest: latest, leading: false), latest ? "---(b|)" : "---(a|)")
    let n = MarbleTest(frame: .milliseconds(100))
    let input = try n.hot("a#", values: ["a": 1], error: TestError(3))
    try expectMarbles(
      n, input.throttle(for: n.frames(3), scheduler: n.scheduler, latest: latest, leading: false), "---(a#)",
      values: ["a": 1], error: TestError(3))
  }

  @Test(arguments: [(true, false), (false, true)])
  func aZeroIntervalSendsOneValueAnInstantInEveryMode(leading: Bool, trailing: Bool) throws {
    // Without trailing, the first value of an instant is kept; without leading, the latest.
    let input = try m.hot("a(bc)-d|")
    try expectMarbles(
      m, input.throttle(for: .zero, scheduler: m.scheduler, latest: true, leading: leading, trailing: trailing),
      trailing ? "ac-d|" : "ab-d|")
  }

  @Test func withoutLeadingCancellingReleasesTheHeldValueAndTimer() {
    let result = releasesEverythingOnCancel {
      $0.throttle(for: .seconds(1), scheduler: $1, latest: true, leading: false)
    }
    #expect(result.payloadReleased)
    #expect(result.upstreamReleased)
    #expect(result.pendingAfterCancel == 0)
    #expect(!result.deliveredAfterCancel)
  }

  @Test func theModesAreKeptOnTheSignal() {
    let signal = PassthroughSignal<Int, Never>().throttle(
      for: .seconds(1), scheduler: m.scheduler, latest: false, leading: false)
    #expect(!signal.latest && !signal.leading && signal.trailing)
    let defaults = PassthroughSignal<Int, Never>().throttle(for: .seconds(1), scheduler: m.scheduler, latest: true)
    #expect(defaults.leading && defaults.trailing)
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `throttle`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let throttle: [ContractCase] = [
    ContractCase(
      "throttle(latest: true)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).throttle(for: .seconds(1), scheduler: context.scheduler, latest: true).eraseToAnySignal()
    },
    ContractCase(
      "throttle(latest: false)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).throttle(for: .seconds(1), scheduler: context.scheduler, latest: false).eraseToAnySignal()
    },
    ContractCase(
      "throttle(trailing: false)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).throttle(for: .seconds(1), scheduler: context.scheduler, latest: true, trailing: false)
        .eraseToAnySignal()
    },
    ContractCase(
      "throttle(leading: false)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).throttle(for: .seconds(1), scheduler: context.scheduler, latest: true, leading: false)
        .eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `throttle`'s rows of the bad-input table (`BadInputTests.swift`).
  static let throttle: [BadInputRow] = [
    BadInputRow(
      api: "throttle(for:scheduler:latest:leading:trailing:)", input: "a negative interval",
      behaviour: "counts as zero: the latest value of each instant, at that instant"
    ) {
      timeline(
        { $0.throttle(for: .milliseconds(-5), scheduler: $1, latest: true).eraseToAnySignal() },
        sends: [(3, .value(1)), (3, .value(2)), (4, .value(3))]) == ["3:2", "4:3"]
    },
    BadInputRow(
      api: "throttle(for:scheduler:latest:leading:trailing:)", input: "a negative interval, leading: false",
      behaviour: "counts as zero: the latest value of each instant, at that instant"
    ) {
      timeline(
        { $0.throttle(for: .milliseconds(-5), scheduler: $1, latest: true, leading: false).eraseToAnySignal() },
        sends: [(3, .value(1)), (3, .value(2)), (4, .value(3))]) == ["3:2", "4:3"]
    },
    BadInputRow(
      api: "throttle(for:scheduler:latest:leading:trailing:)", input: "leading: false, trailing: false",
      behaviour: "validated by ThrottleSignal.problem(leading:trailing:) (the precondition's message)"
    ) {
      typealias Throttled = ThrottleSignal<PassthroughSignal<Int, Never>>
      return Throttled.problem(leading: false, trailing: false)?.hasPrefix("Signals: ") == true
        && Throttled.problem(leading: true, trailing: false) == nil
        && Throttled.problem(leading: false, trailing: true) == nil
    },
  ]
}

extension PreconditionRow {
  /// `throttle`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let throttle: [PreconditionRow] = [
    PreconditionRow(
      api: "throttle(for:scheduler:latest:leading:trailing:)", input: "leading: false, trailing: false",
      message: "Signals: throttle(leading: false, trailing: false)"
    ) {
      _ = PassthroughSignal<Int, Never>().throttle(
        for: .seconds(1), scheduler: TestScheduler(), latest: true, leading: false, trailing: false)
    }
  ]
}

// MARK: Against its model, on seeded random schedules (`RandomizedScheduleTests`)

extension RandomizedScheduleTests {
  @Test(arguments: [true, false])
  func throttle(latest: Bool) {
    let model: ReferenceModel<Int> = { Models.throttle($0, latest: latest) }
    check("throttle(latest: \(latest))", inputs: 1, salt: latest ? 8 : 9, model: model) {
      inputs, scheduler, interval in
      inputs[0].throttle(for: .milliseconds(interval), scheduler: scheduler, latest: latest).eraseToAnySignal()
    }
  }

  @Test(arguments: [(true, true, false), (false, true, false), (true, false, true), (false, false, true)])
  func throttle(latest: Bool, leading: Bool, trailing: Bool) {
    let model: ReferenceModel<Int> = {
      Models.throttle($0, latest: latest, leading: leading, trailing: trailing)
    }
    let name = "throttle(latest: \(latest), leading: \(leading), trailing: \(trailing))"
    check(name, inputs: 1, salt: 12 + (latest ? 1 : 0) + (leading ? 2 : 0), model: model) {
      inputs, scheduler, interval in
      inputs[0].throttle(
        for: .milliseconds(interval), scheduler: scheduler, latest: latest, leading: leading, trailing: trailing
      ).eraseToAnySignal()
    }
  }
}

extension Models {
  /// Combine's throttle: every event is sent by a timer. A value that finds no window open waits for a timer
  /// at its own instant (`leading`) or at the window's end; one inside a window waits for the window's end
  /// (without `trailing`, it is dropped); a value that arrives while one waits replaces it (`latest` and
  /// `trailing`) or is dropped. Sending a value opens the next window. The upstream's end waits for the
  /// waiting value, or is sent at its instant. Input events are scheduled before the operator's timers, so
  /// at one instant the inputs come first.
  static func throttle(
    _ schedule: RandomSchedule, latest: Bool, leading: Bool = true, trailing: Bool = true
  ) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    var windowEnd: Int?
    var pending: (value: Int, due: Int)?
    var end: Event<Int, TestError>?
    /// Fires the waiting value's timer if it is due before `time`; answers whether the output ended.
    func fire(before time: Int) -> Bool {
      guard let waiting = pending, waiting.due < time else { return false }
      out.append(TimedOutput(time: waiting.due, event: .value(waiting.value)))
      pending = nil
      windowEnd = waiting.due + schedule.interval
      guard let end else { return false }
      out.append(TimedOutput(time: waiting.due, event: end))
      return true
    }
    for timed in schedule.events {
      if fire(before: timed.time) { return out }
      switch timed.event {
      case .value(let value):
        if let waiting = pending {
          if latest && trailing { pending = (value, waiting.due) }
        } else if let windowEnd, timed.time < windowEnd {
          if trailing { pending = (value, windowEnd) }
        } else {
          pending = (value, leading ? timed.time : timed.time + schedule.interval)
        }
      case .finished, .failed:
        guard pending != nil else {
          out.append(TimedOutput(time: timed.time, event: timed.event))
          return out
        }
        end = timed.event
        _ = fire(before: Int.max)
        return out
      }
    }
    _ = fire(before: Int.max)
    return out
  }
}
