import Intro
import IntroTesting
import Signals
import SignalsTesting
import Testing

/// The animated intro as an app configures it (its file's end trigger or 2.6 s, the content it hides, a 3 s
/// safety timeout), driven through the app's calls.
@MainActor
private let animatedIntro = IntroHarness(
  IntroConfiguration(
    animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3),
    gate: .firstLaunch))

@MainActor
@Suite("The animated intro: the rules") struct AnimatedIntroRulesTests {
  @Test func theEndTriggerEndsTheAnimationAndTheContentCompletesIt() {
    let result = animatedIntro.run(trigger: .at(seconds: 1.2), content: .at(seconds: 2))
    #expect(result.kind == .finished)
    #expect(result.endedAfter == .seconds(2))
    #expect(result.finishCount == 1)
    #expect(result.trace.deciding.map(\.input) == [.content])
  }

  @Test func withoutATriggerTheFallbackLengthEndsTheAnimation() {
    let result = animatedIntro.run(content: .at(seconds: 1))
    #expect(result.kind == .finished)
    #expect(result.endedAfter == .milliseconds(2600))
    #expect(result.trace.deciding.map(\.input) == [.length])
  }

  @Test func theSafetyTimeoutWinsWhenTheContentIsLate() {
    let result = animatedIntro.run(trigger: .at(seconds: 1), content: .at(seconds: 5))
    #expect(result.kind == .timedOut)
    #expect(result.endedAfter == .seconds(3))
  }

  @Test func contentExactlyAtTheTimeoutIsInTime() {
    for seed in [nil, 1, 2, 3] as [UInt64?] {
      let result = animatedIntro.run(trigger: .at(seconds: 1), content: .at(seconds: 3), schedulingSeed: seed)
      #expect(result.kind == .finished)
      #expect(result.trace.entries(of: .timeout).map(\.role) == [.lostTie])
    }
  }

  @Test func aTapSkipsAtOnce() {
    let result = animatedIntro.run(content: .at(seconds: 2), taps: .at(seconds: 0.5))
    #expect(result.kind == .skipped)
    #expect(result.endedAfter == .milliseconds(500))
  }

  @Test func aContentFailureEndsAtOnce() {
    let result = animatedIntro.run(content: .fails(at: .seconds(1), "offline"))
    #expect(result.kind == .contentFailed)
    #expect("\(result.outcome!.reason)" == "content failed: offline")
  }
}
