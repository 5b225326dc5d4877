import Signals
import SignalsTesting
import Testing

@Suite struct ThrottleTests {
  let m = MarbleTest(frame: .milliseconds(100))

  func throttled(_ diagram: String, latest: Bool, frames: Int = 3) throws -> ThrottleSignal<AnySignal<String, Never>> {
    try m.hot(diagram).throttle(for: m.frames(frames), scheduler: m.scheduler, latest: latest)
  }

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
}
