import Intro
import Signals
import SignalsTesting
import Testing

/// An error that counts how often it is described.
private struct CountedFailure: Error, CustomStringConvertible {
  let descriptions = Locked(0)

  var description: String {
    descriptions.withLock { $0 += 1 }
    return "offline"
  }
}

@MainActor
private func coordinator(
  content: PassthroughSignal<Void, CountedFailure>, scheduler: TestScheduler,
  log: (@MainActor @Sendable (IntroOutcome, IntroTrace) -> Void)? = nil
) -> IntroCoordinator<Never> {
  IntroCoordinator(
    IntroConfiguration(animation: .fixedLength(.seconds(2)), content: .signal(content), timeout: .seconds(3), log: log),
    scheduler: scheduler)
}

/// A failure is traced as its error describes itself, described when the trace is read (or handed to the
/// logging hook), once.
@MainActor
@Suite("Intro trace: failures") struct IntroTraceFailureTests {
  @Test func aFailureIsTracedAsItsErrorDescribesItselfWhenTheTraceIsRead() {
    let scheduler = TestScheduler()
    let content = PassthroughSignal<Void, CountedFailure>()
    let intro = coordinator(content: content, scheduler: scheduler)
    intro.start(reduceMotion: false)
    let failure = CountedFailure()
    scheduler.schedule(after: .seconds(1)) { content.send(completion: .failed(failure)) }
    scheduler.advance(by: .seconds(1))
    #expect(intro.phase.outcome?.reason.kind == .contentFailed)
    #expect(failure.descriptions.withLock { $0 } == 0, "nothing read the trace yet")
    #expect(intro.trace.entries(of: .content).map(\.event) == [.failed("offline")])
    #expect(intro.trace.entries(of: .content).map(\.role) == [.decided])
    #expect(failure.descriptions.withLock { $0 } == 1, "described once, however often the trace is read")
  }

  @Test func theLoggingHookGetsTheFailureDescribed() {
    let scheduler = TestScheduler()
    let content = PassthroughSignal<Void, CountedFailure>()
    let logged = Locked<[IntroTraceEntry.Event]>([])
    let intro = coordinator(
      content: content, scheduler: scheduler,
      log: { _, trace in logged.withLock { $0 = trace.entries(of: .content).map(\.event) } })
    intro.start(reduceMotion: false)
    scheduler.schedule(after: .milliseconds(500)) { content.send(completion: .failed(CountedFailure())) }
    scheduler.advance(by: .seconds(1))
    #expect(logged.withLock { $0 } == [.failed("offline")])
  }

  @Test func aFailureAfterTheOutcomeIsDescribedToo() {
    let scheduler = TestScheduler()
    let content = PassthroughSignal<Void, CountedFailure>()
    let intro = coordinator(content: content, scheduler: scheduler)
    intro.start(reduceMotion: false)
    scheduler.schedule(after: .milliseconds(500)) { intro.skip() }
    scheduler.schedule(after: .seconds(1)) { content.send(completion: .failed(CountedFailure())) }
    scheduler.advance(by: .seconds(1))
    #expect(intro.phase.outcome?.reason.kind == .skipped)
    let traced = intro.trace.entries(of: .content)
    #expect(traced.map(\.event) == [.failed("offline")])
    #expect(traced.map(\.role) == [.afterOutcome])
  }
}
