import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct ThrottleTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test(arguments: [true, false])
  func theFirstValueIsSentAtOnce(latest: Bool) throws {
    try expectMarbles(m, try throttled("-a---|", latest: latest), "-a---|")
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
  func aValueAtTheEndOfAWindowThatSentAValueWaitsForTheNextWindow(latest: Bool) throws {
    // b is held in [0, 3) and sent at 3, which opens [3, 6): c, arriving at 3, waits until 6.
    try expectMarbles(m, try throttled("ab-c-----|", latest: latest), "a--b--c--|")
  }

  @Test func aWindowWithNothingInItClosesSilently() throws {
    try expectMarbles(m, try throttled("a-----b-c---|", latest: true), "a-----b--c--|")
  }

  @Test func aBusyUpstreamGetsOneValuePerWindow() throws {
    try expectMarbles(m, try throttled("abcdefghij|", latest: true), "a--c--f--i(j|)")
    let n = MarbleTest(frame: .milliseconds(100))
    let first = try n.hot("abcdefghij|").throttle(for: n.frames(3), scheduler: n.scheduler, latest: false)
    try expectMarbles(n, first, "a--b--d--g(j|)")
  }

  @Test(arguments: [true, false])
  func finishingWhileAValueIsHeldSendsItFirst(latest: Bool) throws {
    try expectMarbles(m, try throttled("ab|", latest: latest), "a-(b|)")
  }

  @Test(arguments: [true, false])
  func failingWhileAValueIsHeldSendsItFirst(latest: Bool) throws {
    let input = try m.hot("ab#", values: ["a": 1, "b": 2], error: TestError(3))
    try expectMarbles(
      m, input.throttle(for: m.frames(3), scheduler: m.scheduler, latest: latest), "a-(b#)",
      values: ["a": 1, "b": 2], error: TestError(3))
  }

  @Test(arguments: [Duration.zero, .milliseconds(-100)])
  func zeroOrNegativeIntervalSendsEveryValue(interval: Duration) throws {
    let input = try m.hot("a(bc)-d|")
    try expectMarbles(m, input.throttle(for: interval, scheduler: m.scheduler, latest: true), "a(bc)-d|")
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
    let test = MarbleTest(frame: .milliseconds(100))
    let throttled = try test.hot(diagram.inputs[0]).throttle(
      for: test.frames(3), scheduler: test.scheduler, latest: latest)
    try expectMarbles(test, throttled, diagram.output)
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

  @Test func withoutTrailingAValueAtTheEndOfAWindowIsSentAtOnce() throws {
    // The window [0, 3) is half-open: b, at 3, opens the next one.
    try expectMarbles(m, try throttled("a--b-c|", trailing: false), "a--b--|")
  }

  @Test func withoutTrailingNoTimerIsScheduled() throws {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.throttle(for: .seconds(1), scheduler: m.scheduler, latest: true, trailing: false).subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(m.scheduler.pendingCount == 0)
    #expect(log.events == [.value(1)])
    withExtendedLifetime(token) {}
  }

  @Test func withoutTrailingATerminalEventPassesAtOnce() throws {
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
  func withoutLeadingFinishingOrFailingWhileAValueIsHeldSendsItFirst(latest: Bool) throws {
    try expectMarbles(m, try throttled("ab|", latest: latest, leading: false), latest ? "--(b|)" : "--(a|)")
    let n = MarbleTest(frame: .milliseconds(100))
    let input = try n.hot("a#", values: ["a": 1], error: TestError(3))
    try expectMarbles(
      n, input.throttle(for: n.frames(3), scheduler: n.scheduler, latest: latest, leading: false), "-(a#)",
      values: ["a": 1], error: TestError(3))
  }

  @Test(arguments: [(true, false), (false, true)])
  func aZeroIntervalSendsEveryValueAtItsInstantInEveryMode(leading: Bool, trailing: Bool) throws {
    let input = try m.hot("a(bc)-d|")
    try expectMarbles(
      m, input.throttle(for: .zero, scheduler: m.scheduler, latest: true, leading: leading, trailing: trailing),
      "a(bc)-d|")
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
      behaviour: "every value at once"
    ) {
      timeline(
        { $0.throttle(for: .milliseconds(-5), scheduler: $1, latest: true).eraseToAnySignal() },
        sends: [(3, .value(1)), (3, .value(2)), (4, .value(3))]) == ["3:1", "3:2", "4:3"]
    },
    BadInputRow(
      api: "throttle(for:scheduler:latest:leading:trailing:)", input: "a negative interval, leading: false",
      behaviour: "every value, at its instant"
    ) {
      timeline(
        { $0.throttle(for: .milliseconds(-5), scheduler: $1, latest: true, leading: false).eraseToAnySignal() },
        sends: [(3, .value(1)), (3, .value(2)), (4, .value(3))]) == ["3:1", "3:2", "4:3"]
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
  /// The first value at once (or, without `leading`, held), opening a window; values in a window held
  /// (latest or first; without `trailing`, dropped) and sent when it ends, opening the next; a value
  /// exactly at a window's end belongs to the next one.
  static func throttle(
    _ schedule: RandomSchedule, latest: Bool, leading: Bool = true, trailing: Bool = true
  ) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    var windowEnd: Int?
    var held: Int?
    var heldForNext: Int?
    func closeWindows(before time: Int) {
      while let end = windowEnd, end < time {
        if let value = held {
          out.append(TimedOutput(time: end, event: .value(value)))
          held = heldForNext
          heldForNext = nil
          windowEnd = end + schedule.interval
        } else {
          windowEnd = nil
        }
      }
    }
    func open(with value: Int, at time: Int) {
      if leading {
        out.append(TimedOutput(time: time, event: .value(value)))
      } else {
        held = value
      }
      windowEnd = time + schedule.interval
    }
    for timed in schedule.events {
      closeWindows(before: timed.time)
      switch timed.event {
      case .value(let value):
        if schedule.interval == 0 {
          // Windows of no length: every value is sent at its instant, in every mode.
          out.append(TimedOutput(time: timed.time, event: .value(value)))
        } else if let end = windowEnd {
          if timed.time < end {
            if trailing && (latest || held == nil) { held = value }
          } else if held != nil {
            if latest || heldForNext == nil { heldForNext = value }
          } else {
            open(with: value, at: timed.time)
          }
        } else {
          open(with: value, at: timed.time)
        }
      case .finished, .failed:
        if let value = held { out.append(TimedOutput(time: timed.time, event: .value(value))) }
        if let value = heldForNext { out.append(TimedOutput(time: timed.time, event: .value(value))) }
        out.append(TimedOutput(time: timed.time, event: timed.event))
        return out
      }
    }
    closeWindows(before: Int.max)
    return out
  }
}
