import Signals

/// Where a letter wave is: the highlighted letter and the loop it is in.
public struct LetterWave: Sendable, Hashable, CustomStringConvertible {
  /// The index of the highlighted character.
  public var index: Int
  /// The loop, from 0.
  public var loop: Int

  /// A position of the wave.
  public init(index: Int, loop: Int) {
    self.index = index
    self.loop = loop
  }

  /// `(3, 1)`.
  public var description: String { "(\(index), \(loop))" }
}

/// A letter wave: the letters of `text` are highlighted one at a time on a timer, for `loops` loops, then
/// the signal finishes. As an intro's animation: ``IntroAnimation/letterWave(text:interval:loops:)``.
///
/// Exactly as the "Loading your portfolio..." launch view it comes from: on subscribe, `(0, 0)`; tick `k` of
/// the timer (1 ≤ k < loops·n, n the number of characters) emits `(k mod n, k / n)`; tick `loops·n` emits
/// nothing and finishes (the view dismissed itself on that tick and never drew `(0, loops)`). Two loops
/// over its 25 characters at 0.1 s: 50 values (the first on subscribe), finished at 5.0 s. Built from public
/// operators: a `TimerSignal` (drift-free), `prefix(while:)`, `map` and `prepend`.
///
/// <!-- setup
/// import SignalsTesting
/// -->
/// ```swift
/// let scheduler = TestScheduler()
/// let wave = LetterWaveSignal(text: "Loading your portfolio...", on: scheduler)
/// let token = wave.sink { position in print(position) }  // (0, 0), (1, 0), … until 5.0 s
/// ```
public struct LetterWaveSignal: Signal {
  /// The wave's positions.
  public typealias Output = LetterWave
  /// The wave cannot fail.
  public typealias Failure = Never

  /// The text whose letters are highlighted.
  public let text: String
  /// The time between two letters.
  public let interval: Duration
  /// The number of loops.
  public let loops: Int
  private let wave: PrependSignal<MapSignal<PrefixWhileSignal<TimerSignal>, LetterWave>, [LetterWave]>

  /// The wave over `text` on `scheduler`.
  ///
  /// - Precondition: `text` is not empty, `interval` is positive and `loops` is at least 1 (messages start
  ///   with "Signals:").
  public init(
    text: String, interval: Duration = .milliseconds(100), loops: Int = 2, on scheduler: any SignalScheduler
  ) {
    if let problem = Self.problem(text: text, interval: interval, loops: loops) { preconditionFailure(problem) }
    self.text = text
    self.interval = interval
    self.loops = loops
    let count = text.count
    let last = loops * count
    wave = TimerSignal(every: interval, on: scheduler)
      .prefix(while: { $0 < last })
      .map { LetterWave(index: $0 % count, loop: $0 / count) }
      .prepend(LetterWave(index: 0, loop: 0))
  }

  /// How long the wave lasts: `loops · n · interval`.
  public var duration: Duration { interval * (loops * text.count) }

  /// Delivers the wave to `observer`, starting now.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == LetterWave, Observer.Failure == Never {
    wave.subscribe(observer)
  }

  /// Why the arguments are refused, or `nil` when they are fine. Backs the precondition.
  package static func problem(text: String, interval: Duration, loops: Int) -> String? {
    if text.isEmpty { return "Signals: LetterWaveSignal: the text is empty" }
    if interval <= .zero { return "Signals: LetterWaveSignal: the interval must be positive (\(interval))" }
    if loops < 1 { return "Signals: LetterWaveSignal: loops must be at least 1 (\(loops))" }
    return nil
  }
}

extension IntroAnimation where Progress == LetterWave {
  /// A letter wave over `text` as the animation: ``LetterWaveSignal`` on the coordinator's scheduler, its
  /// position the progress; it ends when the wave finishes, after its stated length `loops · n · interval`
  /// (5.0 s for "Loading your portfolio..." at the defaults), which the timeout must cover.
  ///
  /// - Precondition: as ``LetterWaveSignal``'s (checked with the configuration).
  public static func letterWave(text: String, interval: Duration = .milliseconds(100), loops: Int = 2) -> Self {
    let problem = LetterWaveSignal.problem(text: text, interval: interval, loops: loops)
    return Self(
      source: { scheduler, send in
        LetterWaveSignal(text: text, interval: interval, loops: loops, on: scheduler).observe {
          send(.playback(IntroEvent(erasing: $0)))
        }
      }, length: nil, knownLength: (interval * (loops * text.count), "letter wave's length"),
      problem: problem.map { "a bad letter wave: \($0)" }, end: .configured("the letter wave's end"), isPlayback: true,
      initialProgress: LetterWave(index: 0, loop: 0))
  }
}
