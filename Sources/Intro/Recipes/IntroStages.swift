import Signals

/// A stage of seed 002's splash: `.firstStep → .secondStep → .finished`.
public enum IntroStage: String, Sendable, Hashable, CaseIterable {
  /// The first animation runs (at once).
  case firstStep
  /// The second animation runs (after the first delay).
  case secondStep
  /// The splash is done (after the second delay); then the signal finishes.
  case finished
}

/// Seed 002's staged splash as a playback: `.firstStep` at once, `.secondStep` after `firstDelay`,
/// `.finished` after `secondDelay` more, then the signal finishes (which ends the animation).
///
/// <!-- setup
/// import SignalsTesting
/// -->
/// ```swift
/// let scheduler = TestScheduler()
/// let stages = IntroStagesSignal(firstDelay: .seconds(1), secondDelay: .seconds(1), on: scheduler)
/// let animation = IntroAnimation.playback(stages)  // ends at 2 s; the stage is the coordinator's progress
/// ```
///
/// Built from public operators: `JustSignal(.firstStep)` followed by two `AfterSignal`s. Each
/// subscription starts its own clock. A negative delay counts as zero.
public struct IntroStagesSignal: Signal {
  /// The stages.
  public typealias Output = IntroStage
  /// The stages cannot fail.
  public typealias Failure = Never

  /// The time from `.firstStep` to `.secondStep`.
  public let firstDelay: Duration
  /// The time from `.secondStep` to `.finished`.
  public let secondDelay: Duration
  private let stages:
    ConcatenateSignal<ConcatenateSignal<JustSignal<IntroStage>, AfterSignal<IntroStage>>, AfterSignal<IntroStage>>

  /// The stages on `scheduler`, with the two delays.
  public init(firstDelay: Duration, secondDelay: Duration, on scheduler: any SignalScheduler) {
    self.firstDelay = firstDelay
    self.secondDelay = secondDelay
    stages = JustSignal(IntroStage.firstStep)
      .append(AfterSignal(firstDelay, value: .secondStep, on: scheduler))
      .append(AfterSignal(secondDelay, value: .finished, on: scheduler))
  }

  /// Delivers the stages to `observer`, starting now.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == IntroStage, Observer.Failure == Never {
    stages.subscribe(observer)
  }
}
