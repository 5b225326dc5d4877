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
    policy: IntroReduceMotionPolicy = .skip, withAsset: Bool = false, withContent: Bool = true
  ) -> IntroHarness<Never> {
    IntroHarness(
      IntroConfiguration(
        animation: .endTrigger(fallbackLength: length), asset: withAsset ? .reported : nil,
        content: withContent ? .reported : nil, minimumDuration: minimum, timeout: .seconds(3),
        skipGracePeriod: grace, reduceMotionPolicy: policy))
  }

  // MARK: Minimum time and grace

  @Test func theMinimumTimeDelaysOnlyCompletion() {
    let intro = Self.intro(minimum: .seconds(2))
    let held = intro.run(trigger: .at(seconds: 0.5), content: .at(seconds: 1))
    #expect(held.kind == .finished)
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
    let later = intro.run(content: .never, taps: .values(at: [.milliseconds(500), .milliseconds(1500)]))
    #expect(later.kind == .skipped)
    #expect(later.endedAfter == .milliseconds(1500))
  }

  @Test func completionAndATapAtTheSameInstantCompleteAndTheTapLosesTheTie() {
    for seed in [nil, 7, 8] as [UInt64?] {
      let result = Self.intro().run(
        trigger: .at(seconds: 1), content: .at(seconds: 1), taps: .at(seconds: 1), schedulingSeed: seed)
      #expect(result.kind == .finished)
      #expect(result.trace.entries(of: .tap).map(\.role) == [.lostTie])
      #expect(Set(result.trace.deciding.map(\.input)) == [.trigger, .content])
    }
  }

  // MARK: Activity

  @Test func everyClockPausesWhileTheAppIsInactive() {
    let intro = Self.intro(minimum: .seconds(2), length: .seconds(1), withContent: false)
    // Inactive from 0.5 s to 10.5 s: the length ends at 11 s of wall time, the minimum at 12 s.
    let result = intro.run(isActive: .inactive(from: .milliseconds(500), until: .milliseconds(10_500)))
    #expect(result.kind == .finished)
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
      asset: .fails(at: .milliseconds(50)), trigger: .at(seconds: 0.1), content: .at(seconds: 2),
      reduceMotion: true)
    #expect(result.kind == .finished, "the animation's inputs are not used: neither the trigger nor the asset")
    #expect(result.outcome?.presentation == .staticPose)
    #expect(result.endedAfter == .seconds(2))
    let animation = result.trace.entries(of: .asset) + result.trace.entries(of: .trigger)
    #expect(animation.count == 2)
    #expect(animation.allSatisfy { $0.ignoredBecause?.hasPrefix("static pose: the") == true })
  }

  @Test func theStillPoseSubscribesNoneOfTheAnimationsSources() {
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<Void, Never>()
    let asset = PassthroughSignal<Void, Never>()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .endTrigger(trigger), asset: .signal(asset), timeout: .seconds(3), reduceMotionPolicy: .staticPose),
      scheduler: scheduler)
    coordinator.start(reduceMotion: true)
    #expect(!trigger.hasObservers && !asset.hasObservers)
    scheduler.advance(by: IntroReduceMotionPolicy.shortestStillPose)  // no content: held so as not to blink
    #expect(coordinator.phase.outcome?.presentation == .staticPose)
  }

  @Test func theStaticPoseWithoutContentHoldsForTheMinimumTimeAndNeverBlinks() {
    let held = Self.intro(minimum: .seconds(2), policy: .staticPose, withContent: false).run(reduceMotion: true)
    #expect(held.ended(.finished, after: .seconds(2)))
    // With no minimum, or a shorter one, the pose stays the shortest still pose: 1 s, never a blink.
    #expect(IntroReduceMotionPolicy.shortestStillPose == .seconds(1))
    let bare = Self.intro(policy: .staticPose, withContent: false).run(reduceMotion: true)
    #expect(bare.ended(.finished, after: .seconds(1)))
    #expect(bare.outcome?.presentation == .staticPose)
    #expect(bare.trace.deciding.map(\.input) == [.minimum])
    let short = Self.intro(minimum: .milliseconds(100), policy: .staticPose, withContent: false)
    #expect(short.run(reduceMotion: true).ended(.finished, after: .seconds(1)))
    // A timeout below it bounds it: the pose then finishes at the timeout (a tie it wins), not a time-out.
    let quick = IntroHarness(
      IntroConfiguration(animation: .endTrigger(), timeout: .milliseconds(400), reduceMotionPolicy: .staticPose))
    #expect(quick.run(reduceMotion: true).ended(.finished, after: .milliseconds(400)))
    // With content, the content decides, as before: the pose is not held longer than it takes.
    let loaded = Self.intro(policy: .staticPose).run(content: .at(seconds: 0.2), reduceMotion: true)
    #expect(loaded.ended(.finished, after: .milliseconds(200)))
  }

  // MARK: Animation kinds and assets

  @Test func aTriggerSignalThatFinishesWithoutAValueIsIgnored() throws {
    let test = MarbleTest(frame: .milliseconds(500))
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .endTrigger(try test.cold("--|")), content: .reported, timeout: .seconds(3)),
      scheduler: test.scheduler)
    coordinator.start()
    coordinator.contentReady()
    test.scheduler.advance(by: .seconds(5))
    #expect(coordinator.phase.outcome?.reason.kind == .timedOut)
    #expect(coordinator.trace.entries(of: .trigger).first?.ignoredBecause == "finished without a value")
  }

  @Test func aPlaybackEndsWhenItFinishesAndItsValuesAreProgress() throws {
    let staged = IntroHarness(
      IntroConfiguration(animation: .stages([1: .seconds(1), 2: .seconds(1)]), timeout: .seconds(3)))
    let result = staged.run()
    #expect(result.kind == .finished)
    #expect(result.endedAfter == .seconds(2))
    #expect(result.trace.entries(of: .playback).map(\.event) == [.value("1"), .value("2"), .finished])
    #expect(result.trace.deciding.map(\.event) == [.finished])
    #expect([0, 999, 1000, 2500].map { result.progress(at: .milliseconds($0)) } == [1, 1, 2, 2])
    // A signal's values, the same way: a cold playback subscribed at `start`.
    let test = MarbleTest(frame: .seconds(1))
    let signal = IntroCoordinator(
      IntroConfiguration(animation: .playback(try test.cold("ab|")), timeout: .seconds(3)), scheduler: test.scheduler)
    signal.start()
    test.scheduler.advance()
    #expect(signal.progress == "a")
    test.scheduler.advance(by: .seconds(1))
    #expect(signal.progress == "b")
    test.scheduler.advance(by: .seconds(1))
    #expect(signal.phase.outcome?.duration == .seconds(2))
  }

  @Test func theAnimationStartsOnceItsAssetHasLoaded() {
    let intro = Self.intro(length: .seconds(2), withAsset: true, withContent: false)
    #expect(intro.run(asset: .at(seconds: 1), trigger: .at(seconds: 1.5)).endedAfter == .milliseconds(1500))
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
    #expect(result.kind == .finished)
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
      IntroConfiguration(animation: .fixedLength(.seconds(1)), content: .readyWhen(loaded), timeout: .seconds(3)),
      scheduler: scheduler)
    coordinator.start(reduceMotion: false)
    scheduler.advance(by: .seconds(1))
    #expect(coordinator.phase.outcome == nil)
    if case .holding = coordinator.phase {} else { Issue.record("holding for the content: \(coordinator.phase)") }
    scheduler.schedule { loaded.value = true }
    scheduler.advance(by: .milliseconds(500))
    #expect(coordinator.phase.outcome?.reason.kind == .finished)
    #expect(coordinator.phase.outcome?.duration == .seconds(1))
  }
}
