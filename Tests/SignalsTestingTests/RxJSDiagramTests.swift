import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// Diagrams as RxJS writes them, pasted verbatim into a MarbleTest made with `groupLength: .rxjs` (a
// group lasts as many frames as its characters, parentheses included) and a 1 ms frame (RxJS's `run`
// mode). The facts come from RxJS's documentation and test suite; the code is ours.

@Suite struct RxJSDiagramTests {
  let rx = MarbleTest(frame: .milliseconds(1), groupLength: .rxjs)

  // MARK: Parsing

  @Test func aGroupLastsAsManyFramesAsItsCharacters() throws {
    // RxJS's documentation: in '--(abc)-|', a, b and c are sent in frame 2 and the signal ends in frame 8.
    let pasted = try MarbleDiagram("--(abc)-|", groupLength: .rxjs)
    #expect(pasted.slots.map(\.frame) == [2, 8])
    #expect(pasted.frameCount == 9)
    // Ours counts a group as one frame: the same text ends in frame 4.
    #expect(try MarbleDiagram("--(abc)-|").slots.map(\.frame) == [2, 4])
  }

  @Test func theSameTextPutsLaterEventsLater() throws {
    let ours = try MarbleDiagram("-(ab)-c|")
    let pasted = try MarbleDiagram("-(ab)-c|", groupLength: .rxjs)
    #expect(ours.slots.map(\.frame) == [1, 3, 4])
    #expect(pasted.slots.map(\.frame) == [1, 6, 7])
    #expect(pasted.groupLength == .rxjs && ours.groupLength == .oneFrame)
  }

  @Test func theSubscriptionPointIsFrameZeroAndSpacesAreIgnored() throws {
    // RxJS's parseMarbles spec: '---^---a---b---|' sends a in frame 4, b in 8, ends in 12.
    #expect(try MarbleDiagram("---^---a---b---|", groupLength: .rxjs).slots.map(\.frame) == [4, 8, 12])
    let spaced = try MarbleDiagram("  -a - b -    c |       ", groupLength: .rxjs)
    #expect(spaced.slots.map(\.frame) == [1, 3, 5, 6])
  }

  @Test func errorsStillNameTheirColumn() {
    #expect(throws: MarbleError(.unbalancedOpen, column: 3, diagram: "--(ab")) {
      try MarbleDiagram("--(ab", groupLength: .rxjs)
    }
  }

  // MARK: Pasted tests

  @Test func debounceTime() throws {
    // RxJS's TestScheduler spec: cold('-a-b-c--------|').pipe(debounceTime(5)) is '----------c---|'.
    let input = try rx.cold("-a-b-c--------|")
    try expectMarbles(rx, input.debounce(for: .milliseconds(5), scheduler: rx.scheduler), "----------c---|")
  }

  @Test func mergeOfAColdAndAHotInputWithTheirSubscriptions() throws {
    // RxJS's TestScheduler spec: merge(cold('-a-c-e|'), hot(' ^-b-d-f|')) is ' -abcdef|', and the
    // inputs' subscriptions are '^-----!' and '^------!'.
    let obs1 = try rx.coldInput("-a-c-e|")
    let obs2 = try rx.hotInput(" ^-b-d-f|")
    try expectMarbles(rx, obs1.merge(with: obs2), " -abcdef|")
    #expect(obs1.subscriptionMarbles == ["^-----!"])
    #expect(obs2.subscriptionMarbles == ["^------!"])
  }

  @Test func concatSubscribesTheSecondWhenTheFirstEnds() throws {
    // a = cold('--1--2--|'), b = cold('--3--|'): a then b is '--1--2----3--|', subscribed '^-------!'
    // and '--------^----!'.
    let a = try rx.coldInput("--1--2--|")
    let b = try rx.coldInput("--3--|")
    try expectMarbles(rx, a.append(b), "--1--2----3--|")
    #expect(a.subscriptionMarbles == ["^-------!"])
    #expect(b.subscriptionMarbles == ["--------^----!"])
  }

  @Test func groupsInBothInputsAndTheExpectation() throws {
    let x = try rx.cold("-a------(c|)")
    let y = try rx.cold("-b------(d|)")
    try expectMarbles(rx, x.merge(with: y), "-(ab)---(cd|)")
    // With our group length, the same expectation puts (cd|) in frame 5, not 8.
    let ours = MarbleTest(frame: .milliseconds(1))
    let mismatch = try #require(
      try ours.expect(
        try ours.cold("-a------(c|)").merge(with: try ours.cold("-b------(d|)")), toProduce: "-(ab)---(cd|)"))
    #expect(mismatch.firstDifference.contains("at frame 5"))
  }

  @Test func aRecordingDrawsRxJSsWay() throws {
    let input = try rx.cold("-a-(bc)-d|")
    let recording = rx.record(input)
    #expect(recording.events.map(\.time) == [1, 3, 3, 8, 9].map { rx.instant(ofFrame: $0) })
    #expect(recording.marbles() == "-a-(bc)-d|")
    #expect(recording.groupLength == .rxjs)
  }

  @Test func aMismatchLinesUpRxJSDiagrams() throws {
    let input = try rx.cold("-(ab)-c|")
    let mismatch = try #require(try rx.expect(input, toProduce: "-(ab)--c|"))
    #expect(mismatch.expected == "-(ab)--c|")
    #expect(mismatch.actual == "-(ab)-c|")
    #expect(mismatch.firstDifference.hasPrefix("event 2: expected c (c) at frame 7, got c (c) at frame 6"))
  }

  @Test func anEventInsideAGroupsSpanIsDrawnRightAfterIt() {
    // Frames 1 (a, b) and 2 (c) cannot be drawn RxJS's way: (ab) covers frames 1 to 4.
    let recording = MarbleRecording<String, Never>(
      events: [1, 1, 2].enumerated().map { index, frame in
        .init(time: rx.instant(ofFrame: frame), event: .value(["a", "b", "c"][index]))
      },
      origin: rx.origin, frame: rx.frame, groupLength: .rxjs)
    #expect(recording.marbles() == "-(ab)c")
  }
}
