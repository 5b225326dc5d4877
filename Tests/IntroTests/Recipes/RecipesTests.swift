import Intro
import IntroTesting
import Signals
import SignalsTesting
import Testing

@MainActor
@Suite("Recipes: the letter wave, stages, the end trigger with a fallback length") struct RecipesTests {
  // MARK: The letter wave (the "Loading your portfolio..." launch view)

  @Test func theWaveHighlightsEachLetterTwiceAndFinishesAtFiveSeconds() {
    let scheduler = TestScheduler()
    let text = "Loading your portfolio..."
    #expect(text.count == 25)
    let wave = LetterWaveSignal(text: text, on: scheduler)
    #expect(wave.duration == .seconds(5))
    let seen = Locked<[(LetterWave, SignalInstant)]>([])
    let finishedAt = Locked<SignalInstant?>(nil)
    let token = wave.observe { event in
      switch event {
      case .value(let position): seen.withLock { $0.append((position, scheduler.now)) }
      case .finished: finishedAt.withLock { $0 = scheduler.now }
      }
    }
    #expect(seen.withLock { $0.map(\.0) } == [LetterWave(index: 0, loop: 0)], "(0, 0) on subscribe")
    scheduler.advance(by: .seconds(6))
    let positions = seen.withLock { $0 }
    #expect(positions.count == 50)  // (0, 0) on subscribe, then ticks 1 through 49
    for (k, (position, instant)) in positions.enumerated() {
      #expect(position == LetterWave(index: k % 25, loop: k / 25))
      #expect(instant == SignalInstant(offset: .milliseconds(100 * k)))
    }
    #expect(!positions.contains { $0.0.loop == 2 }, "(0, 2) is never drawn")
    #expect(finishedAt.withLock { $0 } == SignalInstant(offset: .seconds(5)))
    withExtendedLifetime(token) {}
  }

