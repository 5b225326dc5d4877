import Intro
import IntroTesting
import Signals
import Testing

@MainActor
@Suite("Intro trace") struct IntroTraceTests {
  @Test func theDocumentedDiagramIsWhatItDraws() {
    let trace = IntroTrace(
      entries: [
        IntroTraceEntry(input: .content, event: .value(""), instant: SignalInstant(offset: .seconds(1))),
        IntroTraceEntry(
          input: .length, event: .reached, instant: SignalInstant(offset: .milliseconds(2600)), role: .decided),
      ],
      outcome: .completed, decidedAt: SignalInstant(offset: .milliseconds(2600)))
    #expect(
      trace.diagram() == """
        length   --------------------------L
        content  ----------c----------------
        outcome  --------------------------o
          length: L = reached (decided)
          content: c = value
          outcome: o = completed
        """)
  }

  @Test func aSeed000RunDrawsOneLanePerInputWithRolesInTheLegend() {
    let intro = IntroHarness { inputs in
      .seed000(
        animation: .seed000(endTrigger: inputs.trigger), content: .signal(inputs.content), skipTaps: inputs.taps,
        scheduler: inputs.scheduler)
    }
    let result = intro.run(
      trigger: .at(seconds: 1), content: .at(seconds: 1.5), taps: .values(at: [.milliseconds(1500), .seconds(2)]))
    #expect(
      result.trace.diagram() == """
        trigger  ----------t----------
        content  ---------------c-----
        tap      ---------------x----x
        outcome  ---------------o-----
          trigger: t = value
          content: c = value (decided)
          tap: x = value (lost a tie)
          tap: x = value (after the outcome)
          outcome: o = completed
        """)
  }

  @Test func aLongTraceFitsTheWidthAtACoarserFrame() {
    let intro = IntroHarness {
      .init(animation: .playback($0.playback), timeout: .seconds(60), scheduler: $0.scheduler)
    }
    let result = intro.run(playback: IntroScript([(.seconds(1), .value(true)), (.seconds(30), .finish)]))
    let diagram = result.trace.diagram(width: 80)
    #expect(diagram.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(diagram.contains("to fit 80 columns"))
  }
}
