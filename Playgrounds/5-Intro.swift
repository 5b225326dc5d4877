import Intro
import SignalsTesting

/// Page 5: the intro coordinator — one outcome from many inputs, why, and how to test an app's intro.
@MainActor func introPage() {
  let configuration = IntroConfiguration(
    animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3))
  let scheduler = TestScheduler()
  let coordinator = IntroCoordinator(configuration, scheduler: scheduler)
  print("the app's calls: the animation ends at 1 s, the content is ready at 1.8 s, a tap at 2.5 s (too late):")
  scheduler.schedule(after: .seconds(1)) { coordinator.animationEnded() }
  scheduler.schedule(after: .milliseconds(1800)) { coordinator.contentReady() }
  scheduler.schedule(after: .milliseconds(2500)) { coordinator.skip() }
  coordinator.start { outcome in print("  onFinish, once: \(outcome)") }
  scheduler.advance(by: .seconds(1))
  print("  at 1 s the phase is \(coordinator.phase) (the animation ended; the content is not ready)")
  scheduler.advance(by: .seconds(4))
  print(coordinator.trace.diagram().split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

  // A test writes each case in one line with IntroHarness, from IntroTesting (a test target's library: it
  // links Swift Testing, which an app or this program does not): `intro.run(trigger: .at(seconds: 1),
  // content: .at(seconds: 5))`. Here each case is what the harness does: a new scheduler and coordinator.
  print("the same intro, one case a line, each on its own TestScheduler (times from start; negative: before it):")
  let cases: [(String, IntroOutcome?)] = [
    ("content late (5 s)", runIntro(configuration, [(1, { $0.animationEnded() }), (5, { $0.contentReady() })])),
    ("a tap at 0.5 s", runIntro(configuration, [(2, { $0.contentReady() }), (0.5, { $0.skip() })])),
    (
      "content ready before start",
      runIntro(configuration, [(1, { $0.animationEnded() }), (-0.2, { $0.contentReady() })])
    ),
    ("the content fails at 1 s", runIntro(configuration, [(1, { $0.contentFailed(Offline()) })])),
    ("Reduce Motion on (skip policy)", runIntro(configuration, reduceMotion: true)),
  ]
  for (label, outcome) in cases { print("  \(label): \(outcome.map { "\($0)" } ?? "undecided")") }
}

/// The content's failure in the cases above.
private struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// One run of an intro: a new `TestScheduler` and coordinator, the app's `calls` at their seconds from `start`
/// (a negative time: before it), then a minute of virtual time; the outcome, if decided.
@MainActor private func runIntro(
  _ configuration: IntroConfiguration<Never>, reduceMotion: Bool = false,
  _ calls: [(seconds: Double, call: @Sendable (IntroCoordinator<Never>) -> Void)] = []
) -> IntroOutcome? {
  let scheduler = TestScheduler()
  let coordinator = IntroCoordinator(configuration, scheduler: scheduler)
  let beforeStart = Duration.milliseconds(Int64(-1000 * min(0, calls.map(\.seconds).min() ?? 0)))
  for (seconds, call) in calls {
    scheduler.schedule(after: .milliseconds(Int64(1000 * seconds)) + beforeStart) { call(coordinator) }
  }
  scheduler.advance(by: beforeStart)  // the calls before start
  coordinator.start(reduceMotion: reduceMotion)
  scheduler.advance(by: .seconds(60))
  return coordinator.phase.outcome
}