  @Test func theWaveAsTheAnimationEndsTheIntroAtFiveSecondsWithItsPositionAsProgress() {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(animation: .letterWave(text: "Loading your portfolio..."), timeout: .seconds(6)),
      scheduler: scheduler)
    coordinator.start(reduceMotion: false)
    scheduler.advance(by: .milliseconds(2650))
    #expect(coordinator.progress == LetterWave(index: 1, loop: 1), "typed: no cast")
    scheduler.advance(by: .seconds(5))
    #expect(coordinator.phase.outcome?.reason.kind == .finished)
    #expect(coordinator.phase.outcome?.duration == .seconds(5))
    #expect(coordinator.trace.entries(of: .playback).count == 51)  // 50 positions and the finish
  }

  @Test func theWaveRefusesBadInputWithASignalsMessage() {
    #expect(LetterWaveSignal.problem(text: "", interval: .seconds(1), loops: 1)?.hasPrefix("Signals: ") == true)
    #expect(LetterWaveSignal.problem(text: "a", interval: .zero, loops: 1)?.hasPrefix("Signals: ") == true)
    #expect(LetterWaveSignal.problem(text: "a", interval: .seconds(1), loops: 0)?.hasPrefix("Signals: ") == true)
    #expect(LetterWaveSignal.problem(text: "a", interval: .seconds(1), loops: 1) == nil)
  }

  // MARK: Stages (the staged splash: first step, second step, finished)

  enum Step: Sendable, Hashable { case firstStep, secondStep }

  @Test func theStagesStepAtTheirDurationsThenTheAnimationEnds() {
    let intro = IntroHarness(
      IntroConfiguration(
        animation: .stages([Step.firstStep: .seconds(1), .secondStep: .milliseconds(1500)]), timeout: .seconds(3)))
    let result = intro.run()
    #expect(result.progress(at: .zero) == .firstStep)
    #expect(result.progress(at: .milliseconds(999)) == .firstStep)
    #expect(result.progress(at: .seconds(1)) == .secondStep)
    #expect(result.kind == .finished)
    #expect(result.endedAfter == .milliseconds(2500))
    #expect(result.trace.entries(of: .playback).map(\.instant.offset) == [0, 1000, 2500].map(Duration.milliseconds))
  }

  @Test func theStagesAsTheAnimationShowOnTheCoordinatorsProgress() {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .stages([Step.firstStep: .seconds(1), .secondStep: .seconds(1)]), timeout: .seconds(3)),
      scheduler: scheduler)
    coordinator.start(reduceMotion: false)
    #expect(coordinator.progress == .firstStep)
    scheduler.advance(by: .seconds(1))
    #expect(coordinator.progress == .secondStep)
    scheduler.advance(by: .seconds(1))
    #expect(coordinator.phase.outcome?.reason.kind == .finished)
    #expect(coordinator.phase.outcome?.duration == .seconds(2))
  }

  @Test func aRecipesFirstProgressIsThereBeforeTheFirstFrame() {
    let scheduler = TestScheduler()
    let stages = IntroCoordinator(
      IntroConfiguration(
        animation: .stages([Step.firstStep: .seconds(1), .secondStep: .seconds(1)]), asset: .reported,
        timeout: .seconds(3)),
      scheduler: scheduler)
    #expect(stages.progress == .firstStep, "before start: the first stage, no `?? .firstStep` in the view")
    stages.start()
    scheduler.advance(by: .seconds(2))
    #expect(stages.progress == .firstStep, "the asset has not loaded: the stages have not started")
    stages.animationLoaded()
    scheduler.advance(by: .seconds(1))
    #expect(stages.progress == .secondStep)
    let wave = IntroCoordinator(
      IntroConfiguration(animation: .letterWave(text: "Loading your portfolio..."), timeout: .seconds(6)),
      scheduler: scheduler)
    #expect(wave.progress == LetterWave(index: 0, loop: 0))
    let unknown = IntroCoordinator(
      IntroConfiguration(animation: .playback(PassthroughSignal<Int, Never>()), timeout: .seconds(3)),
      scheduler: scheduler)
    #expect(unknown.progress == nil, "a playback's first value is not known before it plays")
  }

  // MARK: The end trigger with a fallback length (the Rive intro: its trigger, or 2.6 s)

  static let animated = IntroConfiguration(
    animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3),
    gate: .firstLaunch)

  @Test func withoutATriggerItLastsItsFallbackLength() {
    let result = IntroHarness(Self.animated).run(content: .at(seconds: 1))
    #expect(result.kind == .finished)
    #expect(result.endedAfter == .milliseconds(2600))
  }

  @Test func itCoversItsWholeFlow() {
    var configuration = Self.animated
    configuration.asset = .reported
    let intro = IntroHarness(configuration)
    #expect(
      intro.run(asset: .at(seconds: 0.2), trigger: .at(seconds: 1.2), content: .at(seconds: 0.5)).endedAfter
        == .milliseconds(1200))
    #expect(intro.run(asset: .fails(at: .seconds(0.5)), content: .at(seconds: 2)).kind == .animationFailed)
    #expect(intro.run(asset: .at(seconds: 0.1), content: .never).kind == .timedOut)
    #expect(intro.run(asset: .at(seconds: 0.1), content: .at(seconds: 2), taps: .at(seconds: 1)).kind == .skipped)
    #expect(intro.run(reduceMotion: true).kind == .reducedMotion)
  }

  @Test func withTheStaticPolicyItHoldsAStillPose() {
    var configuration = Self.animated
    configuration.reduceMotionPolicy = .staticPose
    let result = IntroHarness(configuration).run(content: .at(seconds: 1.5), reduceMotion: true)
    #expect(result.kind == .finished)
    #expect(result.outcome?.presentation == .staticPose)
    #expect(result.endedAfter == .milliseconds(1500))
  }

  @Test func itShowsOnTheFirstLaunchOnly() {
    let intro = IntroHarness(Self.animated)
    let first = intro.run(content: .at(.zero))
    #expect(first.ended(.finished))
    #expect(first.history == .shown(version: nil), "what the next launch reads")
    #expect(intro.run(content: .at(.zero), history: first.history).ended(.gated))
    #expect(intro.run(content: .at(.zero)).ended(.finished), "each run starts from a fresh install")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anAsyncTriggerEndsItOnceTheAssetHasLoaded() {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .endTrigger(fallbackLength: .milliseconds(2600)) {
          try await scheduler.clock.sleep(for: .seconds(1))
        },
        asset: .reported, timeout: .seconds(3)),
      scheduler: scheduler)
    coordinator.start()
    scheduler.advance(by: .milliseconds(500))
    coordinator.animationLoaded()  // the trigger's task starts now: it returns 1 s later
    scheduler.advance(by: .milliseconds(999))
    #expect(coordinator.phase.outcome == nil)
    scheduler.advance(by: .milliseconds(1))
    #expect(coordinator.phase.outcome?.reason.kind == .finished)
    #expect(coordinator.phase.outcome?.duration == .milliseconds(1500))
  }
}
