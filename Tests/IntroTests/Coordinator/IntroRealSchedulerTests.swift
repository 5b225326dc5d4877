import Dispatch
import Foundation
import Intro
import Signals
import Testing

private struct Boom: Error {}

/// Real schedulers and real threads (the few tests allowed to wait on the wall clock, with generous
/// bounds): inputs fired from several threads at once, exactly one outcome per round.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct IntroRealSchedulerTests {
  static var rounds: Int {
    let scale = ProcessInfo.processInfo.environment["SIGNALS_STRESS_SCALE"].flatMap(Int.init) ?? 1
    return 40 * max(scale, 1)
  }

  @Test func inputsFromSeveralThreadsAtOnceGiveExactlyOneOutcomePerRound() async throws {
    var kinds: [IntroOutcome.Kind: Int] = [:]
    for round in 0..<Self.rounds {
      // Even rounds report the content with a call, odd ones through a signal: both from any thread.
      let content = PassthroughSignal<Void, Boom>()
      let coordinator = IntroCoordinator(
        IntroConfiguration(
          animation: .endTrigger(fallbackLength: .milliseconds(10)),
          content: round % 2 == 0 ? .reported : .signal(content),
          minimumDuration: .milliseconds(round % 3 == 0 ? 5 : 0), timeout: .milliseconds(20)))
      let finishes = Locked(0)
      coordinator.start(reduceMotion: false) { _ in finishes.withLock { $0 += 1 } }
      let fail = round % 4 == 1 || round % 4 == 2  // a failure reported each way
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
          switch (thread, round % 2) {
          case (0, _): coordinator.animationEnded()
          case (1, 0): if fail { coordinator.contentFailed(Boom()) } else { coordinator.contentReady() }
          case (1, _): if fail { content.send(completion: .failed(Boom())) } else { content.send() }
          case (2, _): coordinator.skip()
          default:
            coordinator.setActive(true, scene: "second window")
            coordinator.skip()
          }
        }
      }
      let outcome = await coordinator.outcome
      kinds[outcome.reason.kind, default: 0] += 1
      // Past every clock of the round (20 ms): nothing else may be delivered.
      try await Task.sleep(for: .milliseconds(25))
      #expect(finishes.withLock { $0 } == 1, "round \(round)")
      #expect(coordinator.phase.outcome?.endedAt == outcome.endedAt)
      coordinator.cancel()
    }
    #expect(kinds.values.reduce(0, +) == Self.rounds)
    #expect(Set(kinds.keys).isSubset(of: [.finished, .skipped, .contentFailed, .timedOut]))
  }

  @Test func aRealContentTaskFailureReachesOnFinishOnTheMainActor() async {
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .fixedLength(.milliseconds(5)), content: .task { throw Boom() }, timeout: .seconds(3600)))
    coordinator.start(reduceMotion: false)
    let outcome = await coordinator.outcome
    #expect(outcome.reason.kind == .contentFailed)
    #expect(outcome.reason.error is Boom)
  }

  /// The fixed length on the main queue's scheduler, and on one of another queue, whose timer and ends of
  /// instants run off the main thread: those reach the coordinator through its inbox, as inputs from other
  /// threads do.
  @Test(arguments: [true, false]) func theFixedLengthRunsOnARealScheduler(onTheMainQueue: Bool) async {
    let scheduler =
      onTheMainQueue
      ? DispatchSignalScheduler.main : DispatchSignalScheduler(queue: DispatchQueue(label: "IntroRealSchedulerTests"))
    let coordinator = IntroCoordinator(
      IntroConfiguration(animation: .fixedLength(.milliseconds(15)), timeout: .seconds(2)), scheduler: scheduler)
    let start = scheduler.now
    coordinator.start(reduceMotion: false)
    let outcome = await coordinator.outcome
    #expect(outcome.reason.kind == .finished)
    #expect(outcome.endedAt >= start + .milliseconds(15))
    #expect(outcome.duration < .seconds(30))  // generous: main-actor tests of other suites may hold the main queue
    #expect(coordinator.trace.entries(of: .length).map(\.role) == [.decided])
  }

  @Test func inputsBeforeStartAreJudgedTogetherOnARealClockToo() {
    // Before `start` a tap and a content failure were received: they take effect at start's instant, and
    // a content failure wins a tie with a skip, on real time as in virtual time.
    let coordinator = IntroCoordinator(
      IntroConfiguration(animation: .endTrigger(), content: .reported, timeout: .seconds(3)),
      scheduler: DispatchSignalScheduler.main)
    coordinator.skip()
    coordinator.contentFailed(Boom())
    coordinator.start(reduceMotion: false)
    #expect(coordinator.phase.outcome?.reason.kind == .contentFailed, "decided within start, both judged")
    #expect(coordinator.trace.entries(of: .tap).map(\.role) == [.lostTie])
  }

  @Test func onTheMainQueueTheInputThatDecidesIsMarkedDecidedAtTheOutcomesInstant() async {
    // On a real clock the decision runs a little after the input that makes it: the outcome still ends at
    // that input's instant, and the trace marks that input as the one that decided.
    // Timeouts far beyond the suite's time limit: on a busy machine (a Thread Sanitizer run beside other
    // builds) no clock of the intro may overtake the inputs the test sends.
    let skipping = IntroCoordinator(
      IntroConfiguration(animation: .fixedLength(.seconds(5)), timeout: .seconds(3600)))
    skipping.start(reduceMotion: false)
    skipping.skip()
    let skipped = await skipping.outcome
    #expect(skipped.reason.kind == .skipped)
    #expect(skipping.trace.deciding.map(\.input) == [.tap])
    #expect(skipping.trace.deciding.first?.instant == skipped.endedAt)
    skipping.cancel()

    let content = PassthroughSignal<Void, Never>()
    let completing = IntroCoordinator(
      IntroConfiguration(
        animation: .fixedLength(.milliseconds(5)), content: .signal(content), timeout: .seconds(3600)))
    completing.start(reduceMotion: false)
    // Past the length, the intro holds, waiting for the content (however long the machine takes to get there).
    while case .playing = completing.phase { try? await Task.sleep(for: .milliseconds(5)) }
    #expect(completing.phase.description == "holding")
    content.send()
    let completed = await completing.outcome
    #expect(completed.reason.kind == .finished)
    #expect(completing.trace.deciding.map(\.input) == [.content])
    #expect(completing.trace.deciding.first?.instant == completed.endedAt)
    completing.cancel()
  }
}
