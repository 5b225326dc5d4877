import Foundation
import Intro
import Signals
import SignalsTesting
import SplashDemoKit
import Testing

/// The demo's app in virtual time: what the coordinator decides and what the screens are drawn from.
@MainActor
@Suite struct DemoSessionTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theAnimatedScenarioPlaysItsDecorationAndFinishesAtItsLength() throws {
    let (session, scheduler) = try virtualSession()
    #expect(session.model.isShowingIntro)
    session.start()
    #expect(session.model.phase == .playing)
    #expect(session.model.wave == LetterWave(index: 0, loop: 0))
    #expect(session.model.stage == .firstStep)
    scheduler.advance(by: ms(1000))
    #expect(session.model.wave == LetterWave(index: 10, loop: 0))
    #expect(session.model.stage == .firstStep)
    #expect(session.model.elapsed == ms(1000))
    scheduler.advance(by: ms(300))
    #expect(session.model.stage == .secondStep)
    scheduler.advance(by: ms(200))
    #expect(session.model.load == .loaded(at: ms(1500)))
    #expect(session.model.ending == nil)
    scheduler.advance(by: ms(1100))
    let ending = try #require(session.model.ending)
    #expect(ending.kind == .finished)
    #expect(ending.presentation == .animated)
    #expect(ending.duration == ms(2600))
    #expect(session.model.wave == nil)
    #expect(session.model.showsIntroScreen)  // fading out
    scheduler.advance(by: ms(250))
    #expect(session.model.fade == 1)
    #expect(!session.model.showsIntroScreen)
    let trace = try #require(session.model.trace)
    #expect(trace.deciding.map(\.input) == [.length])
    scheduler.advance(by: ms(100))
    #expect(session.isSettled)
    #expect(scheduler.pendingCount == 0)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aKeySkipsThroughTheCoordinatorAndTheLoadGoesOnAfterIt() throws {
    let (session, scheduler) = try virtualSession(["--load", "2"])
    var outcomes: [IntroOutcome.Kind] = []
    session.onFinish = { outcomes.append($0.reason.kind) }
    session.start()
    scheduler.advance(by: ms(700))
    #expect(session.pressKey())
    scheduler.advance()
    #expect(outcomes == [.skipped])
    #expect(session.model.ending?.duration == ms(700))
    #expect(session.model.load == .loading)
    #expect(!session.pressKey())  // decided: a key no longer skips (the app quits)
    scheduler.advance(by: ms(1300))
    #expect(session.model.load == .loaded(at: ms(2000)))
    scheduler.advance(by: ms(100))
    let trace = try #require(session.model.trace)
    #expect(trace.deciding.map(\.input) == [.tap])
    #expect(trace.entries(of: .content).first?.role == .afterOutcome)
    #expect(outcomes == [.skipped])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aKeyBeforeStartDoesNothing() throws {
    let (session, _) = try virtualSession()
    #expect(!session.pressKey())
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theWaveScenarioShowsTheCoordinatorsProgress() throws {
    let (session, scheduler) = try virtualSession(["--scenario", "wave", "--load", "1"])
    session.start()
    #expect(session.model.stage == .firstStep)  // the stages are decoration here: 2.5 s each
    scheduler.advance(by: ms(300))
    #expect(session.model.wave == LetterWave(index: 3, loop: 0))
    #expect(session.coordinator.wave == LetterWave(index: 3, loop: 0))
    scheduler.advance(by: ms(2600))
    #expect(session.model.wave == LetterWave(index: 4, loop: 1))
    #expect(session.model.stage == .secondStep)
    scheduler.advance(by: ms(2100))
    #expect(session.model.ending?.kind == .finished)
    #expect(session.model.ending?.duration == ms(5000))
    #expect(session.model.trace?.deciding.map(\.input) == [.playback])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theStagesScenarioShowsTheCoordinatorsStages() throws {
    let (session, scheduler) = try virtualSession(["--scenario", "stages", "--load", "3", "--timeout", "5"])
    session.start()
    #expect(session.model.stage == .firstStep)
    scheduler.advance(by: ms(1000))
    #expect(session.model.stage == .secondStep)
    scheduler.advance(by: ms(1050))  // the frame after the animation ended
    #expect(session.model.stage == .finished)
    #expect(session.model.phase == .holding)
    #expect(session.model.wave == nil)  // the decoration stops with the animation: the last pose is held
    scheduler.advance(by: ms(950))
    #expect(session.model.ending?.kind == .finished)
    #expect(session.model.trace?.deciding.map(\.input) == [.content])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theAnimatedScenarioHoldsItsLastPoseUntilTheLoad() throws {
    let (session, scheduler) = try virtualSession(["--load", "2.8"])
    session.start()
    scheduler.advance(by: ms(2650))  // the frame after the animation ended
    #expect(session.model.phase == .holding)
    #expect(session.model.stage == .finished)
    #expect(session.model.wave == nil)
    scheduler.advance(by: ms(150))
    #expect(session.model.ending?.kind == .finished)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aSlowLoadTimesOut() throws {
    let (session, scheduler) = try virtualSession(["--load", "10"])
    session.start()
    scheduler.advance(by: ms(3000))
    #expect(session.model.ending?.kind == .timedOut)
    #expect(session.model.load == .loading)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aFailingLoadEndsTheIntroAtOnce() throws {
    let (session, scheduler) = try virtualSession(["--fail-load", "--load", "0.8"])
    session.start()
    scheduler.advance(by: ms(800))
    #expect(session.model.ending?.kind == .contentFailed)
    #expect(session.model.ending?.reason == "content failed: the portfolio request failed")
    #expect(session.model.load == .failed("the portfolio request failed", at: ms(800)))
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theMinimumTimeHoldsACompletion() throws {
    let (session, scheduler) = try virtualSession(["--scenario", "stages", "--load", "0.5", "--min", "2.5"])
    session.start()
    scheduler.advance(by: ms(2000))
    #expect(session.model.ending == nil)
    scheduler.advance(by: ms(500))
    #expect(session.model.ending?.kind == .finished)
    #expect(session.model.trace?.deciding.map(\.input) == [.minimum])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func reduceMotionStaticHoldsAStillPoseUntilTheLoad() throws {
    let (session, scheduler) = try virtualSession(["--reduce-motion", "static", "--load", "1"])
    session.start()
    #expect(session.model.phase == .staticPose)
    #expect(session.model.wave == nil)
    #expect(session.model.stage == nil)
    scheduler.advance(by: ms(500))
    #expect(session.model.wave == nil)
    scheduler.advance(by: ms(500))
    #expect(session.model.ending?.kind == .finished)
    #expect(session.model.ending?.presentation == .staticPose)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func reduceMotionSkipShowsNoIntroAtAll() throws {
    let (session, scheduler) = try virtualSession(["--reduce-motion", "skip"])
    session.start()
    #expect(session.model.ending?.kind == .reducedMotion)
    #expect(session.model.ending?.presentation == IntroOutcome.Presentation.none)
    #expect(!session.model.showsIntroScreen)
    scheduler.advance(by: ms(1500))
    #expect(session.model.load == .loaded(at: ms(1500)))  // the app's work goes on
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func firstLaunchGatingRemembersInTheStateDirectory() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("SplashDemoTests-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments = ["--gate", "first-launch", "--state", directory.path]
    let (first, firstScheduler) = try virtualSession(arguments)
    first.start()
    firstScheduler.advance(by: ms(100))
    #expect(first.model.ending == nil)
    first.intro.flushHistory()
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("intro-history.json").path))

    let (second, _) = try virtualSession(arguments)
    #expect(!second.model.isShowingIntro)  // known at init: the first frame is the content
    second.start()
    #expect(second.model.ending?.kind == .gated)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func afterUpdateGatingShowsItAgainForANewVersion() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("SplashDemoTests-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: file) }
    func run(_ version: String) throws -> IntroOutcome.Kind? {
      let (session, scheduler) = try virtualSession(
        ["--gate", "after-update", "--version", version, "--state", file.path, "--load", "0"])
      session.start()
      scheduler.advance(by: ms(3000))
      session.intro.flushHistory()
      return session.model.ending?.kind
    }
    #expect(try run("1.0") == .finished)
    #expect(try run("1.0") == .gated)
    #expect(try run("1.1") == .finished)
  }
}
