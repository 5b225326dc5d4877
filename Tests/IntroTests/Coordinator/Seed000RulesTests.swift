import Intro
import IntroTesting
import Signals
import SignalsTesting
import Testing

/// Seed 000's intro as an app builds it, over scripted inputs.
@MainActor
private let seed000 = IntroHarness { inputs in
  .seed000(
    animation: .seed000(endTrigger: inputs.trigger), content: .signal(inputs.content), skipTaps: inputs.taps,
    scheduler: inputs.scheduler)
}

@MainActor
@Suite("Seed 000: the rules") struct Seed000RulesTests {
  @Test func theEndTriggerEndsTheAnimationAndTheContentCompletesIt() {
    let result = seed000.run(trigger: .at(seconds: 1.2), content: .at(seconds: 2))
    #expect(result.kind == .completed)
    #expect(result.endedAfter == .seconds(2))
    #expect(result.finishCount == 1)
    #expect(result.trace.deciding.map(\.input) == [.content])
  }

  @Test func withoutATriggerTheFallbackLengthEndsTheAnimation() {
    let result = seed000.run(content: .at(seconds: 1))
    #expect(result.kind == .completed)
    #expect(result.endedAfter == .milliseconds(2600))
    #expect(result.trace.deciding.map(\.input) == [.length])
  }

  @Test func theSafetyTimeoutWinsWhenTheContentIsLate() {
    let result = seed000.run(trigger: .at(seconds: 1), content: .at(seconds: 5))
    #expect(result.kind == .timedOut)
    #expect(result.endedAfter == .seconds(3))
  }

  @Test func contentExactlyAtTheTimeoutIsInTime() {
    for seed in [nil, 1, 2, 3] as [UInt64?] {
      let result = seed000.run(trigger: .at(seconds: 1), content: .at(seconds: 3), schedulingSeed: seed)
      #expect(result.kind == .completed)
      #expect(result.trace.entries(of: .timeout).map(\.role) == [.lostTie])
    }
  }

  @Test func aTapSkipsAtOnce() {
    let result = seed000.run(content: .at(seconds: 2), taps: .at(seconds: 0.5))
    #expect(result.kind == .skipped)
    #expect(result.endedAfter == .milliseconds(500))
  }

  @Test func aContentFailureEndsAtOnce() {
    let result = seed000.run(content: .fails(at: .seconds(1), "offline"))
    #expect(result.kind == .contentFailed)
    #expect("\(result.outcome!.reason)" == "content failed: offline")
  }
}
