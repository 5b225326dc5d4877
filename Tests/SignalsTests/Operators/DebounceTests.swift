import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct DebounceTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("debounce", in: "Sources/Signals/Operators/ControllingTiming/Debounce/Debounce.swift")
    let input = try m.hot(diagram.inputs[0])
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), diagram.output)
  }

  @Test func sendsTheLatestValueAfterAQuietInterval() throws {
    let input = try m.hot("-ab----c---|")
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), "----b----c-|")
  }

  @Test func valuesFurtherApartThanTheIntervalAllPass() throws {
    let input = try m.hot("a---b---|")
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), "--a---b-|")
  }

  @Test func aValueExactlyAtTheEndOfTheQuietIntervalReplacesThePendingOne() throws {
    // b arrives at frame 3, when a's timer (due at 3) is also due; the input's event was
    // scheduled first (equal-time rule), so it runs first and restarts the wait.
    let input = try m.hot("-a-b-----|")
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), "-----b---|")
  }

  @Test func finishingWithAPendingValueSendsItFirst() throws {
    let input = try m.hot("-a-b|")
    try expectMarbles(m, input.debounce(for: m.frames(3), scheduler: m.scheduler), "----(b|)")
  }

  @Test func failingWithAPendingValueSendsItFirst() throws {
    let input = try m.hot("-a-b#", values: ["a": 1, "b": 2], error: TestError(1))
    try expectMarbles(
      m, input.debounce(for: m.frames(3), scheduler: m.scheduler), "----(b#)", values: ["b": 2], error: TestError(1))
  }

  @Test func finishingWithNothingPendingJustFinishes() throws {
    let input = try m.hot("-a----|")
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), "---a--|")
  }

  @Test func failureIsForwardedAtOnce() throws {
    let input = try m.hot("--#", values: [:] as [Character: Int], error: TestError(2))
    try expectMarbles(m, input.debounce(for: m.frames(5), scheduler: m.scheduler), "--#", error: TestError(2))
  }

  @Test(arguments: [Duration.zero, .milliseconds(-100)])
  func zeroOrNegativeIntervalSendsTheLastValueOfEachInstant(interval: Duration) throws {
    let input = try m.hot("-(ab)-c|")
    try expectMarbles(m, input.debounce(for: interval, scheduler: m.scheduler), "-b-c|")
  }

  @Test func cancellingReleasesThePendingValueAndTimer() {
    let result = releasesEverythingOnCancel { $0.debounce(for: .seconds(1), scheduler: $1) }
    #expect(result.payloadReleased)
    #expect(result.upstreamReleased)
    #expect(result.pendingAfterCancel == 0)
    #expect(!result.deliveredAfterCancel)
  }

  @Test func stoppingReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never> { _ in .stop }
    let token = subject.debounce(for: m.frames(1), scheduler: m.scheduler).subscribe(log)
    subject.send(1)
    m.scheduler.run()
    subject.send(2)
    m.scheduler.run()
    #expect(log.events == [.value(1)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }
}
