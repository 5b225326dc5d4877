import Intro
import IntroTesting
import Signals
import SignalsTesting
import Testing

/// Misuse is said, not silent: an intro that times out while waiting for an input says which in its trace
/// (so in its `log` and diagram too), and when the app never made the call it waits for, a warning names
/// the call once (an app's debug build prints it; a harness run keeps it in its result).
@MainActor
@Suite("Misuse said, not silent") struct IntroMisuseTests {
  static let pip = IntroConfiguration(
    animation: .endTrigger(fallbackLength: .milliseconds(2600)), asset: .reported, content: .reported,
    timeout: .seconds(3))

  @Test func forgettingAnimationLoadedTimesOutAndSaysSo() {
    let result = IntroHarness(Self.pip).run(content: .at(seconds: 1))
    #expect(result.ended(.timedOut, after: .seconds(3)))
    let said = result.trace.entries(of: .asset)
    #expect(said.map(\.event) == [.diagnostic("timed out waiting for animationLoaded()")])
    #expect(said.map(\.instant) == [SignalInstant(offset: .seconds(3))])
    #expect(result.warnings.count == 1)
    #expect(result.warnings.first?.contains("waiting for animationLoaded(), not called by then") == true)
    #expect(result.diagram.contains("asset: ? = diagnostic: timed out waiting for animationLoaded()"))
  }

  @Test func contentNotReadyIsNamedAndWarnedWhenItsCallHadNotCome() {
    let intro = IntroHarness(Self.pip)
    let never = intro.run(asset: .at(.zero), trigger: .at(seconds: 1), content: .never)
    #expect(never.ended(.timedOut))
    #expect(never.trace.entries(of: .content).map(\.event) == [.diagnostic("timed out waiting for contentReady()")])
    #expect(never.warnings.count == 1 && never.warnings[0].contains("contentReady()"))
    // Called too late: at the timeout it had not come, which is all the coordinator can know then.
    let late = intro.run(asset: .at(.zero), trigger: .at(seconds: 1), content: .at(seconds: 4))
    #expect(late.ended(.timedOut))
    #expect(late.trace.entries(of: .content).first?.event == .diagnostic("timed out waiting for contentReady()"))
    #expect(late.warnings.count == 1)
    // Reported failed, or ready in time: no diagnostic, no warning.
    #expect(intro.run(asset: .at(.zero), content: .fails(at: .seconds(4))).warnings.count == 1)
    #expect(intro.run(asset: .at(.zero), trigger: .at(seconds: 1), content: .at(seconds: 2)).warnings.isEmpty)
  }

  @Test func aLateLoadWaitsForTheEndOrTheFallbackLengthWithoutAWarning() {
    let result = IntroHarness(Self.pip).run(asset: .at(seconds: 1), content: .at(.zero))
    #expect(result.ended(.timedOut, after: .seconds(3)))
    #expect(
      result.trace.entries(of: .trigger).map(\.event)
        == [.diagnostic("timed out waiting for animationEnded() or the 2.6 seconds fallback length")])
    #expect(result.warnings.isEmpty, "the fallback length is how this intro ends: nothing was forgotten")
  }

  @Test func configuredSourcesAreNamedAndNeverWarned() {
    let content = PassthroughSignal<Void, Never>()
    let playback = PassthroughSignal<Int, Never>()
    let intro = IntroHarness(
      IntroConfiguration(animation: .playback(playback), content: .signal(content), timeout: .seconds(3)))
    let result = intro.run()
    #expect(result.ended(.timedOut))
    #expect(
      result.trace.entries.filter { if case .diagnostic = $0.event { true } else { false } }.map(\.description)
        == [
          "3.0 seconds playback diagnostic: timed out waiting for the playback's finish (before the outcome)",
          "3.0 seconds content diagnostic: timed out waiting for the content's signal (before the outcome)",
        ])
    #expect(result.warnings.isEmpty)
  }

  @Test func theLogGetsTheTraceThatSaysWhyAndTheWarningComesOnce() {
    let logged = Locked<[IntroTrace]>([])
    let scheduler = TestScheduler()
    var configuration = Self.pip
    configuration.log = { _, trace in logged.withLock { $0.append(trace) } }
    let run = IntroRunContext.HarnessRun(store: InMemoryIntroHistoryStore())
    let intro = IntroRunContext.$run.withValue(run) { IntroCoordinator(configuration, scheduler: scheduler) }
    intro.start()
    intro.contentReady()
    scheduler.advance(by: .seconds(10))
    intro.start()  // a second start gets the same outcome, no second warning
    intro.cancel()
    #expect(
      logged.withLock { $0 }.map { $0.entries(of: .asset).map(\.event) }
        == [[.diagnostic("timed out waiting for animationLoaded()")]])
    #expect(run.warnings.count == 1)
  }

  @Test func noDiagnosticWhenNothingWasAwaited() {
    let result = IntroHarness(Self.pip).run(asset: .at(.zero), content: .at(.zero))
    #expect(result.ended(.finished, after: .milliseconds(2600)))
    #expect(!result.trace.entries.contains { if case .diagnostic = $0.event { true } else { false } })
    #expect(result.warnings.isEmpty)
  }
}
