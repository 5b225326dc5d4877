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
  @Test func beforeStartReturnsEveryInputIsSubscribedAndEveryClockRegistered() {
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<Void, Never>()
    let content = PassthroughSignal<Bool, Never>()
    let taps = PassthroughSignal<Void, Never>()
    let active = PassthroughSignal<Bool, Never>()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .seed000(endTrigger: trigger), content: .readyWhen(content), timeout: Seed000.timeout,
        skipTaps: taps, gate: .firstLaunch, isActive: active, scheduler: scheduler))
    #expect(scheduler.pendingCount == 0 && !trigger.hasObservers)
    coordinator.start(reduceMotion: false)
    #expect(trigger.hasObservers && content.hasObservers && taps.hasObservers && active.hasObservers)
    // The fallback length and the timeout: nothing else is left for later.
    #expect(scheduler.pendingCount == 2)
    #expect(scheduler.nextDeadline == SignalInstant(offset: .milliseconds(2600)))
    scheduler.advance()
    #expect(scheduler.pendingCount == 2)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aContentTaskRunsOnTheSchedulersClockSoTheRealLoadPathIsDeterministic() {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .fixedLength(.seconds(1)), content: .task { try await loadAccount(clock: scheduler.clock) },
        timeout: .seconds(3), scheduler: scheduler))
    coordinator.start(reduceMotion: false)
    scheduler.advance(by: .milliseconds(1799))
    #expect(coordinator.phase.outcome == nil)
    scheduler.advance(by: .milliseconds(1))
    #expect(coordinator.phase.outcome?.reason.kind == .completed)
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
        timeout: .seconds(3), scheduler: scheduler))
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
        timeout: .seconds(3), scheduler: scheduler))
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
        launchKind: .resume, scheduler: scheduler))
    coordinator.start(reduceMotion: false)
    #expect(coordinator.phase.outcome?.reason.kind == .resumed)
    scheduler.advance()
    #expect(ran.withLock { $0 })
  }

  @Test func aSkipBeforeStartIsIgnored() {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(animation: .fixedLength(.seconds(1)), timeout: .seconds(3), scheduler: scheduler))
    coordinator.skip()
    coordinator.start(reduceMotion: false)
    scheduler.advance(by: .seconds(2))
    #expect(coordinator.phase.outcome?.reason.kind == .completed)
  }

  // MARK: Bad configurations

  @Test(arguments: [
    ("minimumDuration", IntroConfigurationCase.negativeMinimum),
    ("timeout", .negativeTimeout),
    ("skipGracePeriod", .negativeGrace),
    ("minimum time", .minimumAboveTimeout),
    ("animation length", .lengthAboveTimeout),
    ("animation length", .fallbackAboveTimeout),
  ])
  func aBadConfigurationIsRefusedWithASignalsMessage(named: String, _ bad: IntroConfigurationCase) {
    let problem = bad.configuration(TestScheduler()).problem
    #expect(problem?.hasPrefix("Signals: IntroConfiguration: ") == true)
    #expect(problem?.contains(named) == true)
  }

  @Test func aGoodConfigurationHasNoProblem() {
    let scheduler = TestScheduler()
    #expect(IntroConfiguration.seed000(scheduler: scheduler).problem == nil)
    #expect(
      IntroConfiguration(
        animation: .fixedLength(.seconds(3)), minimumDuration: .seconds(3), timeout: .seconds(3), scheduler: scheduler
      ).problem == nil)
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func theCoordinatorStopsTheProgramOnABadConfiguration() async {
      await #expect(processExitsWith: .failure) {
        _ = await MainActor.run {
          IntroCoordinator(IntroConfigurationCase.minimumAboveTimeout.configuration(TestScheduler()))
        }
      }
    }
  #endif
}

enum IntroConfigurationCase: Sendable {
  case negativeMinimum, negativeTimeout, negativeGrace, minimumAboveTimeout, lengthAboveTimeout, fallbackAboveTimeout

  func configuration(_ scheduler: TestScheduler) -> IntroConfiguration {
    let trigger = PassthroughSignal<Void, Never>()
    switch self {
    case .negativeMinimum:
      return IntroConfiguration(
        animation: .fixedLength(.seconds(1)), minimumDuration: .seconds(-1), timeout: .seconds(3), scheduler: scheduler)
    case .negativeTimeout:
      return IntroConfiguration(animation: .endTrigger(trigger), timeout: .seconds(-3), scheduler: scheduler)
    case .negativeGrace:
      return IntroConfiguration(
        animation: .fixedLength(.seconds(1)), timeout: .seconds(3), skipGracePeriod: .milliseconds(-1),
        scheduler: scheduler)
    case .minimumAboveTimeout:
      return IntroConfiguration(
        animation: .fixedLength(.seconds(1)), minimumDuration: .seconds(4), timeout: .seconds(3), scheduler: scheduler)
    case .lengthAboveTimeout:
      return IntroConfiguration(animation: .fixedLength(.seconds(4)), timeout: .seconds(3), scheduler: scheduler)
    case .fallbackAboveTimeout:
      return IntroConfiguration(
        animation: .endTrigger(trigger, fallbackLength: .seconds(5)), timeout: .seconds(3), scheduler: scheduler)
    }
  }
}
