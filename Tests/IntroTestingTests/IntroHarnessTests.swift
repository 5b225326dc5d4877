import Intro
import IntroTesting
import Signals
import Testing

@MainActor
@Suite struct IntroHarnessTests {
  static let intro = IntroHarness { inputs in
    IntroConfiguration(
      animation: .endTrigger(inputs.trigger, fallbackLength: .seconds(2)), asset: .signal(inputs.asset),
      content: .signal(inputs.content), timeout: .seconds(3), skipTaps: inputs.taps, isActive: inputs.isActive,
      scheduler: inputs.scheduler)
  }

  @Test func aCaseInALineOrTwo() {
    let intro = IntroHarness {
      .init(animation: .endTrigger($0.trigger), timeout: .seconds(3), scheduler: $0.scheduler)
    }
    #expect(intro.run(trigger: .at(seconds: 1)).kind == .completed)
  }

  @Test func theTriggerCountsFromTheAnimationsStartAndTheOthersFromStart() {
    let result = Self.intro.run(trigger: .at(seconds: 0.5), asset: .at(seconds: 1), content: .at(seconds: 1))
    #expect(result.endedAfter == .milliseconds(1500))
    #expect(result.trace.entries(of: .trigger).map(\.instant) == [SignalInstant(offset: .milliseconds(1500))])
    #expect(result.trace.entries(of: .asset).map(\.instant) == [SignalInstant(offset: .seconds(1))])
  }

  @Test func skipsAndCancelAreTheAppsCallsAtTheirInstants() {
    let skipped = Self.intro.run(asset: .at(.zero), content: .never, skips: [.milliseconds(700)])
    #expect(skipped.kind == .skipped)
    #expect(skipped.endedAfter == .milliseconds(700))
    #expect(skipped.trace.entries(of: .skip).count == 1)
    let cancelled = Self.intro.run(asset: .at(.zero), content: .never, cancelAt: .seconds(1))
    #expect(cancelled.kind == .cancelled)
    #expect(cancelled.endedAfter == .seconds(1))
  }

  @Test func eachScriptStepReachesItsInput() {
    let steps: [(Duration, IntroScript.Step)] = [(.seconds(1), .fail(IntroTestError("gone")))]
    let result = Self.intro.run(asset: .at(.zero), content: IntroScript(steps))
    #expect(result.kind == .contentFailed)
    #expect(result.outcome?.reason.error as? IntroTestError == IntroTestError("gone"))
    #expect(result.trace.entries(of: .content).map(\.event) == [.failed("gone")])
    let paused = Self.intro.run(
      asset: .at(.zero), content: .never, isActive: .inactive(from: .seconds(1), until: .seconds(5)))
    #expect(paused.kind == .timedOut)
    #expect(paused.endedAfter == .seconds(7))
  }

  @Test func theSchedulingSeedShufflesSameInstantInputsAndTheOutcomeStays() {
    var traces: Set<[IntroTraceEntry.Input]> = []
    for seed in 1...12 as ClosedRange<UInt64> {
      let result = Self.intro.run(
        trigger: .at(.zero), asset: .at(.seconds(1)), content: .at(.seconds(1)), taps: .at(.seconds(1)),
        schedulingSeed: seed)
      #expect(result.kind == .completed)
      traces.insert(result.trace.entries.map(\.input))
    }
    #expect(traces.count > 1, "the seeds changed the order in which the inputs arrived")
  }

  @Test func aRunIsRepeatable() {
    let first = Self.intro.run(trigger: .at(seconds: 1), asset: .at(.zero), content: .at(seconds: 2.5))
    let second = Self.intro.run(trigger: .at(seconds: 1), asset: .at(.zero), content: .at(seconds: 2.5))
    #expect(first.trace == second.trace)
    #expect(first.diagram == second.diagram)
    #expect(first.description.hasPrefix("completed (animated) at 2.5 seconds"))
  }

  @Test func scriptsCompareAndDescribeTheirSteps() {
    #expect(IntroScript.at(seconds: 1) == .at(.seconds(1)))
    #expect(IntroScript.never == nil)
    #expect(IntroScript.values(at: [.seconds(1), .seconds(2)]).steps.count == 2)
    #expect(IntroScript.inactive(from: .seconds(1)).steps.map(\.1) == [.value(false)])
    #expect("\(IntroTestError("x"))" == "x")
  }
}

/// Where task executors do not exist (before macOS 15 / iOS 18), the harness refuses the app's async work
/// (`IntroWork.task`) as a recorded test failure that names the OS, instead of running it in real time; the
/// rest of the run goes on. Linux has task executors: these harnesses play an OS without them.
@MainActor
@Suite struct IntroHarnessWithoutTaskExecutorsTests {
  private static func intro(offersTaskExecutor: Bool, loaded: Locked<Bool>) -> IntroHarness {
    IntroHarness(offersTaskExecutor: offersTaskExecutor) { inputs in
      let clock = inputs.scheduler.clock
      return .seed000(
        animation: .seed000(endTrigger: inputs.trigger),
        content: .task {
          try await clock.sleep(for: .seconds(1))
          loaded.withLock { $0 = true }
        },
        scheduler: inputs.scheduler)
    }
  }

  @Test func asyncWorkIsARecordedFailureNamingTheOSNotACrash() {
    let loaded = Locked(false)
    let intro = Self.intro(offersTaskExecutor: false, loaded: loaded)
    var result: IntroTestResult?
    withKnownIssue {
      result = intro.run(trigger: .at(seconds: 1.2))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("IntroHarness: Signals: async work on a TestScheduler")
        && ["macOS 15", "iOS 18", "tvOS 18", "watchOS 11", "visionOS 2"].allSatisfy(text.contains)
    }
    // The work never ran, in real time or otherwise: the content never became ready, so the intro timed out.
    #expect(!loaded.withLock { $0 })
    #expect(result?.kind == .timedOut)
  }

  @Test func withTaskExecutorsTheWorkRunsInVirtualTime() {
    let loaded = Locked(false)
    let result = Self.intro(offersTaskExecutor: true, loaded: loaded).run(trigger: .at(.milliseconds(1200)))
    #expect(loaded.withLock { $0 })
    #expect(result.kind == .completed)
    #expect(result.endedAfter == .milliseconds(1200))
  }
}
