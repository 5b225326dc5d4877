import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct MarbleTestTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func hotInputSendsAtItsFrames() throws {
    let input = try m.hot("--a--b--|", values: ["a": 1, "b": 2])
    let recording = m.record(input)
    #expect(
      recording.events == [
        .init(time: m.instant(ofFrame: 2), event: .value(1)),
        .init(time: m.instant(ofFrame: 5), event: .value(2)),
        .init(time: m.instant(ofFrame: 8), event: .finished),
      ])
    #expect(recording.marbles(values: ["a": 1, "b": 2]) == "--a--b--|")
  }

  @Test func hotInputIsSharedAndLateSubscribersMissEarlierEvents() throws {
    let input = try m.hot("-a-b-c|")
    let late = EventRecorder<String, Never>()
    let token = Locked<SignalSubscription?>(nil)
    let subscribeLater = m.scheduler.schedule(at: m.instant(ofFrame: 2)) {
      let subscription = input.subscribe(late.observer(self.m.scheduler))
      token.withLock { $0 = subscription }
    }
    let early = m.record(input)
    #expect(early.values == ["a", "b", "c"])
    #expect(late.events == [.value("b"), .value("c"), .finished])
    _ = subscribeLater
  }

  @Test func hotEventsBeforeTheCaretAreNeverSent() throws {
    let input = try m.hot("ab^-c|")
    try expectMarbles(m, input, "--c|")
  }

  @Test func hotFailureUsesTheGivenError() throws {
    let input = try m.hot("-a-#", values: ["a": 1], error: MarbleTestError(code: 7))
    let recording = m.record(input)
    #expect(recording.completion == .failed(MarbleTestError(code: 7)))
    #expect(recording.marbles(values: ["a": 1]) == "-a-#")
  }

  @Test func coldInputStartsAtSubscription() throws {
    let input = try m.cold("-a|")
    m.scheduler.advance(by: m.frames(3))
    let recording = m.record(input)
    #expect(recording.events.map(\.time) == [m.instant(ofFrame: 4), m.instant(ofFrame: 5)])
    #expect(recording.marbles() == "----a|")
  }

  @Test func coldInputGivesEachSubscriptionItsOwnEvents() throws {
    let input = try m.cold("a-b|")
    let first = EventRecorder<String, Never>()
    let second = EventRecorder<String, Never>()
    let one = input.subscribe(first.observer(m.scheduler))
    m.scheduler.advance(by: m.frames(1))
    let two = input.subscribe(second.observer(m.scheduler))
    m.scheduler.run()
    #expect(first.times == [m.instant(ofFrame: 0), m.instant(ofFrame: 2), m.instant(ofFrame: 3)])
    #expect(second.times == [m.instant(ofFrame: 1), m.instant(ofFrame: 3), m.instant(ofFrame: 4)])
    withExtendedLifetime((one, two)) {}
  }

  @Test func cancellingAColdSubscriptionStopsItsEvents() throws {
    let input = try m.cold("a-b-c|")
    let recorder = EventRecorder<String, Never>()
    let token = input.subscribe(recorder.observer(m.scheduler))
    m.scheduler.advance(by: m.frames(2))
    token.cancel()
    m.scheduler.run()
    #expect(recorder.events == [.value("a"), .value("b")])
  }

  @Test func anObserverThatStopsGetsNothingMore() throws {
    let input = try m.cold("a(bc)d|")
    let recorder = EventRecorder<String, Never> { $0 == .value("b") ? .stop : .continue }
    let token = input.subscribe(recorder.observer(m.scheduler))
    m.scheduler.run()
    #expect(recorder.events == [.value("a"), .value("b")])
    withExtendedLifetime(token) {}
  }

  @Test func groupsDeliverTogetherInOrder() throws {
    let input = try m.cold("-(ab)-(c|)")
    let recording = m.record(input)
    #expect(recording.values == ["a", "b", "c"])
    #expect(recording.marbles() == "-(ab)-(c|)")
  }

  @Test func charactersConvertToTheOutputTypeWithoutATable() throws {
    let input: AnySignal<Int, Never> = try m.cold("-1-2-|", values: [:])
    #expect(m.record(input).values == [1, 2])
  }

  @Test func recordingStopsAtTheGivenFrame() throws {
    let input = try m.cold("-a-b-c-d|")
    let recording = m.record(input, frames: 4)
    #expect(recording.values == ["a", "b"])
    #expect(recording.completion == nil)
  }

  @Test func renderingFallsBackToDescriptionsAndQuestionMarks() throws {
    let recording = MarbleRecording<Int, Never>(
      events: [
        .init(time: m.instant(ofFrame: 1), event: .value(7)),
        .init(time: m.instant(ofFrame: 2), event: .value(42)),
        .init(time: m.instant(ofFrame: 2), event: .value(3)),
        .init(time: m.instant(ofFrame: 4), event: .finished),
      ],
      origin: m.origin, frame: m.frame)
    #expect(recording.marbles(values: [:]) == "-7(?3)-|")
    #expect(recording.marbles(values: ["x": 42]) == "-7(x3)-|")
  }

  @Test func offGridTimesRenderInTheEarlierFrame() {
    let recording = MarbleRecording<Int, Never>(
      events: [.init(time: m.origin + .milliseconds(250), event: .value(1))], origin: m.origin, frame: m.frame)
    #expect(recording.frame(of: recording.events[0].time) == (frame: 2, isExact: false))
    #expect(recording.marbles(values: [:]) == "--1")
  }

  @Test func expectReturnsNilOnAMatch() throws {
    let input = try m.cold("-a-(bc)|", values: ["a": 1, "b": 2, "c": 3])
    let result = try m.expect(input, toProduce: "-a-(bc)|", values: ["a": 1, "b": 2, "c": 3])
    #expect(result == nil)
  }

  @Test func mismatchShowsExpectedOverActualAligned() throws {
    let input = try m.cold("--a----b|")
    let result = try #require(try m.expect(input, toProduce: "--a--(bc)--|"))
    #expect(result.expected == "--a--(bc)--|")
    #expect(result.actual == "--a---   -b|")
    #expect(result.firstDifference.hasPrefix("event 1: expected b (b) at frame 5, got b (b) at frame 7"))
    #expect(
      result.description == """
        marble mismatch (1 frame = 0.1 seconds)
          expected: --a--(bc)--|
          actual:   --a---   -b|
          first difference: \(result.firstDifference)
        """)
  }

  @Test func mismatchOnAMissingAndAnExtraEvent() throws {
    let missing = try #require(try m.expect(try m.cold("-a|"), toProduce: "-ab|"))
    #expect(missing.firstDifference.contains("expected b (b) at frame 2, got | at frame 2"))
    let n = MarbleTest()
    let extra = try #require(try n.expect(try n.cold("-ab"), toProduce: "-a"))
    #expect(extra.firstDifference.hasPrefix("event 1: expected nothing, got b (b) at frame 2"))
  }

  @Test func anEventBetweenFramesNeverMatches() throws {
    let input = try m.cold("-a|").map { $0 }
    let fine = MarbleTest(scheduler: m.scheduler, frame: .milliseconds(50))
    // Frame 1 of the input (100 ms) is frame 2 at 50 ms, but frame 1 of 100 ms is not on a 150 ms grid.
    #expect(try fine.expect(input, toProduce: "--a-|") == nil)
    let coarse = MarbleTest(scheduler: m.scheduler, frame: .milliseconds(150))
    let result = try #require(try coarse.expect(input, toProduce: "-a|"))
    #expect(result.firstDifference.contains("between frames"))
  }

  @Test(
    arguments: [
      (nil, true), (MarbleTestError(code: 1), true), (MarbleTestError(code: 2), false),
    ] as [(MarbleTestError?, Bool)])
  func failuresCompareTheirErrors(expected: MarbleTestError?, matches: Bool) throws {
    let input = try m.cold("-#", values: [:] as [Character: Int], error: MarbleTestError(code: 1))
    #expect(try m.expect(input, toProduce: "-#", error: expected) == nil ? matches : !matches)
  }

  @Test func aFailureDoesNotMatchAFinish() throws {
    let input = try m.cold("-#", values: [:] as [Character: Int], error: MarbleTestError(code: 1))
    #expect(try m.expect(input, toProduce: "-|") != nil)
  }

  @Test(arguments: [("x", true), ("y", false)])
  func nonEquatableErrorsCompareByDescription(reason: String, matches: Bool) throws {
    struct Opaque: Error { var reason: String }
    let input = try m.cold("#", values: [:] as [Character: Int], error: Opaque(reason: "x"))
    #expect(try m.expect(input, toProduce: "#", error: Opaque(reason: reason)) == nil ? matches : !matches)
  }

  @Test func helperPassesOnAMatch() throws {
    try expectMarbles(m, try m.hot("-a-b|"), "-a-b|")
  }
}

