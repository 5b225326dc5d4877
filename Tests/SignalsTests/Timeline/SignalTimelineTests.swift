import Signals
import Testing

private func s(_ seconds: Double) -> SignalInstant { SignalInstant(offset: .seconds(seconds)) }
private func ms(_ milliseconds: Int) -> SignalInstant { SignalInstant(offset: .milliseconds(milliseconds)) }

@Suite struct SignalTimelineTests {
  @Test func theDocumentedExampleRendersAsDocumented() {
    let timeline = SignalTimeline(
      frame: .milliseconds(500),
      lanes: [
        SignalTimeline.Lane("trigger", marks: [.value("t", at: s(2.6), label: "end trigger")]),
        SignalTimeline.Lane("content", marks: [.value("c", at: s(1), label: "content ready")]),
        SignalTimeline.Lane("outcome", marks: [.value("o", at: s(2.6), label: "completed"), .finished(at: s(2.6))]),
      ])
    #expect(
      timeline.description == """
        trigger  -----t
        content  --c---
        outcome  -----(o|)
          trigger: t = end trigger, at 2.6 s
          content: c = content ready
          outcome: o = completed, at 2.6 s
          outcome: | at 2.6 s
        """)
  }

  @Test func aLaneAloneIsAMarbleDiagram() {
    let timeline = SignalTimeline(frame: .seconds(1))
    let lane = SignalTimeline.Lane(
      "ignored", marks: [.value("a", at: s(1)), .value("b", at: s(3)), .value("c", at: s(3)), .finished(at: s(5))])
    #expect(timeline.marbles(of: lane) == "-a-(bc)-|")
    #expect(timeline.marbles(of: SignalTimeline.Lane("empty")) == "")
  }

  @Test func everyKindHasItsSymbol() {
    let timeline = SignalTimeline(frame: .seconds(1))
    let lane = SignalTimeline.Lane(
      "", marks: [.subscribed(at: s(0)), .value("x", at: s(1)), .failed(at: s(2)), .unsubscribed(at: s(2))])
    #expect(timeline.marbles(of: lane) == "^x(#!)")
    #expect(timeline.marbles(of: SignalTimeline.Lane("", marks: [.finished(at: s(0))])) == "|")
  }

  @Test func framesCountFromTheOrigin() {
    let timeline = SignalTimeline(frame: .milliseconds(100), origin: s(10))
    #expect(timeline.frame(of: ms(10_300)) == (frame: 3, isExact: true))
    #expect(timeline.frame(of: ms(10_350)) == (frame: 3, isExact: false))
    #expect(timeline.marbles(of: SignalTimeline.Lane("", marks: [.value("a", at: ms(10_200))])) == "--a")
  }

  @Test func aMarkBetweenFramesIsDrawnInTheEarlierOneAndListedWithItsInstant() {
    let timeline = SignalTimeline(
      frame: .milliseconds(100), lanes: [SignalTimeline.Lane("input", marks: [.value("a", at: ms(2650))])])
    #expect(
      timeline.rendered() == """
        input  --------------------------a
          input: a at 2.65 s
        """)
  }

  @Test func aMarkBeforeTheOriginIsDrawnInFrameZeroAndListed() {
    let timeline = SignalTimeline(
      frame: .seconds(1), origin: s(5),
      lanes: [SignalTimeline.Lane("", marks: [.value("a", at: s(4)), .value("b", at: s(6))])])
    #expect(
      timeline.rendered() == """
        ab
          a at 4 s
        """)
  }

  @Test func aLabelIsListedOncePerLaneAndSymbol() {
    let timeline = SignalTimeline(
      frame: .seconds(1),
      lanes: [
        SignalTimeline.Lane("taps", marks: [.value("t", at: s(1), label: "tap"), .value("t", at: s(3), label: "tap")]),
        SignalTimeline.Lane("more", marks: [.value("t", at: s(2), label: "tap")]),
      ])
    #expect(
      timeline.rendered() == """
        taps  -t-t
        more  --t-
          taps: t = tap
          more: t = tap
        """)
  }

  @Test func framesLineUpAcrossLanesWhenOneHasAGroup() {
    let timeline = SignalTimeline(
      frame: .seconds(1),
      lanes: [
        SignalTimeline.Lane("a", marks: [.value("x", at: s(1)), .value("y", at: s(1)), .value("z", at: s(3))]),
        SignalTimeline.Lane("bb", marks: [.value("w", at: s(2)), .value("v", at: s(3))]),
      ])
    #expect(
      timeline.rendered() == """
        a   -(xy)-z
        bb  --   wv
        """)
  }

  @Test func lanesAreDrawnToTheLastMarkOfAnyLaneUnlessTheyEnded() {
    let timeline = SignalTimeline(
      frame: .seconds(1),
      lanes: [
        SignalTimeline.Lane("done", marks: [.finished(at: s(1))]),
        SignalTimeline.Lane("never"),
        SignalTimeline.Lane("late", marks: [.value("l", at: s(4))]),
        SignalTimeline.Lane("cancel", marks: [.subscribed(at: s(0)), .unsubscribed(at: s(2))]),
      ])
    #expect(
      timeline.rendered() == """
        done    -|
        never   -----
        late    ----l
        cancel  ^-!
        """)
  }

  @Test func withoutNamesThereIsNoNameColumn() {
    let timeline = SignalTimeline(
      frame: .seconds(1), lanes: [SignalTimeline.Lane("", marks: [.value("a", at: s(1))]), SignalTimeline.Lane("")])
    #expect(timeline.rendered() == "-a\n--")
  }

  @Test func aTimelineThatFitsTheWidthIsDrawnAtItsFrame() {
    let timeline = SignalTimeline(
      frame: .milliseconds(100), lanes: [SignalTimeline.Lane("input", marks: [.value("a", at: ms(500))])])
    #expect(timeline.rendered(width: 13) == "input  -----a")
    #expect(timeline.rendered(width: 13) == timeline.rendered())
    #expect(timeline.rendered(width: 12).hasSuffix("1 frame = 0.2 s, to fit 12 columns"))
  }

  @Test func aLongTimelineIsDrawnAtTheFirstCoarserFrameThatFits() {
    // An intro's trace at a 10 ms frame: 3 s is 300 frames, too long for a terminal.
    let timeline = SignalTimeline(
      frame: .milliseconds(10),
      lanes: [
        SignalTimeline.Lane("trigger", marks: [.value("t", at: ms(2650), label: "end trigger")]),
        SignalTimeline.Lane("content", marks: [.value("c", at: ms(1000), label: "content ready")]),
        SignalTimeline.Lane("tap"),
        SignalTimeline.Lane("timeout", marks: [.value("x", at: ms(3000))]),
        SignalTimeline.Lane(
          "outcome", marks: [.value("o", at: ms(2650), label: "completed"), .finished(at: ms(2650))]),
      ])
    let drawn = timeline.rendered(width: 80)
    #expect(drawn.split(separator: "\n").allSatisfy { $0.count <= 80 })
    // 20 ms frames take 151 columns; 50 ms frames fit, and 2.65 s is frame 53 of them, exactly. The
    // other lanes' frame 53 is padded to the width of the outcome's group.
    #expect(
      drawn == """
        trigger  -----------------------------------------------------t   -------
        content  --------------------c---------------------------------   -------
        tap      ------------------------------------------------------   -------
        timeout  ------------------------------------------------------   ------x
        outcome  -----------------------------------------------------(o|)
          trigger: t = end trigger
          content: c = content ready
          outcome: o = completed
          1 frame = 0.05 s, to fit 80 columns
        """)
  }

  @Test func marksOffTheCoarserGridGoToTheLegend() {
    let timeline = SignalTimeline(
      frame: .milliseconds(100),
      lanes: [SignalTimeline.Lane("in", marks: [.value("a", at: ms(300)), .value("b", at: ms(1000))])])
    #expect(
      timeline.rendered(width: 10) == """
        in  -a---b
          in: a at 0.3 s
          1 frame = 0.2 s, to fit 10 columns
        """)
  }

  @Test func whenNoFrameFitsTheNarrowestDrawingIsCut() {
    let marks: [SignalTimeline.Mark] = (0..<20).map { .value("v", at: ms(100 * $0)) }
    let timeline = SignalTimeline(frame: .milliseconds(100), lanes: [SignalTimeline.Lane("wave", marks: marks)])
    // Twenty marks take 20 columns at 100 ms, 22 in one group at 2 s: none fits, the narrowest is cut.
    let drawn = timeline.rendered(width: 14)
    let lines = drawn.split(separator: "\n")
    #expect(lines[0] == "wave  vvvvvvv…")
    #expect(lines[0].count == 14)
    #expect(lines.last == "  1 frame = 0.1 s; lanes cut at 14 columns")
  }

  @Test(arguments: [
    (Duration.milliseconds(2650), "2.65 s"), (.zero, "0 s"), (.seconds(3), "3 s"), (.milliseconds(-100), "-0.1 s"),
    (.nanoseconds(1), "0.000000001 s"), (.seconds(61.5), "61.5 s"), (.seconds(2.6), "2.6 s"),
    (.nanoseconds(999_999_999) + Duration(secondsComponent: 0, attosecondsComponent: 600_000_000), "1 s"),
  ])
  func instantsInTheLegendAreInSeconds(duration: Duration, text: String) {
    #expect(SignalTimeline.text(of: duration) == text)
  }

  @Test(arguments: [Duration.zero, .milliseconds(-1)])
  func aFrameMustBePositive(frame: Duration) {
    #expect(SignalTimeline.problem(frame: frame)?.hasPrefix("Signals: a timeline frame must be a positive") == true)
  }

  @Test func aPositiveFrameIsFine() {
    #expect(SignalTimeline.problem(frame: .nanoseconds(1)) == nil)
  }

  @Test func timelinesAreValues() {
    var a = SignalTimeline(frame: .seconds(1), lanes: [SignalTimeline.Lane("x", marks: [.finished(at: s(1))])])
    let b = a
    #expect(a == b)
    a.lanes[0].marks.append(.value("y", at: s(2)))
    #expect(a != b)
    #expect(SignalTimeline.Mark.value("y", at: s(2)).kind.symbol == "y")
    #expect(SignalTimeline.Mark.Kind.finished.isEnd && !SignalTimeline.Mark.Kind.subscribed.isEnd)
  }
}

