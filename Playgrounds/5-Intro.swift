import Intro
import IntroTesting
import Signals
import SignalsTesting

/// Page 5: the intro coordinator — one outcome from many inputs, why, and how to state a case.
@MainActor func introPage() {
  let scheduler = TestScheduler()
  let endTrigger = PassthroughSignal<Void, Never>()
  let content = PassthroughSignal<Void, Never>()
  let taps = PassthroughSignal<Void, Never>()
  let coordinator = IntroCoordinator(
    IntroConfiguration(
      animation: .endTrigger(endTrigger, fallbackLength: .milliseconds(2600)), content: .signal(content),
      timeout: .seconds(3), skipTaps: taps, scheduler: scheduler))
  print("trigger at 1 s, content ready at 1.8 s, a tap at 2.5 s (after the outcome):")
  scheduler.schedule(after: .seconds(1)) { endTrigger.send() }
  scheduler.schedule(after: .milliseconds(1800)) { content.send() }
  scheduler.schedule(after: .milliseconds(2500)) { taps.send() }
  coordinator.start(reduceMotion: false) { outcome in print("  onFinish, once: \(outcome)") }
  scheduler.advance(by: .seconds(1))
  print("  at 1 s the phase is \(coordinator.phase) (the animation ended; the content is not ready)")
  scheduler.advance(by: .seconds(4))
  print(coordinator.trace.diagram().split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

  print("the same intro stated in one line each with IntroHarness:")
  let intro = IntroHarness { inputs in
    IntroConfiguration(
      animation: .endTrigger(inputs.trigger, fallbackLength: .milliseconds(2600)), content: .signal(inputs.content),
      timeout: .seconds(3), skipTaps: inputs.taps, scheduler: inputs.scheduler)
  }
  let cases: [(String, IntroTestResult)] = [
    ("content late (5 s)", intro.run(trigger: .at(seconds: 1), content: .at(seconds: 5))),
    ("a tap at 0.5 s", intro.run(content: .at(seconds: 2), taps: .at(seconds: 0.5))),
    ("the content fails at 1 s", intro.run(content: .fails(at: .seconds(1), "offline"))),
    ("Reduce Motion on (skip policy)", intro.run(reduceMotion: true)),
  ]
  for (label, result) in cases { print("  \(label): \(result.outcome.map { "\($0)" } ?? "undecided")") }
}