/// Records events and their virtual times.
final class EventRecorder<Output: Sendable & Equatable, Failure: Error & Equatable>: Sendable {
  private let log = Locked<[(SignalInstant, Event<Output, Failure>)]>([])
  private let answer: @Sendable (Event<Output, Failure>) -> SignalControl

  init(answer: @escaping @Sendable (Event<Output, Failure>) -> SignalControl = { _ in .continue }) {
    self.answer = answer
  }

  func observer(_ scheduler: TestScheduler) -> AnySignalObserver<Output, Failure> {
    AnySignalObserver { event in
      let now = scheduler.now
      self.log.withLock { $0.append((now, event)) }
      return self.answer(event)
    }
  }

  var events: [Event<Output, Failure>] { log.withLock { $0.map(\.1) } }
  var times: [SignalInstant] { log.withLock { $0.map(\.0) } }
}

@Suite struct MarbleTestBadInputTests {
  @Test(arguments: [Duration.zero, .milliseconds(-1)])
  func aFrameMustBePositive(frame: Duration) {
    #expect(MarbleTest.problem(frame: frame)?.hasPrefix("Signals: a marble frame must be a positive duration") == true)
  }

  @Test func aPositiveFrameIsFine() {
    #expect(MarbleTest.problem(frame: .nanoseconds(1)) == nil)
  }
}
