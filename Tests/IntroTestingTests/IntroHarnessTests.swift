import Foundation
import Intro
import IntroTesting
import Signals
import SignalsTesting
import Testing

/// An app's own type that owns its intro, built with the scheduler it is given.
@MainActor
final class AppModel {
  let intro: IntroCoordinator<Never>
  private(set) var loads = 0

  init(scheduler: any SignalScheduler) {
    intro = IntroCoordinator(
      IntroConfiguration(
        animation: .endTrigger(fallbackLength: .seconds(2)), asset: .reported, content: .reported,
        timeout: .seconds(3)),
      scheduler: scheduler)
  }
}

@MainActor
@Suite struct IntroHarnessTests {
  static let intro = IntroHarness(AppModel.init(scheduler:)) { $0.intro }

  @Test func aCaseInALineOrTwo() {
    let intro = IntroHarness(IntroConfiguration(animation: .endTrigger(), timeout: .seconds(3)))
    #expect(intro.run(trigger: .at(seconds: 1)).kind == .finished)
  }

  @Test func everyTimeCountsFromStart() {
    let result = Self.intro.run(asset: .at(seconds: 1), trigger: .at(seconds: 1.5), content: .at(seconds: 1))
    #expect(result.endedAfter == .milliseconds(1500))
    #expect(result.trace.entries(of: .trigger).map(\.instant) == [SignalInstant(offset: .milliseconds(1500))])
    #expect(result.trace.entries(of: .asset).map(\.instant) == [SignalInstant(offset: .seconds(1))])
  }

  @Test func aNegativeTimeIsACallBeforeStartWhichTakesEffectAtStart() {
    let result = Self.intro.run(asset: .at(seconds: -1), trigger: .at(seconds: 0.25), content: .at(seconds: -0.5))
    #expect(result.kind == .finished)
    #expect(result.endedAfter == .milliseconds(250))
    #expect(result.trace.start == SignalInstant(offset: .seconds(1)), "start comes after the earliest call")
    #expect(result.trace.entries(of: .content).map(\.instant) == [result.trace.start])
  }

  @Test func tapsAndCancelAreTheAppsCallsAtTheirInstants() {
    let skipped = Self.intro.run(asset: .at(.zero), content: .never, taps: .at(.milliseconds(700)))
    #expect(skipped.kind == .skipped)
    #expect(skipped.endedAfter == .milliseconds(700))
    #expect(skipped.trace.entries(of: .tap).count == 1)
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
    let finishing = Self.intro.run(
      asset: .finishes(at: .zero), trigger: .finishes(at: .seconds(1)), content: .finishes(at: .zero))
    #expect(finishing.kind == .finished, "a finish is a load and a ready; a trigger's finish is nothing")
    #expect(finishing.endedAfter == .seconds(2))
  }

  @Test func theSchedulingSeedShufflesSameInstantCallsAndTheOutcomeStays() {
    var traces: Set<[IntroTraceEntry.Input]> = []
    for seed in 1...12 as ClosedRange<UInt64> {
      let result = Self.intro.run(
        asset: .at(.seconds(1)), trigger: .at(.seconds(1)), content: .at(.seconds(1)), taps: .at(.seconds(1)),
        schedulingSeed: seed)
      #expect(result.kind == .finished)
      traces.insert(result.trace.entries.map(\.input))
    }
    #expect(traces.count > 1, "the seeds changed the order in which the calls were made")
  }

  @Test func aRunIsRepeatable() {
    let first = Self.intro.run(asset: .at(.zero), trigger: .at(seconds: 1), content: .at(seconds: 2.5))
    let second = Self.intro.run(asset: .at(.zero), trigger: .at(seconds: 1), content: .at(seconds: 2.5))
    #expect(first.trace == second.trace)
    #expect(first.diagram == second.diagram)
    #expect(first.description.hasPrefix("finished (animated) at 2.5 seconds"))
  }

  @Test func secondsAreExactToTheMicrosecond() {
    #expect(IntroScript.at(seconds: 1.2).steps.map(\.0) == [.milliseconds(1200)])
    #expect(Duration.seconds(1.2) != .milliseconds(1200), "what `.seconds(1.2)` would have given")
    #expect(IntroScript.at(seconds: 1.4999999).steps.map(\.0) == [.milliseconds(1500)])
    let result = Self.intro.run(asset: .at(.zero), trigger: .at(seconds: 1.2), content: .at(seconds: 1.5))
    #expect(result.endedAfter == .milliseconds(1500))
  }

  @Test func theProgressIsTypedAndStatedAtEachInstant() {
    enum Step: Sendable, Equatable { case logo, tagline }
    let intro = IntroHarness(
      IntroConfiguration(animation: .stages([Step.logo: .seconds(1), .tagline: .seconds(1)]), timeout: .seconds(3)))
    let result = intro.run(taps: .at(seconds: 1.5))
    #expect(result.progress(at: .milliseconds(500)) == .logo)
    #expect(result.progress(at: .milliseconds(1500)) == .tagline)
    #expect(result.kind == .skipped)
    #expect(result.progress(at: .seconds(10)) == .tagline, "it stays where it was at the outcome")
  }

