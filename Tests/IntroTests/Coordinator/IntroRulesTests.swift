import Intro
import IntroTesting
import Signals
import SignalsTesting
import Testing

/// The coordinator's rules beyond seed 000's grid: minimum time, grace, activity, Reduce Motion, gating,
/// the launch kind, playbacks, assets.
@MainActor
@Suite("Intro rules") struct IntroRulesTests {
  static func intro(
    minimum: Duration = .zero, grace: Duration = .zero, length: Duration? = nil,
    policy: IntroReduceMotionPolicy = .skip,
    withAsset: Bool = false, withContent: Bool = true
  ) -> IntroHarness {
    IntroHarness { inputs in
      IntroConfiguration(
        animation: .endTrigger(inputs.trigger, fallbackLength: length), asset: withAsset ? .signal(inputs.asset) : nil,
        content: withContent ? .signal(inputs.content) : nil, minimumDuration: minimum, timeout: .seconds(3),
        skipTaps: inputs.taps, skipGracePeriod: grace, reduceMotionPolicy: policy, isActive: inputs.isActive,
        scheduler: inputs.scheduler)
    }
  }

  // MARK: Minimum time and grace

  @Test func theMinimumTimeDelaysOnlyCompletion() {
    let intro = Self.intro(minimum: .seconds(2))
    let held = intro.run(trigger: .at(seconds: 0.5), content: .at(seconds: 1))
    #expect(held.kind == .completed)
    #expect(held.endedAfter == .seconds(2))
    #expect(held.trace.deciding.map(\.input) == [.minimum])
    // A tap and a failure are never held back.
    #expect(intro.run(trigger: .at(seconds: 0.5), taps: .at(seconds: 1)).endedAfter == .seconds(1))
    #expect(intro.run(content: .fails(at: .seconds(1))).endedAfter == .seconds(1))
  }

  @Test func tapsInTheGracePeriodAreIgnoredAndOneExactlyAtItsEndCounts() {
    let intro = Self.intro(grace: .seconds(1))
    let early = intro.run(content: .never, taps: .values(at: [.milliseconds(200), .milliseconds(999)]))
    #expect(early.kind == .timedOut)
    #expect(early.trace.entries(of: .tap).allSatisfy { $0.ignoredBecause == "in the grace period" })
    let exact = intro.run(content: .never, taps: .at(seconds: 1))
    #expect(exact.kind == .skipped)
    #expect(exact.endedAfter == .seconds(1))
    let call = intro.run(content: .never, skips: [.milliseconds(500), .milliseconds(1500)])
    #expect(call.kind == .skipped)
    #expect(call.endedAfter == .milliseconds(1500))
  }

  @Test func completionAndATapAtTheSameInstantCompleteAndTheTapLosesTheTie() {
    for seed in [nil, 7, 8] as [UInt64?] {
      let result = Self.intro().run(
        trigger: .at(seconds: 1), content: .at(seconds: 1), taps: .at(seconds: 1), schedulingSeed: seed)
      #expect(result.kind == .completed)
      #expect(result.trace.entries(of: .tap).map(\.role) == [.lostTie])
      #expect(Set(result.trace.deciding.map(\.input)) == [.trigger, .content])
    }
  }

  // MARK: Activity

  @Test func everyClockPausesWhileTheAppIsInactive() {
    let intro = Self.intro(minimum: .seconds(2), length: .seconds(1), withContent: false)
    // Inactive from 0.5 s to 10.5 s: the length ends at 11 s of wall time, the minimum at 12 s.
    let result = intro.run(isActive: .inactive(from: .milliseconds(500), until: .milliseconds(10_500)))
    #expect(result.kind == .completed)
    #expect(result.endedAfter == .seconds(12))
    // The timeout pauses too: 3 s of active time.
    let stuck = Self.intro().run(content: .never, isActive: .inactive(from: .seconds(1), until: .seconds(20)))
    #expect(stuck.kind == .timedOut)
    #expect(stuck.endedAfter == .seconds(22))
  }

  @Test func aLaunchInTheBackgroundNeitherTimesOutNorFinishes() {
    let result = Self.intro(length: .seconds(1)).run(
      content: .at(seconds: 0.5), isActive: .inactive(from: .zero), until: .seconds(100))
    #expect(result.outcome == nil)
    #expect(result.finishCount == 0)
  }

  @Test func aDeadlineReachedAtTheInstantTheAppBecomesInactiveFires() {
    for seed in [nil, 1, 2, 3] as [UInt64?] {
      let result = Self.intro().run(
        content: .never, isActive: .inactive(from: .seconds(3)), schedulingSeed: seed, until: .seconds(10))
      #expect(result.kind == .timedOut)
      #expect(result.endedAfter == .seconds(3))
    }
  }

  // MARK: Reduce Motion

  @Test func reduceMotionWithTheSkipPolicyNeverShowsTheIntro() {
    let result = Self.intro().run(trigger: .at(seconds: 1), content: .at(seconds: 2), reduceMotion: true)
    #expect(result.kind == .reducedMotion)
    #expect(result.outcome?.presentation == IntroOutcome.Presentation.none)
    #expect(result.endedAfter == .zero)
    #expect(result.finishCount == 1)
  }

