extension Signal {
  /// Mirrors whichever of this signal and `other`, a signal of another type, sends its first event first.
  ///
  /// <!-- setup
  /// enum IntroEnd: Sendable { case completed, timedOut }
  /// let endTrigger = PassthroughSignal<Void, Never>()
  /// let scheduler = DispatchSignalScheduler.main
  /// -->
  /// ```swift
  /// let animationEnded = endTrigger.map { IntroEnd.completed }
  ///   .race(with: AfterSignal(.seconds(2.6), value: IntroEnd.completed, on: scheduler))
  /// ```
  ///
  /// The same race as ``race(with:)->RaceSignal<Self>``, without erasing either side to an
  /// ``AnySignal`` first: the first event of any kind wins, the loser is cancelled at once, and
  /// if this signal sends while being subscribed, `other` is never subscribed.
  @inlinable
  public consuming func race<Other: Signal>(with other: consuming Other) -> RacePairSignal<Self, Other>
  where Other.Output == Output, Other.Failure == Failure {
    RacePairSignal(self, other)
  }
}

/// A race between two signals of different types. See ``Signal/race(with:)->RacePairSignal<Self,Other>``.
///
/// Behaves exactly as a ``RaceSignal`` of the two: the first event of any kind decides the
/// winner, the loser is cancelled at once, and the second signal is not subscribed if the first
/// one sends while being subscribed.
public struct RacePairSignal<First: Signal, Second: Signal>: Signal
where Second.Output == First.Output, Second.Failure == First.Failure {
  /// The signals' output type.
  public typealias Output = First.Output
  /// The signals' failure type.
  public typealias Failure = First.Failure

  /// The first contestant, subscribed first. (Not named `first`: that is the `first()` operator, and a
  /// property of the same name makes a failing chain's diagnostics point at it.)
  public let firstContestant: First
  /// The second contestant.
  public let secondContestant: Second

  /// Races `first` and `second`.
  @inlinable
  public init(_ first: First, _ second: Second) {
    self.firstContestant = first
    self.secondContestant = second
  }

  /// Subscribes `observer` to the winner's events.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let core = RaceCore(downstream: observer)
    firstContestant.subscribe(keeping: core.observer(0))
    if core.isUndecided { secondContestant.subscribe(keeping: core.observer(1)) }
    return .handing(core.handle, to: observer)
  }
}

extension RacePairSignal: HandsOverSubscription {}
