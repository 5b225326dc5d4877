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
      outcome: .finished, decidedAt: SignalInstant(offset: .milliseconds(2600)))
    #expect(
      trace.diagram() == """
        length   --------------------------L
        content  ----------c----------------
        outcome  --------------------------o
          length: L = reached (decided)
          content: c = value
          outcome: o = finished
        """)
  }

  @Test func aRunDrawsOneLanePerInputWithRolesInTheLegend() {
    let intro = IntroHarness(
      IntroConfiguration(
        animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3)))
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
          outcome: o = finished
        """)
  }

  @Test func theTraceReadsAsOneLinePerEntryThenTheOutcome() {
    let intro = IntroHarness(
      IntroConfiguration(animation: .endTrigger(), timeout: .seconds(3), skipGracePeriod: .milliseconds(500)))
    let result = intro.run(taps: .values(at: [.milliseconds(200), .seconds(1)]))
    #expect(
      "\(result.trace)" == """
        0.2 seconds tap value (before the outcome, ignored: in the grace period)
        0.5 seconds grace reached (before the outcome)
        1.0 seconds tap value (decided)
        1.0 seconds outcome: skipped
        """)
  }

  @Test func aLongTraceFitsTheWidthAtACoarserFrame() {
    let intro = IntroHarness(
      IntroConfiguration(animation: .stages([1: .seconds(1), 2: .seconds(29)]), timeout: .seconds(60)))
    let result = intro.run()
    let diagram = result.trace.diagram(width: 80)
    #expect(diagram.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(diagram.contains("to fit 80 columns"))
  }
}
