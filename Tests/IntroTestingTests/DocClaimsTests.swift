import Foundation
import Intro
import IntroTesting
import Signals
import SignalsTesting
import Testing

// The three intros of the Intro docs' "Three intros" (Recipes.md), their configurations verbatim (between the
// markers): `theDocsShowTheseConfigurations` checks that the article still shows exactly this code.
enum SplashStep: Sendable { case firstStep, secondStep }

enum LaunchView {
  static let text = "Loading your portfolio..."
}

// BEGIN RECIPES CONFIGURATION
extension IntroConfiguration<SplashStep> {
  static var splash: Self {
    IntroConfiguration(
      animation: .stages([.firstStep: .seconds(1), .secondStep: .seconds(1)]), timeout: .seconds(3),
      skipPolicy: .never)
  }
}
// END RECIPES CONFIGURATION

// BEGIN RECIPES CONFIGURATION
extension IntroConfiguration<LetterWave> {
  @MainActor static var portfolio: Self {
    IntroConfiguration(animation: .letterWave(text: LaunchView.text), timeout: .seconds(6), skipPolicy: .never)
  }
}
// END RECIPES CONFIGURATION

/// What the README and the `Intro` docs say about timing, gating and launches, run: each test quotes the
/// statement it checks.
@MainActor
@Suite("What the docs say, run") struct DocClaimsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The README's intro, for a coordinator a test makes itself: with a store of its own (the one line the docs
  /// give), so that no test reads or writes the person's defaults.
  static var pip: IntroConfiguration<Never> {
    var pip = IntroConfiguration<Never>.pip
    pip.historyStore = InMemoryIntroHistoryStore()
    return pip
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// README: "The intro ends once, at the first of: a tap; the animation or the account failing; the animation
  /// ended *and* the account loaded; the 3 s timeout."
  @Test func theReadmesIntroEndsAtTheFirstOfItsInputs() {
    let intro = IntroHarness(.pip)
    let loaded = IntroScript.at(seconds: 0.2)
    let tapped = intro.run(asset: loaded, content: .at(seconds: 2), taps: .at(seconds: 1))
    #expect(tapped.ended(.skipped, after: .seconds(1)))
    #expect(intro.run(asset: .fails(at: .seconds(1)), content: .at(seconds: 2)).ended(.animationFailed))
    #expect(intro.run(asset: loaded, content: .fails(at: .seconds(1))).ended(.contentFailed, after: .seconds(1)))
    #expect(intro.run(asset: loaded, trigger: .at(seconds: 1), content: .at(seconds: 2)).ended(.finished))
    #expect(intro.run(asset: loaded, content: .never).ended(.timedOut, after: .seconds(3)))
    let once = intro.run(asset: loaded, trigger: .at(seconds: 1), content: .at(seconds: 1), taps: .at(seconds: 2))
    #expect(once.finishCount == 1)
  }

  /// README: "Reduce Motion skips it before its first frame (or holds a still pose: `reduceMotionPolicy:
  /// .staticPose`)."
  @Test func reduceMotionSkipsItBeforeItsFirstFrameOrHoldsAStillPose() {
    let intro = IntroCoordinator(Self.pip, scheduler: TestScheduler(), reduceMotion: true)
    #expect(!intro.isShowingIntro, "not drawn, not even for the first frame")
    var still = Self.pip
    still.reduceMotionPolicy = .staticPose
    let held = IntroHarness(still).run(content: .at(seconds: 2), reduceMotion: true)
    #expect(held.ended(.finished, after: .seconds(2)))
    #expect(held.outcome?.presentation == .staticPose)
  }

  /// README: "It plays once per launch: coming back from the background never replays it, and while no window
  /// is in the foreground its clocks pause, so an app launched in the background plays its intro when it comes
  /// forward."
  @Test func itPlaysOncePerLaunchAndALaunchInTheBackgroundPlaysWhenItComesForward() {
    let scheduler = TestScheduler()
    let intro = IntroCoordinator(Self.pip, scheduler: scheduler)
    var outcomes = 0
    intro.setActive(false, scene: "main")  // the window appears in the background
    intro.start { _ in outcomes += 1 }
    intro.animationLoaded()
    intro.contentReady()
    scheduler.advance(by: .seconds(60))
    #expect(intro.isShowingIntro && outcomes == 0, "nobody has seen it yet: its clocks are paused")
    intro.setActive(true, scene: "main")  // the person opens the app
    scheduler.advance(by: .milliseconds(2600))
    #expect(intro.phase.outcome?.reason.kind == .finished && intro.phase.outcome?.duration == .milliseconds(62_600))
    intro.setActive(false, scene: "main")  // to the background, and back
    intro.setActive(true, scene: "main")
    intro.start()  // even if the app starts it again
    scheduler.advance(by: .seconds(10))
    #expect(outcomes == 1 && !intro.isShowingIntro, "never replayed")
  }

  /// README: "`.firstLaunch` remembers in `UserDefaults.standard` (…; an Xcode preview remembers in memory
  /// only)"; "each run from a fresh install (never your defaults)".
  @Test func theFirstLaunchGateRemembersInTheStandardDefaultsExceptInPreviewsAndHarnessRuns() throws {
    let store = try #require(IntroConfiguration<Never>.pip.historyStore(inXcodePreview: false))
    let source = (store as? UserDefaultsIntroHistoryStore)?.source
    #expect(source == "UserDefaults.standard, key \"intro.lastShownVersion\"")
    #expect(IntroConfiguration<Never>.pip.historyStore(inXcodePreview: true) is InMemoryIntroHistoryStore)
    let intro = IntroHarness(.pip)
    #expect(intro.run(asset: .at(.zero), content: .at(.zero)).ended(.finished))
    #expect(intro.run(asset: .at(.zero), content: .at(.zero)).ended(.finished), "a fresh install again")
  }

  /// Building an intro, "Test your intro in virtual time": its test, run.
  @Test func theArticlesTestHolds() {
    let intro = IntroHarness(
      IntroConfiguration(
        animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3),
        gate: .firstLaunch))
    #expect(intro.run(trigger: .at(seconds: 1.2), content: .at(seconds: 2)).ended(.finished, after: .seconds(2)))
    let early = intro.run(trigger: .at(seconds: 1.2), content: .at(seconds: -0.5))
    #expect(early.ended(.finished, after: .milliseconds(1200)))
    #expect(intro.run(content: .at(seconds: 1), history: .shown(version: nil)).ended(.gated))
  }

  /// Building an intro, "Why did it end?": the diagram it shows is a trace's.
  @Test func theArticlesDiagramIsATracesDiagram() throws {
    let article = try Self.text("Sources/Intro/Intro.docc/BuildingAnIntro.md")
    let fence = try #require(article.components(separatedBy: "```text\n").dropFirst().first)
    let shown = try #require(fence.components(separatedBy: "```").first)
    let intro = IntroHarness(
      IntroConfiguration(animation: .endTrigger(), content: .reported, timeout: .seconds(3)))
    let result = intro.run(
      trigger: .at(seconds: 1), content: .at(seconds: 1.5), taps: .values(at: [.milliseconds(1500), .seconds(2)]))
    #expect(result.diagram + "\n" == shown)
  }

  /// Three intros: "`.firstStep` at once, `.secondStep` after 1 s, finished after 1 s more; then it fades
  /// out. Nothing skips it."
  @Test func theStagedSplashStepsEndsAtTwoSecondsAndCannotBeSkipped() {
    let result = IntroHarness(.splash).run(taps: .values(at: [.zero, .seconds(1)]))
    #expect(result.ended(.finished, after: .seconds(2)))
    #expect(result.progress(at: .zero) == .firstStep && result.progress(at: .seconds(1)) == .secondStep)
    #expect(IntroCoordinator(.splash, scheduler: TestScheduler()).progress == .firstStep, "from the first frame")
  }

  /// Three intros: "For 25 characters that is 50 positions and 5.0 s"; "nothing skips it".
  @Test func theLetterWaveEndsAtFiveSecondsAndCannotBeSkipped() {
    let result = IntroHarness(.portfolio).run(taps: .at(seconds: 1))
    #expect(result.ended(.finished, after: .seconds(5)))
    #expect(result.trace.entries(of: .playback).count == 51)  // 50 positions and the finish
    #expect(result.progress(at: .seconds(4.9)) == LetterWave(index: 24, loop: 1))
  }

  @Test func theDocsShowTheseConfigurations() throws {
    let recipes = try Self.text("Sources/Intro/Intro.docc/Recipes.md")
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let parts = source.components(separatedBy: "// BEGIN RECIPES CONFIGURATION\n").dropFirst()
    #expect(parts.count == 2)
    for part in parts {
      let code = try #require(part.components(separatedBy: "// END RECIPES CONFIGURATION").first)
      #expect(recipes.contains(code), "Recipes.md differs from DocClaimsTests.swift:\n\(code)")
    }
  }
}
