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
