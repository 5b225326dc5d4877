import Intro
import Signals
import SignalsTesting

/// Page 6: the three intros the project came from, as recipes, in virtual time.
@MainActor func seedsPage() {
  print("seed 000, a Rive intro whose file fires no end trigger (2.6 s), content ready at 1 s:")
  do {
    let scheduler = TestScheduler()
    let content = PassthroughSignal<Void, Never>()
    let seed000 = IntroCoordinator(.seed000(content: .signal(content), scheduler: scheduler))
    scheduler.schedule(after: .seconds(1)) { content.send() }
    seed000.start(reduceMotion: false) { print("  \($0)") }
    scheduler.advance(by: .seconds(4))
  }

  print("seed 002, staged: .firstStep at once, .secondStep after 1 s, .finished after 1 s more:")
  let scheduler = TestScheduler()
  let stages = IntroCoordinator(
    IntroConfiguration(
      animation: .playback(IntroStagesSignal(firstDelay: .seconds(1), secondDelay: .seconds(1), on: scheduler)),
      timeout: .seconds(3), scheduler: scheduler))
  stages.start(reduceMotion: false) { print("  \($0)") }
  for _ in 0..<3 {
    print("  at \(scheduler.now): stage \(stages.progress(as: IntroStage.self).map { "\($0)" } ?? "none")")
    scheduler.advance(by: .seconds(1))
  }

  print("seed 003, the letter wave over \"Loading your portfolio...\", two loops at 0.1 s:")
  let text = "Loading your portfolio..."
  let waveScheduler = TestScheduler()
  let wave = IntroCoordinator(
    IntroConfiguration(
      animation: .playback(LetterWaveSignal(text: text, on: waveScheduler)), timeout: .seconds(6),
      scheduler: waveScheduler))
  wave.start(reduceMotion: false) { print("  \($0)") }
  for _ in 0..<3 {
    if let position = wave.progress(as: LetterWave.self) {
      let letters = text.enumerated().map { index, letter in index == position.index ? letter.uppercased() : "\(letter)"
      }
      print("  \(letters.joined()) \(position)")
    }
    waveScheduler.advance(by: .milliseconds(100))
  }
  waveScheduler.advance(by: .seconds(6))
}
