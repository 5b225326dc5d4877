import Intro
import Signals
import SignalsTesting
import Testing

private struct LoadError: Error {}

/// The app's real async load path, as the app writes it: it sleeps on the clock it is given.
private func loadAccount(clock: some Clock<Duration>) async throws {
  try await clock.sleep(for: .milliseconds(1800))
}

@MainActor
@Suite("Intro start and configuration") struct IntroStartTests {
  @Test func beforeStartReturnsEveryInputIsSubscribedAndTheNextClockRegistered() {
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<Void, Never>()
    let content = PassthroughSignal<Bool, Never>()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .endTrigger(trigger, fallbackLength: .milliseconds(2600)), content: .readyWhen(content),
        timeout: .seconds(3), gate: .firstLaunch, historyStore: InMemoryIntroHistoryStore()),
      scheduler: scheduler)
    #expect(scheduler.pendingCount == 0 && !trigger.hasObservers && !content.hasObservers)
    coordinator.start(reduceMotion: false)
    #expect(trigger.hasObservers && content.hasObservers)
    // One timer, at the next clock (the fallback length): nothing else is left for later.
    #expect(scheduler.pendingCount == 1)
    #expect(scheduler.nextDeadline == SignalInstant(offset: .milliseconds(2600)))
    scheduler.advance()
    #expect(scheduler.pendingCount == 1)
    scheduler.advance(by: .milliseconds(2600))
    #expect(scheduler.nextDeadline == SignalInstant(offset: .seconds(3)), "then the timeout's")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aContentTaskRunsOnTheSchedulersClockSoTheRealLoadPathIsDeterministic() {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .fixedLength(.seconds(1)), content: .task { try await loadAccount(clock: scheduler.clock) },
        timeout: .seconds(3)),
      scheduler: scheduler)
    coordinator.start(reduceMotion: false)
    scheduler.advance(by: .milliseconds(1799))
    #expect(coordinator.phase.outcome == nil)
    scheduler.advance(by: .milliseconds(1))
    #expect(coordinator.phase.outcome?.reason.kind == .finished)
    #expect(coordinator.phase.outcome?.duration == .milliseconds(1800))
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theIntroEndingNeverCancelsTheContentTaskOnlyCancelDoes() {
    let scheduler = TestScheduler()
    let finished = Locked(false)
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .fixedLength(.seconds(1)),
        content: .task {
          try await scheduler.clock.sleep(for: .seconds(5))
          finished.withLock { $0 = true }
        },
        timeout: .seconds(3)),
      scheduler: scheduler)
    coordinator.start(reduceMotion: false)
    scheduler.advance(by: .seconds(3))
    #expect(coordinator.phase.outcome?.reason.kind == .timedOut)
    scheduler.advance(by: .seconds(2))
    #expect(finished.withLock { $0 }, "the work went on after the intro ended")

    let cancelled = Locked(false)
    let other = IntroCoordinator(
      IntroConfiguration(
        animation: .fixedLength(.seconds(1)),
        content: .task {
          do { try await scheduler.clock.sleep(for: .seconds(5)) } catch { cancelled.withLock { $0 = true } }
        },
        timeout: .seconds(3)),
      scheduler: scheduler)
    other.start(reduceMotion: false)
    scheduler.advance(by: .seconds(3))
    other.cancel()
    scheduler.advance()
    #expect(cancelled.withLock { $0 })
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aContentTaskStartsEvenWhenTheIntroDoesNotShow() {
    let scheduler = TestScheduler()
    let ran = Locked(false)
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .fixedLength(.seconds(1)), content: .task { ran.withLock { $0 = true } }, timeout: .seconds(3),
        launchKind: .resume),
      scheduler: scheduler)
    coordinator.start(reduceMotion: false)
    #expect(coordinator.phase.outcome?.reason.kind == .resumed)
    scheduler.advance()
    #expect(ran.withLock { $0 })
  }

  @Test func aSkipBeforeStartTakesEffectAtStartsInstant() {
    // It used to be lost; now it is kept, as every input before `start` is (DESIGN.md's rule).
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(animation: .fixedLength(.seconds(1)), timeout: .seconds(3)), scheduler: scheduler)
    scheduler.advance(by: .seconds(1))
    coordinator.skip()
    #expect(coordinator.phase.outcome == nil, "kept, not decided before start")
    coordinator.start(reduceMotion: false)
    scheduler.advance()
    #expect(coordinator.phase.outcome?.reason.kind == .skipped)
    #expect(coordinator.phase.outcome?.duration == .zero)
    #expect(coordinator.trace.entries(of: .tap).map(\.instant) == [SignalInstant(offset: .seconds(1))])
    // With a grace period, a tap before `start` is inside it: ignored.
    let graced = IntroCoordinator(
      IntroConfiguration(animation: .fixedLength(.seconds(1)), timeout: .seconds(3), skipGracePeriod: .milliseconds(1)),
      scheduler: scheduler)
    graced.skip()
    graced.start(reduceMotion: false)
    scheduler.advance(by: .seconds(2))
    #expect(graced.phase.outcome?.reason.kind == .finished)
    #expect(graced.trace.entries(of: .tap).first?.ignoredBecause == "in the grace period")
  }

  // MARK: Bad configurations

  @Test(arguments: [
    ("minimumDuration", IntroConfigurationCase.negativeMinimum),
    ("timeout", .negativeTimeout),
    ("skipGracePeriod", .negativeGrace),
    ("minimum time", .minimumAboveTimeout),
    ("fixed length", .lengthAboveTimeout),
    ("fallback length", .fallbackAboveTimeout),
    ("fallback length", .calledTriggerFallbackAboveTimeout),
    ("stages' total length", .stagesAboveTimeout),
    ("letter wave's length", .letterWaveAboveTimeout),
    ("no stages", .noStages),
    ("stage 2 has a negative duration", .negativeStage),
    ("bad letter wave", .emptyLetterWave),
  ])
  func aBadConfigurationIsRefusedWithASignalsMessage(named: String, _ bad: IntroConfigurationCase) {
    let problem = bad.problem
    #expect(problem?.hasPrefix("Signals: IntroConfiguration: ") == true)
    #expect(problem?.contains(named) == true, "\(problem ?? "nil")")
  }

  @Test func aGoodConfigurationHasNoProblemAndALengthEqualToTheTimeoutIsFine() {
    #expect(
      IntroConfiguration(animation: .endTrigger(fallbackLength: .milliseconds(2600)), timeout: .seconds(3)).problem
        == nil)
    #expect(
      IntroConfiguration(animation: .fixedLength(.seconds(3)), minimumDuration: .seconds(3), timeout: .seconds(3))
        .problem == nil)
    #expect(
      IntroConfiguration(animation: .letterWave(text: "Loading your portfolio..."), timeout: .seconds(5)).problem == nil
    )
    #expect(
      IntroConfiguration(animation: .stages([1: .seconds(1), 2: .seconds(2)]), timeout: .seconds(3)).problem == nil)
  }

  @Test func theMessageSaysWhatToDo() {
    let problem = IntroConfigurationCase.letterWaveAboveTimeout.problem
    #expect(
      problem == "Signals: IntroConfiguration: the animation's letter wave's length (5.0 seconds) is above the "
        + "timeout (3.0 seconds): the intro could only time out; raise the timeout")
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func theCoordinatorStopsTheProgramOnABadConfiguration() async {
      await #expect(processExitsWith: .failure) {
        _ = await MainActor.run {
          IntroCoordinator(IntroConfigurationCase.minimumAboveTimeout.configuration(), scheduler: TestScheduler())
        }
      }
    }
  #endif
}

