import Intro
import Signals
import SignalsTesting
import Testing

/// Windows that come and go, through the calls a window makes (what `IntroUI` does for each window's root
/// view): at its appearance its phase (`setActive(_:scene:)`, only `.background` inactive), then each
/// phase change, and its disappearance (`sceneDisappeared(_:)`). The app is active until the first window
/// reports, then while a window still there is active, and inactive once the last one has gone.
@MainActor
@Suite("Windows that come and go") struct IntroWindowsTests {
  /// A window as `IntroUI` wires it.
  struct Window {
    let name: String
    let intro: IntroCoordinator<Never>

    func appears(inBackground: Bool = false) { intro.setActive(!inBackground, scene: name) }
    func goesToTheBackground() { intro.setActive(false, scene: name) }
    func comesForward() { intro.setActive(true, scene: name) }
    func closes() { intro.sceneDisappeared(name) }
  }

  /// A 2.6 s fixed-length intro with a 3 s timeout (active time), started at 0 on `scheduler`.
  static func intro(_ scheduler: TestScheduler) -> IntroCoordinator<Never> {
    let intro = IntroCoordinator(
      IntroConfiguration(animation: .fixedLength(.milliseconds(2600)), timeout: .seconds(3)), scheduler: scheduler)
    intro.start()
    return intro
  }

  @Test func beforeAnyWindowReportsTheAppIsActive() {
    let scheduler = TestScheduler()
    let intro = Self.intro(scheduler)
    scheduler.advance(by: .seconds(3))
    #expect(intro.phase.outcome?.duration == .milliseconds(2600))
  }

  @Test func oneWindowThatGoesAwayPausesTheClocksUntilAWindowComesBack() {
    let scheduler = TestScheduler()
    let intro = Self.intro(scheduler)
    let window = Window(name: "main", intro: intro)
    window.appears()
    scheduler.advance(by: .seconds(1))
    window.goesToTheBackground()
    scheduler.advance(by: .seconds(2))
    window.comesForward()  // 1 s of active time so far
    scheduler.advance(by: .seconds(1))
    window.closes()  // 2 s of active time, and the last window has gone: inactive
    scheduler.advance(by: .seconds(60))
    #expect(intro.phase.outcome == nil, "no clock runs while no window is there")
    Window(name: "reopened", intro: intro).appears()
    scheduler.advance(by: .milliseconds(600))
    #expect(intro.phase.outcome?.reason.kind == .finished)
    #expect(intro.phase.outcome?.duration == .milliseconds(64_600))
    #expect(
      intro.trace.entries(of: .active).map(\.event)
        == [.value("true"), .value("false"), .value("true"), .value("false"), .value("true")])
  }

  @Test func aWindowClosedWhileActiveStopsCountingAndTheOthersDecide() {
    let scheduler = TestScheduler()
    let intro = Self.intro(scheduler)
    let (left, right) = (Window(name: "left", intro: intro), Window(name: "right", intro: intro))
    left.appears()
    right.appears(inBackground: true)
    scheduler.advance(by: .seconds(1))
    left.closes()  // it was the only active window: the app is inactive though a window remains
    scheduler.advance(by: .seconds(10))
    #expect(intro.phase.outcome == nil)
    right.comesForward()
    scheduler.advance(by: .milliseconds(1600))
    #expect(intro.phase.outcome?.duration == .milliseconds(12_600))
  }

  @Test func twoWindowsTheAppIsActiveWhileOneOfThemIs() {
    let scheduler = TestScheduler()
    let intro = Self.intro(scheduler)
    let (left, right) = (Window(name: "left", intro: intro), Window(name: "right", intro: intro))
    left.appears()
    right.appears()
    scheduler.advance(by: .seconds(1))
    left.closes()  // the right one is still active: the clocks run on
    scheduler.advance(by: .seconds(1))
    right.goesToTheBackground()
    scheduler.advance(by: .seconds(5))
    right.comesForward()
    scheduler.advance(by: .milliseconds(600))
    #expect(intro.phase.outcome?.duration == .milliseconds(7600))
  }

  @Test func threeWindowsInactiveOnceTheLastHasGone() {
    let scheduler = TestScheduler()
    let intro = Self.intro(scheduler)
    let windows = ["a", "b", "c"].map { Window(name: $0, intro: intro) }
    for window in windows { window.appears() }
    windows[0].goesToTheBackground()
    scheduler.advance(by: .milliseconds(500))
    windows[1].closes()
    scheduler.advance(by: .milliseconds(500))
    windows[2].closes()  // only "a" is left, in the background: inactive
    scheduler.advance(by: .seconds(5))
    windows[0].closes()  // and now no window at all: still inactive
    scheduler.advance(by: .seconds(5))
    #expect(intro.phase.outcome == nil)
    windows[0].appears()
    scheduler.advance(by: .milliseconds(1600))
    #expect(intro.phase.outcome?.duration == .milliseconds(12_600))
  }

  @Test func aDeadlineAtTheInstantTheLastWindowGoesFires() {
    let scheduler = TestScheduler()
    let intro = Self.intro(scheduler)
    let window = Window(name: "main", intro: intro)
    window.appears()
    scheduler.advance(by: .milliseconds(2600))
    window.closes()
    scheduler.advance(by: .seconds(1))
    #expect(intro.phase.outcome?.duration == .milliseconds(2600))
  }

  @Test func aWindowThatNeverReportedCannotGoAndTheTraceSaysSo() {
    let scheduler = TestScheduler()
    let intro = Self.intro(scheduler)
    intro.sceneDisappeared("stranger")
    scheduler.advance(by: .seconds(3))
    #expect(intro.phase.outcome?.duration == .milliseconds(2600), "still active: no window had reported")
    #expect(intro.trace.entries(of: .active).map(\.ignoredBecause) == ["no window \"stranger\" had reported"])
  }

  @Test func aWindowThatAppearsInTheBackgroundPausesALaunchUntilItComesForward() {
    let scheduler = TestScheduler()
    let intro = Self.intro(scheduler)
    let window = Window(name: "main", intro: intro)
    window.appears(inBackground: true)
    scheduler.advance(by: .seconds(30))
    #expect(intro.phase.outcome == nil && intro.isShowingIntro)
    window.comesForward()
    scheduler.advance(by: .seconds(3))
    #expect(intro.phase.outcome?.reason.kind == .finished, "the whole intro plays once the app is seen")
    #expect(intro.phase.outcome?.duration == .milliseconds(32_600))
  }
}
