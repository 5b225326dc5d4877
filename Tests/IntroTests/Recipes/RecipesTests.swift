import Intro
import IntroTesting
import Signals
import SignalsTesting
import Testing

@MainActor
@Suite("Recipes from the seeds") struct RecipesTests {
  // MARK: Seed 003: the letter wave

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

  @Test func theWaveAsAPlaybackEndsTheIntroAtFiveSecondsWithItsPositionAsProgress() {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .playback(LetterWaveSignal(text: "Loading your portfolio...", on: scheduler)),
        timeout: .seconds(6), scheduler: scheduler))
    coordinator.start(reduceMotion: false)
    scheduler.advance(by: .milliseconds(2650))
    #expect(coordinator.progress(as: LetterWave.self) == LetterWave(index: 1, loop: 1))
    scheduler.advance(by: .seconds(5))
    #expect(coordinator.phase.outcome?.reason.kind == .completed)
    #expect(coordinator.phase.outcome?.duration == .seconds(5))
    #expect(coordinator.trace.entries(of: .playback).count == 51)  // 50 positions and the finish
  }

  @Test func theWaveRefusesBadInputWithASignalsMessage() {
    #expect(LetterWaveSignal.problem(text: "", interval: .seconds(1), loops: 1)?.hasPrefix("Signals: ") == true)
    #expect(LetterWaveSignal.problem(text: "a", interval: .zero, loops: 1)?.hasPrefix("Signals: ") == true)
    #expect(LetterWaveSignal.problem(text: "a", interval: .seconds(1), loops: 0)?.hasPrefix("Signals: ") == true)
    #expect(LetterWaveSignal.problem(text: "a", interval: .seconds(1), loops: 1) == nil)
  }

  // MARK: Seed 002: the stages

  @Test func theStagesStepAtTheirDelaysThenFinish() {
    let test = MarbleTest(frame: .milliseconds(500))
    let stages = IntroStagesSignal(firstDelay: .seconds(1), secondDelay: .milliseconds(1500), on: test.scheduler)
    let recording = test.record(stages)
    #expect(recording.events.map(\.event) == [.value(.firstStep), .value(.secondStep), .value(.finished), .finished])
    #expect(recording.events.map(\.time) == [0, 1000, 2500, 2500].map { SignalInstant(offset: .milliseconds($0)) })
  }

  @Test func theStagesAsAPlaybackShowOnTheCoordinatorsProgress() {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .playback(IntroStagesSignal(firstDelay: .seconds(1), secondDelay: .seconds(1), on: scheduler)),
        timeout: .seconds(3), scheduler: scheduler))
    coordinator.start(reduceMotion: false)
    #expect(coordinator.progress(as: IntroStage.self) == .firstStep)
    scheduler.advance(by: .seconds(1))
    #expect(coordinator.progress(as: IntroStage.self) == .secondStep)
    scheduler.advance(by: .seconds(1))
    #expect(coordinator.progress(as: IntroStage.self) == .finished)
    #expect(coordinator.phase.outcome?.reason.kind == .completed)
    #expect(coordinator.phase.outcome?.duration == .seconds(2))
  }

  // MARK: Seed 000

  @Test func seed000WithoutATriggerLasts26Seconds() {
    let intro = IntroHarness { .seed000(skipTaps: $0.taps, scheduler: $0.scheduler) }
    let result = intro.run()
    #expect(result.kind == .completed)
    #expect(result.endedAfter == Seed000.animationLength)
  }

  @Test func seed000CoversItsWholeFlow() {
    let intro = IntroHarness { inputs in
      .seed000(
        animation: .seed000(endTrigger: inputs.trigger), asset: .signal(inputs.asset),
        content: .signal(inputs.content), skipTaps: inputs.taps, scheduler: inputs.scheduler)
    }
    #expect(
      intro.run(trigger: .at(seconds: 1), asset: .at(seconds: 0.2), content: .at(seconds: 0.5)).endedAfter
        == .milliseconds(1200))
    #expect(intro.run(asset: .fails(at: .seconds(0.5)), content: .at(seconds: 2)).kind == .animationFailed)
    #expect(intro.run(asset: .at(seconds: 0.1), content: .never).kind == .timedOut)
    #expect(intro.run(asset: .at(seconds: 0.1), content: .at(seconds: 2), taps: .at(seconds: 1)).kind == .skipped)
    #expect(intro.run(reduceMotion: true).kind == .reducedMotion)
  }

  @Test func seed000WithTheStaticPolicyHoldsAStillPose() {
    let intro = IntroHarness { inputs in
      .seed000(
        content: .signal(inputs.content), skipTaps: inputs.taps, reduceMotionPolicy: .staticPose,
        scheduler: inputs.scheduler)
    }
    let result = intro.run(content: .at(seconds: 1.5), reduceMotion: true)
    #expect(result.kind == .completed)
    #expect(result.outcome?.presentation == .staticPose)
    #expect(result.endedAfter == .milliseconds(1500))
  }

  @Test func seed000ShowsOnTheFirstLaunchOnly() {
    let store = InMemoryIntroHistoryStore()
    let intro = IntroHarness { .seed000(skipTaps: $0.taps, historyStore: store, scheduler: $0.scheduler) }
    #expect(intro.run().kind == .completed)
    #expect(intro.run().kind == .gated)
  }
}
