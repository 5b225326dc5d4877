import Intro
import Signals
import SplashDemoKit
import Testing

/// `--timeline` and `--svg`: the scenarios decided in virtual time, at once and always the same.
@MainActor
@Suite struct DemoTimelineTests {
  private func run(_ arguments: String...) throws -> DemoModel {
    guard case .run(let options) = try DemoArguments.parse(arguments) else { throw DemoUsageError("help") }
    return DemoTimeline.run(options)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theAnimatedScenarioFinishesAtItsLength() throws {
    let model = try run("--timeline")
    #expect(
      DemoTimeline.text(of: model, width: nil) == """
        splash-demo --timeline (virtual time): \(model.summary)
        outcome: finished (animated), 2.6 s after start
        trace, one lane per input, then the outcome:
        length   ----------------   ----------L
        content  ---------------(c|)
        outcome  ----------------   ----------o
          length: L = reached (decided)
          content: c = value
          content: | = finished
          outcome: o = finished
        """)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theWaveIsOneLaneOfProgress() throws {
    let model = try run("--timeline", "--scenario", "wave")
    let text = DemoTimeline.text(of: model, width: nil)
    #expect(text.contains("outcome: finished (animated), 5 s after start"))
    #expect(text.contains("playback  pppppppppppppppp   " + String(repeating: "p", count: 34) + "|"))
    #expect(text.contains("  playback: | = finished (decided)"))
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aLoadPastTheTimeoutIsRecordedAfterTheOutcome() throws {
    let model = try run("--scenario", "stages", "--load", "4", "--timeline")
    #expect(model.ending?.kind == .timedOut)
    #expect(model.load == .loaded(at: .seconds(4)))
    let text = DemoTimeline.text(of: model, width: nil)
    #expect(text.contains("  content: c = value (after the outcome)"))
    #expect(text.contains("  timeout: T = reached (decided)"))
    #expect(text.contains("  playback: p = value secondStep"))
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func everyFlagReachesTheTimeline() throws {
    #expect(try run("--timeline", "--fail-load", "--load", "1").ending?.kind == .contentFailed)
    #expect(try run("--timeline", "--reduce-motion", "skip").ending?.kind == .reducedMotion)
    #expect(try run("--timeline", "--reduce-motion", "static", "--load", "1").ending?.presentation == .staticPose)
    #expect(
      try run("--timeline", "--scenario", "stages", "--load", "0", "--min", "2.5").ending?.duration
        == .milliseconds(2500))
    #expect(try run("--timeline", "--scenario", "wave", "--load", "7").ending?.kind == .timedOut)
    #expect(try run("--timeline", "--gate", "first-launch").ending?.kind == .finished)  // in memory: a first launch
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aNarrowTerminalGetsCoarserFrames() throws {
    let model = try run("--timeline", "--scenario", "wave")
    let lines = DemoTimeline.text(of: model, width: 40).split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 40 })
    #expect(lines.contains("  1 frame = 0.5 s, to fit 40 columns;"))
    #expect(lines.contains("playback  pppp   pppppp(p|)"))
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theSVGPictureIsTheTimeline() throws {
    let model = try run("--timeline")
    let picture = TimelineSVG(title: "animated <&> \"quoted\"", footer: ["outcome: finished"])
      .render(DemoTimeline.timeline(of: model))
    #expect(picture.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(picture.hasSuffix("</svg>\n"))
    #expect(picture.contains(">animated &lt;&amp;&gt; &quot;quoted&quot;</text>"))
    for text in [
      ">length</text>", ">content</text>", ">outcome</text>", ">length: L = reached (decided)</text>", ">0 s</text>",
      ">2 s</text>",
    ] {
      #expect(picture.contains(text), "\(text)")
    }
    // The decided mark has a ring; the same timeline draws the same picture.
    #expect(picture.contains("r=\"14\" fill=\"none\" stroke=\"#fbbf24\""))
    #expect(
      picture
        == TimelineSVG(title: "animated <&> \"quoted\"", footer: ["outcome: finished"]).render(
          DemoTimeline.timeline(of: try run("--timeline"))))
    #expect(picture.components(separatedBy: "<text").count == picture.components(separatedBy: "</text>").count)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func denseLanesAreDrawnAsDots() throws {
    let model = try run("--timeline", "--scenario", "wave")
    let picture = TimelineSVG(title: "wave").render(DemoTimeline.timeline(of: model))
    #expect(picture.components(separatedBy: "r=\"4\"").count - 1 == 50)  // the wave's 50 values
  }
}

@Suite struct DemoTraceTextTests {
  @Test func marksOnARealClockAreRoundedToTheirFrames() {
    let start = SignalInstant(offset: .seconds(10))
    let trace = IntroTrace(
      start: start,
      entries: [
        IntroTraceEntry(input: .content, event: .value(""), instant: start + .milliseconds(1_496)),
        IntroTraceEntry(input: .tap, event: .value(""), instant: start + .milliseconds(2_032), role: .decided),
      ], outcome: .skipped, decidedAt: start + .milliseconds(2_032))
    let exact = DemoTraceText.timeline(of: trace, rounded: false).rendered()
    #expect(exact.contains("c = value, at 11.496 s"))
    let rounded = DemoTraceText.timeline(of: trace, rounded: true).rendered()
    #expect(
      rounded == """
        content  ---------------c-----
        tap      --------------------x
        outcome  --------------------o
          content: c = value
          tap: x = value (decided)
          outcome: o = skipped
        """)
  }