// The examples of Signals.docc/DrawingTimelines.md, kept true here.
@Suite struct TimelinesArticleTests {
  @Test func labelsAndInstantsOffTheGrid() {
    let ms = { (n: Int) in SignalInstant(offset: .milliseconds(n)) }
    let trace = SignalTimeline(
      frame: .milliseconds(100),
      lanes: [
        SignalTimeline.Lane("trigger", marks: [.value("t", at: ms(2650), label: "end trigger")]),
        SignalTimeline.Lane("content", marks: [.value("c", at: ms(1000), label: "content ready")]),
        SignalTimeline.Lane("outcome", marks: [.value("o", at: ms(2650), label: "completed")]),
      ])
    #expect(
      trace.description == """
        trigger  --------------------------t
        content  ----------c----------------
        outcome  --------------------------o
          trigger: t = end trigger, at 2.65 s
          content: c = content ready
          outcome: o = completed, at 2.65 s
        """)
  }

  @Test func fittingAWidth() {
    let ms = { (n: Int) in SignalInstant(offset: .milliseconds(n)) }
    let fine = SignalTimeline(
      frame: .milliseconds(10),
      lanes: [SignalTimeline.Lane("timeout", marks: [.value("x", at: ms(3000), label: "safety timeout")])])
    #expect(
      fine.rendered(width: 80) == """
        timeout  ------------------------------------------------------------x
          timeout: x = safety timeout
          1 frame = 0.05 s, to fit 80 columns
        """)
  }
}