  @Test func aConfigurationsGateStartsEachRunFromAFreshInstall() {
    let gated = IntroHarness(
      IntroConfiguration(animation: .fixedLength(.seconds(1)), timeout: .seconds(3), gate: .firstLaunch))
    #expect(gated.run().kind == .finished)
    #expect(gated.run().kind == .finished, "a fresh store each run: never UserDefaults.standard")
  }

  @Test func everyRunStartsFromAFreshInstallWhateverStoreTheConfigurationNames() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("IntroHarnessTests-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(JSONFileIntroHistoryStore.defaultFileName)
    let suite = "IntroHarnessTests.\(UUID().uuidString)"
    defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
    let stores: [any IntroHistoryStore] = [
      JSONFileIntroHistoryStore(directory: directory), UserDefaultsIntroHistoryStore(suiteName: suite),
      InMemoryIntroHistoryStore(.shown(version: nil)),
    ]
    for store in stores {
      let intro = IntroHarness(
        IntroConfiguration(
          animation: .fixedLength(.seconds(1)), timeout: .seconds(3), gate: .firstLaunch, historyStore: store))
      #expect(intro.run().ended(.finished), "\(store)")
      #expect(intro.run().ended(.finished), "a second run is a fresh install too: \(store)")
    }
    #expect(!FileManager.default.fileExists(atPath: file.path), "the named file was never written")
    #expect(UserDefaults(suiteName: suite)?.object(forKey: UserDefaultsIntroHistoryStore.defaultKey) == nil)
  }

  @Test func theAppsOwnCodeRunsOnTheRunsStoreToo() {
    let named = InMemoryIntroHistoryStore(.shown(version: nil))  // would gate every launch
    let intro = IntroHarness { scheduler in
      IntroCoordinator(
        IntroConfiguration(
          animation: .fixedLength(.seconds(1)), timeout: .seconds(3), gate: .firstLaunch, historyStore: named),
        scheduler: scheduler)
    }
    let result = intro.run()
    #expect(result.ended(.finished, after: .seconds(1)))
    #expect(result.history == .shown(version: nil))
    #expect(named.writes.isEmpty, "the store the app's code names is never touched by a run")
  }

  @Test func aSecondLaunchAndAnUpdateAreALineEach() {
    let firstLaunch = IntroHarness(
      IntroConfiguration(animation: .fixedLength(.seconds(1)), timeout: .seconds(3), gate: .firstLaunch))
    #expect(firstLaunch.run(history: .shown(version: nil)).ended(.gated, after: .zero))
    let updated = IntroHarness(
      IntroConfiguration(animation: .fixedLength(.seconds(1)), timeout: .seconds(3), gate: .afterUpdate(version: "2.0"))
    )
    let afterUpdate = updated.run(history: .shown(version: "1.0"))
    #expect(afterUpdate.ended(.finished, after: .seconds(1)))
    #expect(afterUpdate.history == .shown(version: "2.0"), "recorded as the intro started presenting")
    #expect(updated.run(history: afterUpdate.history).ended(.gated))
  }

  @Test func endedAsksTheKindAndTheTime() {
    let result = Self.intro.run(asset: .at(.zero), trigger: .at(seconds: 1), content: .at(seconds: 1.5))
    #expect(result.ended(.finished))
    #expect(result.ended(.finished, after: .milliseconds(1500)))
    #expect(!result.ended(.finished, after: .seconds(1)))
    #expect(!result.ended(.skipped))
    #expect(!Self.intro.run(until: .seconds(1)).ended(.timedOut), "undecided at 1 s")
  }

  @Test func aFailingExpectationPrintsTheOutcomeAndTheDiagram() {
    let result = Self.intro.run(asset: .at(.zero), trigger: .at(seconds: 1), content: .at(seconds: 1.5))
    withKnownIssue {
      #expect(result.ended(.skipped))
    } matching: { issue in
      let printed = "\(issue)"  // what the test run prints for it
      return printed.contains("finished (animated) at 1.5 seconds")
        && printed.contains("outcome  ---------------o")
        && printed.contains("content: c = value (decided)")
    }
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
  private static func intro(offersTaskExecutor: Bool, loaded: Locked<Bool>) -> IntroHarness<Never> {
    IntroHarness(offersTaskExecutor: offersTaskExecutor) { scheduler in
      let clock = scheduler.clock
      return IntroCoordinator(
        IntroConfiguration(
          animation: .endTrigger(fallbackLength: .milliseconds(2600)),
          content: .task {
            try await clock.sleep(for: .seconds(1))
            loaded.withLock { $0 = true }
          },
          timeout: .seconds(3)),
        scheduler: scheduler)
    }
  }

  @Test func asyncWorkIsARecordedFailureNamingTheOSNotACrash() {
    let loaded = Locked(false)
    let intro = Self.intro(offersTaskExecutor: false, loaded: loaded)
    var result: IntroTestResult<Never>?
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

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func withTaskExecutorsTheWorkRunsInVirtualTime() {
    let loaded = Locked(false)
    let result = Self.intro(offersTaskExecutor: true, loaded: loaded).run(trigger: .at(.milliseconds(1200)))
    #expect(loaded.withLock { $0 })
    #expect(result.kind == .finished)
    #expect(result.endedAfter == .milliseconds(1200))
  }
}
