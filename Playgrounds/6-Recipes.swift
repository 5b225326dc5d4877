import Intro
import SignalsTesting

/// Page 6: the three intros this project started from, as recipes, in virtual time.
@MainActor func recipesPage() {
  print("an animation file that fires no end trigger, played once (2.6 s); the content ready at 1 s:")
  do {
    let scheduler = TestScheduler()
    let animated = IntroCoordinator(
      IntroConfiguration(animation: .fixedLength(.milliseconds(2600)), content: .reported, timeout: .seconds(3)),
      scheduler: scheduler)
    scheduler.schedule(after: .seconds(1)) { animated.contentReady() }
    animated.start { print("  \($0)") }
    scheduler.advance(by: .seconds(4))
  }

  print("stages: the first step at once, the second after 1 s, finished after 1 s more:")
  enum Step: Sendable { case firstStep, secondStep }
  let scheduler = TestScheduler()
  let staged = IntroCoordinator(
    IntroConfiguration(
      animation: .stages([Step.firstStep: .seconds(1), .secondStep: .seconds(1)]), timeout: .seconds(3)),
    scheduler: scheduler)
  staged.start { print("  \($0)") }
  for _ in 0..<3 {
    print("  at \(scheduler.now): \(staged.isShowingIntro ? staged.progress.map { "\($0)" } ?? "" : "the app")")
    scheduler.advance(by: .seconds(1))
  }

  print("the letter wave over \"Loading your portfolio...\", two loops at 0.1 s:")
  let text = "Loading your portfolio..."
  let waveScheduler = TestScheduler()
  let wave = IntroCoordinator(
    IntroConfiguration(animation: .letterWave(text: text), timeout: .seconds(6)), scheduler: waveScheduler)
  wave.start { print("  \($0)") }
  for _ in 0..<3 {
    if let position = wave.progress {
      let letters = text.enumerated().map { index, letter in index == position.index ? letter.uppercased() : "\(letter)"
      }
      print("  \(letters.joined()) \(position)")
    }
    waveScheduler.advance(by: .milliseconds(100))
  }
  waveScheduler.advance(by: .seconds(6))
}
