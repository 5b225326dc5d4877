import Dispatch
import Intro
import Observation
import Signals
import SignalsTesting
import Testing

private struct Offline: Error {}

@MainActor
private func intro(
  asset: IntroWork? = nil, content: IntroWork? = .reported, grace: Duration = .zero,
  policy: IntroReduceMotionPolicy = .skip, gate: IntroGate = .everyLaunch, reduceMotion: Bool? = nil,
  scheduler: TestScheduler
) -> IntroCoordinator<Never> {
  IntroCoordinator(
    IntroConfiguration(
      animation: .endTrigger(fallbackLength: .milliseconds(2600)), asset: asset, content: content,
      timeout: .seconds(3), skipGracePeriod: grace, reduceMotionPolicy: policy, gate: gate,
      historyStore: gate == .everyLaunch ? nil : InMemoryIntroHistoryStore(.shown(version: nil))),
    scheduler: scheduler, reduceMotion: reduceMotion)
}

/// The inputs an app calls: what each does, before `start` and after, from any thread.
@MainActor
@Suite("Intro inputs an app calls") struct IntroInputsTests {
  @Test func eachCallIsTheInputItNames() {
    let scheduler = TestScheduler()
    let coordinator = intro(asset: .reported, scheduler: scheduler)
    coordinator.start()
    coordinator.animationLoaded()
    scheduler.advance(by: .seconds(1))
    coordinator.animationEnded()
    scheduler.advance(by: .seconds(1))
    #expect("\(coordinator.phase)" == "holding", "ended, waiting for the content")
    coordinator.contentReady()
    scheduler.advance()
    #expect(coordinator.phase.outcome?.reason.kind == .finished)
    #expect(coordinator.trace.entries.map(\.input) == [.asset, .trigger, .content])
    #expect(coordinator.phase.outcome?.duration == .seconds(2))

    let failing = intro(scheduler: scheduler)
    failing.start()
    failing.animationFailed(Offline())
    scheduler.advance()
    #expect(failing.phase.outcome?.reason.kind == .animationFailed)
    let failingContent = intro(scheduler: scheduler)
    failingContent.start()
    failingContent.contentFailed(Offline())
    scheduler.advance()
    #expect(failingContent.phase.outcome?.reason.error is Offline)
  }

  @Test func everyInputBeforeStartIsKeptAndTakesEffectAtStartsInstant() {
    let scheduler = TestScheduler()
    let coordinator = intro(asset: .reported, scheduler: scheduler)
    coordinator.contentReady()  // the app's first request was quick
    coordinator.animationLoaded()
    scheduler.advance(by: .milliseconds(400))
    coordinator.setActive(false)  // launched in the background
    scheduler.advance(by: .milliseconds(600))
    #expect(coordinator.phase.outcome == nil && coordinator.trace.entries.isEmpty, "kept, not applied")
    coordinator.start()
    #expect(coordinator.trace.entries.map(\.input) == [.content, .asset, .active])
    #expect(coordinator.trace.entries.allSatisfy { $0.instant == SignalInstant(offset: .seconds(1)) })
    scheduler.advance(by: .seconds(10))
    #expect(coordinator.phase.outcome == nil, "inactive since start: no clock runs")
    coordinator.setActive(true)
    scheduler.advance(by: .milliseconds(2600))
    #expect(coordinator.phase.outcome?.reason.kind == .finished)
    #expect(coordinator.phase.outcome?.duration == .milliseconds(12_600))
  }

  @Test func aTapBeforeStartIsInsideAnyGracePeriod() {
    let scheduler = TestScheduler()
    let graced = intro(grace: .milliseconds(1), scheduler: scheduler)
    graced.skip()
    graced.start()
    scheduler.advance(by: .seconds(5))
    #expect(graced.phase.outcome?.reason.kind == .timedOut)
    #expect(graced.trace.entries(of: .tap).map(\.ignoredBecause) == ["in the grace period"])
  }

  @Test func callsFromManyThreadsBeforeAndAfterStartAreAllKeptAndDecideOnce() async {
    let scheduler = TestScheduler()
    let coordinator = intro(content: .reported, scheduler: scheduler)
    await Self.fromManyThreads(8) { thread in
      coordinator.setActive(thread % 2 == 0, scene: "window \(thread)")
      coordinator.contentReady()
    }
    coordinator.start()
    #expect(coordinator.trace.entries(of: .active).count == 8)
    #expect(coordinator.trace.entries(of: .content).map(\.role).filter { $0 != .beforeOutcome }.isEmpty)
    await Self.fromManyThreads(8) { _ in
      coordinator.animationEnded()
      coordinator.skip()
    }
    scheduler.advance()
    #expect(coordinator.phase.outcome?.reason.kind == .finished, "the animation ended and the content was ready")
    #expect(coordinator.phase.outcome?.duration == .zero)
    #expect(coordinator.trace.entries(of: .tap).count == 8)
    #expect(coordinator.trace.entries(of: .trigger).count == 8)
  }