enum IntroConfigurationCase: Sendable {
  case negativeMinimum, negativeTimeout, negativeGrace, minimumAboveTimeout, lengthAboveTimeout, fallbackAboveTimeout
  case calledTriggerFallbackAboveTimeout, stagesAboveTimeout, letterWaveAboveTimeout, noStages, negativeStage
  case emptyLetterWave

  func configuration() -> IntroConfiguration<Never> {
    let trigger = PassthroughSignal<Void, Never>()
    switch self {
    case .negativeMinimum:
      return IntroConfiguration(
        animation: .fixedLength(.seconds(1)), minimumDuration: .seconds(-1), timeout: .seconds(3))
    case .negativeTimeout:
      return IntroConfiguration(animation: .endTrigger(trigger), timeout: .seconds(-3))
    case .negativeGrace:
      return IntroConfiguration(
        animation: .fixedLength(.seconds(1)), timeout: .seconds(3), skipGracePeriod: .milliseconds(-1))
    case .minimumAboveTimeout:
      return IntroConfiguration(
        animation: .fixedLength(.seconds(1)), minimumDuration: .seconds(4), timeout: .seconds(3))
    case .lengthAboveTimeout:
      return IntroConfiguration(animation: .fixedLength(.seconds(4)), timeout: .seconds(3))
    case .fallbackAboveTimeout:
      return IntroConfiguration(animation: .endTrigger(trigger, fallbackLength: .seconds(5)), timeout: .seconds(3))
    case .calledTriggerFallbackAboveTimeout:
      return IntroConfiguration(animation: .endTrigger(fallbackLength: .milliseconds(3001)), timeout: .seconds(3))
    default:
      return IntroConfiguration(animation: .fixedLength(.seconds(1)), timeout: .seconds(3))
    }
  }

  /// Why the case's configuration is refused (those with stages or a letter wave report progress).
  var problem: String? {
    let three = Duration.seconds(3)
    switch self {
    case .stagesAboveTimeout:
      return IntroConfiguration(animation: .stages([1: .seconds(2), 2: .seconds(2)]), timeout: three).problem
    case .noStages: return IntroConfiguration<Int>(animation: .stages([:]), timeout: three).problem
    case .negativeStage:
      return IntroConfiguration(animation: .stages([1: .seconds(1), 2: .seconds(-1)]), timeout: three).problem
    case .letterWaveAboveTimeout:
      return IntroConfiguration(animation: .letterWave(text: "Loading your portfolio..."), timeout: three).problem
    case .emptyLetterWave: return IntroConfiguration(animation: .letterWave(text: ""), timeout: three).problem
    default: return configuration().problem
    }
  }
}