  @Test func reduceMotionWithTheStaticPolicyHoldsAStillPoseUntilTheContentIsReady() {
    let intro = Self.intro(policy: .staticPose, withAsset: true)
    let result = intro.run(
      trigger: .at(seconds: 0.1), asset: .fails(at: .milliseconds(50)), content: .at(seconds: 2),
      reduceMotion: true)
    #expect(result.kind == .completed, "the animation's inputs are not used: neither the trigger nor the asset")
    #expect(result.outcome?.presentation == .staticPose)
    #expect(result.endedAfter == .seconds(2))
    #expect(result.trace.entries(of: .asset).isEmpty)
    #expect(result.trace.entries(of: .trigger).isEmpty)
  }

  @Test func theStaticPoseWithoutContentHoldsForTheMinimumTimeOrNotAtAll() {
    let held = Self.intro(minimum: .seconds(1), policy: .staticPose, withContent: false).run(reduceMotion: true)
    #expect(held.kind == .completed)
    #expect(held.endedAfter == .seconds(1))
    let none = Self.intro(policy: .staticPose, withContent: false).run(reduceMotion: true)
    #expect(none.kind == .completed)
    #expect(none.endedAfter == .zero)
  }

  // MARK: Animation kinds and assets

  @Test func aTriggerThatFinishesWithoutAValueIsIgnored() {
    let result = Self.intro().run(trigger: .finishes(at: .seconds(1)), content: .at(seconds: 0.5))
    #expect(result.kind == .timedOut)
    #expect(result.trace.entries(of: .trigger).first?.ignoredBecause == "finished without a value")
  }

  @Test func aPlaybackEndsWhenItFinishesAndItsValuesAreProgress() {
    let intro = IntroHarness { inputs in
      IntroConfiguration(animation: .playback(inputs.playback), timeout: .seconds(3), scheduler: inputs.scheduler)
    }
    let steps: [(Duration, IntroScript.Step)] = [
      (.zero, .value(true)), (.seconds(1), .value(true)), (.seconds(2), .finish),
    ]
    let result = intro.run(playback: IntroScript(steps))
    #expect(result.kind == .completed)
    #expect(result.endedAfter == .seconds(2))
    #expect(result.trace.entries(of: .playback).map(\.event) == [.value("1"), .value("2"), .finished])
    #expect(result.trace.deciding.map(\.event) == [.finished])
  }

  @Test func theAnimationStartsOnceItsAssetHasLoaded() {
    let intro = Self.intro(length: .seconds(2), withAsset: true, withContent: false)
    // The trigger counts from the animation's start: 0.5 s after the asset, at 1.5 s.
    #expect(intro.run(trigger: .at(seconds: 0.5), asset: .at(seconds: 1)).endedAfter == .milliseconds(1500))
    // The length counts from it too; the timeout from `start`.
    #expect(intro.run(asset: .at(seconds: 0.5)).endedAfter == .milliseconds(2500))
    #expect(intro.run(asset: .at(seconds: 1.5)).kind == .timedOut)
  }

  @Test func anAssetFailureFallsThroughToTheApp() {
    let result = Self.intro(withAsset: true).run(
      asset: .fails(at: .seconds(1), "missing file"), content: .at(seconds: 2))
    #expect(result.kind == .animationFailed)
    #expect(result.outcome?.reason.error as? IntroTestError == IntroTestError("missing file"))
    #expect(result.endedAfter == .seconds(1))
  }

  @Test func aFailureAfterTheAnimationEndedChangesNothing() {
    let steps: [(Duration, IntroScript.Step)] = [
      (.seconds(1), .value(true)), (.seconds(2), .fail(IntroTestError("late"))),
    ]
    let result = Self.intro().run(trigger: IntroScript(steps), content: .at(seconds: 2.5))
    #expect(result.kind == .completed)
    #expect(result.trace.entries(of: .trigger).last?.ignoredBecause == "after the animation ended")
  }

  @Test func aFailureAtTheInstantTheAnimationEndsCounts() {
    // The trigger's value ends the animation, and it fails at the same instant: the failure wins.
    let steps: [(Duration, IntroScript.Step)] = [
      (.seconds(1), .value(true)), (.seconds(1), .fail(IntroTestError("x"))),
    ]
    for seed in [nil, 4] as [UInt64?] {
      let result = Self.intro().run(trigger: IntroScript(steps), content: .at(seconds: 0.5), schedulingSeed: seed)
      #expect(result.kind == .animationFailed)
      #expect(result.endedAfter == .seconds(1))
      #expect(result.trace.entries(of: .trigger).map(\.role) == [.lostTie, .decided])
    }
  }

  @Test func aBoolContentSignalIsReadyAtItsFirstTrue() {
    let scheduler = TestScheduler()
    let loaded = CurrentValueSignal<Bool, Never>(false)
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .fixedLength(.seconds(1)), content: .readyWhen(loaded), timeout: .seconds(3),
        scheduler: scheduler))
    coordinator.start(reduceMotion: false)
    scheduler.advance(by: .seconds(1))
    #expect(coordinator.phase.outcome == nil)
    if case .holding = coordinator.phase {} else { Issue.record("holding for the content: \(coordinator.phase)") }
    scheduler.schedule { loaded.value = true }
    scheduler.advance(by: .milliseconds(500))
    #expect(coordinator.phase.outcome?.reason.kind == .completed)
    #expect(coordinator.phase.outcome?.duration == .seconds(1))
  }
}