  /// Runs `body` on `threads` threads at once, and returns once all have returned (the main actor is free
  /// meanwhile, so the calls' deliveries run on it).
  nonisolated static func fromManyThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: threads, execute: body)
        done.resume()
      }
    }
    await MainActor.run {}  // the deliveries queued on the main actor before this
  }

  @Test func theAppIsActiveWhileOneOfItsScenesIs() {
    let scheduler = TestScheduler()
    let coordinator = intro(content: nil, scheduler: scheduler)
    coordinator.start()
    coordinator.setActive(true, scene: "left")
    coordinator.setActive(true, scene: "right")
    coordinator.setActive(false, scene: "left")  // the right one is still active
    scheduler.advance(by: .seconds(1))
    coordinator.setActive(false, scene: "right")  // both in the background now: the clocks pause
    scheduler.advance(by: .seconds(5))
    #expect(coordinator.phase.outcome == nil)
    coordinator.setActive(true, scene: "left")
    scheduler.advance(by: .milliseconds(1600))
    #expect(coordinator.phase.outcome?.reason.kind == .finished)
    #expect(coordinator.phase.outcome?.duration == .milliseconds(7600))
    #expect(
      coordinator.trace.entries(of: .active).map(\.ignoredBecause)
        == ["already active", "already active", "already active", nil, nil])
  }

  // MARK: Reduce Motion before the first frame

  @Test func reduceMotionKnownBeforeStartMakesTheFirstFrameRight() {
    let scheduler = TestScheduler()
    #expect(!intro(reduceMotion: true, scheduler: scheduler).isShowingIntro, "skip policy: the content, at once")
    #expect(intro(policy: .staticPose, reduceMotion: true, scheduler: scheduler).isShowingIntro, "a still pose")
    #expect(intro(scheduler: scheduler).isShowingIntro, "unknown counts as off")
    let set = intro(scheduler: scheduler)
    set.reduceMotion = true
    #expect(!set.isShowingIntro)
    set.start()
    #expect(set.phase.outcome?.reason.kind == .reducedMotion, "start decides with it")
    // The modifier's way: asked with the environment's value, before anything is written.
    let asked = intro(scheduler: scheduler)
    #expect(!asked.showsIntro(reduceMotion: true) && asked.showsIntro(reduceMotion: false))
    asked.start(reduceMotion: false)
    #expect(asked.showsIntro(reduceMotion: true), "once started, the phase says")
    #expect(!intro(gate: .firstLaunch, scheduler: scheduler).showsIntro(reduceMotion: false), "gated: never")
  }

  @Test func isShowingIntroAndProgressAreObserved() {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(animation: .stages([1: .seconds(1), 2: .seconds(1)]), timeout: .seconds(3)),
      scheduler: scheduler)
    let changes = LockedBox<[String]>([])
    withObservationTracking {
      _ = coordinator.isShowingIntro
    } onChange: {
      changes.append("isShowingIntro")
    }
    coordinator.reduceMotion = false
    withObservationTracking {
      _ = coordinator.progress
    } onChange: {
      changes.append("progress")
    }
    coordinator.start()
    #expect(coordinator.progress == 1, "typed as the stages are: Int")
    #expect(changes.values == ["isShowingIntro", "progress"])
  }

  // MARK: Defaults

  @Test func aGateThatRemembersUsesTheStandardDefaultsUnlessGivenAStore() {
    let firstLaunch = IntroConfiguration(animation: .fixedLength(.seconds(1)), timeout: .seconds(3), gate: .firstLaunch)
    let store = firstLaunch.effectiveHistoryStore as? UserDefaultsIntroHistoryStore
    #expect(store?.source == "UserDefaults.standard, key \"intro.lastShownVersion\"")
    #expect(IntroConfiguration(animation: .fixedLength(.seconds(1)), timeout: .seconds(3)).effectiveHistoryStore == nil)
    let memory = InMemoryIntroHistoryStore()
    var given = firstLaunch
    given.historyStore = memory
    #expect(given.effectiveHistoryStore as? InMemoryIntroHistoryStore === memory)
  }

  @Test func contentReadyCountsForABoolSignalsContentToo() {
    let scheduler = TestScheduler()
    let flag = CurrentValueSignal<Bool, Never>(false)
    let coordinator = intro(content: .readyWhen(flag), scheduler: scheduler)
    coordinator.start()
    coordinator.animationEnded()
    coordinator.contentReady()
    scheduler.advance()
    #expect(coordinator.phase.outcome?.reason.kind == .finished)
  }
}