  @Test func aTraceTooLongForTheWidthIsDrawnAtACoarserFrameWithAShortLegend() {
    // A letter wave's fifty values and a timeout at 8 s: too long for 40 columns at 0.1 s.
    var entries = (0..<50).map { index in
      IntroTraceEntry(
        input: .playback, event: .value("(\(index % 25), \(index / 25))"),
        instant: .zero + .milliseconds(100 * index + 3))
    }
    entries.append(IntroTraceEntry(input: .timeout, event: .reached, instant: .zero + .seconds(8), role: .decided))
    let trace = IntroTrace(entries: entries, outcome: .timedOut, decidedAt: .zero + .seconds(8))
    let lines = DemoTraceText.lines(of: trace, width: 40, realTime: true)
    #expect(
      lines == [
        "playback  ppppppppppp------",
        "timeout   ----------------T",
        "outcome   ----------------o",
        "  timeout: T = reached (decided)",
        "  outcome: o = timed out",
        "  1 frame = 0.5 s, to fit 40 columns;",
        "      times rounded to it",
      ])
    #expect(DemoTraceText.lines(of: trace, width: nil, realTime: false).count > 50)  // exact: every value listed
  }

  @Test func afterTheOutcomeOnlyTheContentIsShown() {
    let trace = IntroTrace(
      entries: [
        IntroTraceEntry(input: .playback, event: .value("(3, 0)"), instant: .zero + .seconds(1), role: .afterOutcome),
        IntroTraceEntry(input: .content, event: .value(""), instant: .zero + .seconds(2), role: .afterOutcome),
        IntroTraceEntry(input: .tap, event: .value(""), instant: .zero + .seconds(3), role: .afterOutcome),
      ])
    #expect(DemoTraceText.shown(trace).entries.map(\.input) == [.content])
  }

  @Test func longLegendLinesAreWrappedAtSpaces() {
    #expect(DemoTraceText.wrap("short", width: 10) == ["short"])
    #expect(
      DemoTraceText.wrap("  content: | = finished (ignored: the content had settled)", width: 24) == [
        "  content: | = finished", "      (ignored: the", "      content had", "      settled)",
      ])
    #expect(DemoTraceText.wrap("abcdefghijkl", width: 5) == ["abcde", "  fgh", "  ijk", "  l"])
    for line in DemoTraceText.wrap("  a b c d e f g h i j k l m n o p q r s t u v w x y z", width: 7) {
      #expect(line.count <= 7)
    }
  }
}

@Suite struct DemoLogTests {
  private let model = DemoModel(
    summary: "animated", tagline: "animated", scenario: .animated, timeout: .seconds(3), isShowingIntro: true,
    isRealTime: true)

  @Test func aLinePerChange() {
    var next = model
    next.phase = .playing
    next.stage = .secondStep
    next.wave = LetterWave(index: 0, loop: 1)
    next.elapsed = .milliseconds(1_234)
    #expect(
      DemoLog.lines(from: model, to: next) == [
        "   1.23 s  phase: playing", "   1.23 s  stage: second step",
        "   1.23 s  wave: loop 2 over \"Loading your portfolio...\"",
      ])
    var loaded = next
    loaded.load = .loaded(at: .milliseconds(1_500))
    #expect(DemoLog.lines(from: next, to: loaded) == ["   1.50 s  content: loaded"])
    var failed = next
    failed.load = .failed("offline", at: .seconds(2))
    #expect(DemoLog.lines(from: next, to: failed) == ["   2.00 s  content: failed: offline"])
    #expect(DemoLog.lines(from: next, to: next).isEmpty)
    #expect(DemoLog.summary(of: next, width: 80).isEmpty)  // not decided
  }

  @Test func durations() {
    #expect(DemoFormat.seconds(.milliseconds(2600)) == "2.6 s")
    #expect(DemoFormat.seconds(.seconds(3)) == "3 s")
    #expect(DemoFormat.seconds(.milliseconds(50)) == "0.05 s")
    #expect(DemoFormat.seconds(.seconds(2.6)) == "2.6 s")
    #expect(DemoFormat.seconds(.milliseconds(-1500)) == "-1.5 s")
    #expect(DemoFormat.measured(.milliseconds(1_234)) == "1.23 s")
    #expect(DemoFormat.measured(.milliseconds(5)) == "0.01 s")
    #expect(DemoFormat.measured(.zero) == "0.00 s")
  }

  @Test func theCrashSwitch() {
    #expect(DemoCrashSwitch.crash(in: [:]) == nil)
    #expect(DemoCrashSwitch.crash(in: [DemoCrashSwitch.variable: "0"]) == nil)
    #expect(DemoCrashSwitch.crash(in: [DemoCrashSwitch.variable: "1"]) == .trap)
    #expect(DemoCrashSwitch.crash(in: [DemoCrashSwitch.variable: "abort"]) == .abort)
    #expect(DemoCrashSwitch.crash(in: [DemoCrashSwitch.variable: "segv"]) == .segv)
    #expect(DemoCrashSwitch.crash(in: [DemoCrashSwitch.variable: "other"]) == nil)
    DemoCrashSwitch.crashIfAsked([:])  // returns
  }
}
