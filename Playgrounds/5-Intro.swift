import Intro
import IntroTesting
import SignalsTesting

/// Page 5: the intro coordinator — one outcome from many inputs, why, and how to test an app's intro.
@MainActor func introPage() {
  let scheduler = TestScheduler()
  let coordinator = IntroCoordinator(
    IntroConfiguration(
      animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3)),
    scheduler: scheduler)
  print("the app's calls: the animation ends at 1 s, the content is ready at 1.8 s, a tap at 2.5 s (too late):")
  scheduler.schedule(after: .seconds(1)) { coordinator.animationEnded() }
  scheduler.schedule(after: .milliseconds(1800)) { coordinator.contentReady() }
  scheduler.schedule(after: .milliseconds(2500)) { coordinator.skip() }
  coordinator.start { outcome in print("  onFinish, once: \(outcome)") }
  scheduler.advance(by: .seconds(1))
  print("  at 1 s the phase is \(coordinator.phase) (the animation ended; the content is not ready)")
  scheduler.advance(by: .seconds(4))
  print(coordinator.trace.diagram().split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

  print("the same intro, one case a line, with IntroHarness (times from start; negative: before it):")
  let intro = IntroHarness(
    IntroConfiguration(
      animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3)))
  let cases: [(String, IntroTestResult<Never>)] = [
    ("content late (5 s)", intro.run(trigger: .at(seconds: 1), content: .at(seconds: 5))),
    ("a tap at 0.5 s", intro.run(content: .at(seconds: 2), taps: .at(seconds: 0.5))),
    ("content ready before start", intro.run(trigger: .at(seconds: 1), content: .at(seconds: -0.2))),
    ("the content fails at 1 s", intro.run(content: .fails(at: .seconds(1), "offline"))),
    ("Reduce Motion on (skip policy)", intro.run(reduceMotion: true)),
  ]
  for (label, result) in cases { print("  \(label): \(result.outcome.map { "\($0)" } ?? "undecided")") }
}
