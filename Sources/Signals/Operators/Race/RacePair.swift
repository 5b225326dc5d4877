extension Signal {
  /// Mirrors whichever of this signal and `other`, a signal of another type, sends its first event first.
  ///
  /// ```swift
  /// let animationEnded = endTrigger.map { IntroEnd.completed }
  ///   .race(with: AfterSignal(.seconds(2.6), value: IntroEnd.completed, on: scheduler))
  /// ```
  ///
  /// The same race as ``race(with:)->RaceSignal<Self>``, without erasing either side to an
  /// ``AnySignal`` first: the first event of any kind wins, the loser is cancelled at once, and
  /// if this signal sends while being subscribed, `other` is never subscribed.
  @inlinable
  public func race<Other: Signal>(with other: Other) -> RacePairSignal<Self, Other>
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

  /// The first contestant, subscribed first.
  public let first: First
  /// The second contestant.
  public let second: Second

  /// Races `first` and `second`.
  @inlinable
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  /// Subscribes `observer` to the winner's events.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    .make(_subscribeHandle(observer))
  }

  /// Subscribes `observer` for another operator; see `Signal._subscribeHandle(_:)`.
  @inlinable
  public func _subscribeHandle<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure {
    let core = RacePairCore(downstream: observer)
    if core.connect(.first, first._subscribeHandle(RacePairObserver(core: core, side: .first))) {
      _ = core.connect(.second, second._subscribeHandle(RacePairObserver(core: core, side: .second)))
    }
    return SignalSubscriptionHandle(object: core.state.storage, id: 0) { storage, _ in
      RacePairCore<Observer>(state: Locked(unsafeStorage: storage)).cancel()
    }
  }
}

// A race of two needs no event queue: the winner is decided under the lock, and from then on only the
// winner, which delivers serially itself, reaches the downstream; the loser is answered `stop`. So the
// whole operator is one `Locked` (one allocation) and a value costs one lock round trip.

/// One of the two contestants of a ``RacePairSignal``.
@usableFromInline
enum RacePairSide: Sendable {
  case first
  case second
}

/// The state of one `RacePairSignal` subscription.
@usableFromInline
struct RacePairState<Downstream: SignalObserver> {
  /// `nil` once the race ended (a terminal event, `stop`, or cancel).
  @usableFromInline var downstream: Downstream?
  @usableFromInline var winner: RacePairSide?
  @usableFromInline var first: SignalSubscriptionHandle?
  @usableFromInline var second: SignalSubscriptionHandle?

  @inlinable
  init(downstream: Downstream) {
    self.downstream = downstream
  }

  /// Takes the loser's subscription, once `winner` is decided.
  @inlinable
  mutating func takeLoser() -> SignalSubscriptionHandle? {
    winner == .first ? second.take() : first.take()
  }
}

/// One `RacePairSignal` subscription; its `SignalSubscription` cancels the `Locked` storage.
@usableFromInline
struct RacePairCore<Downstream: SignalObserver>: Sendable {
  @usableFromInline let state: Locked<RacePairState<Downstream>>

  @inlinable
  init(state: Locked<RacePairState<Downstream>>) {
    self.state = state
  }

  @inlinable
  init(downstream: Downstream) {
    self.state = Locked(RacePairState(downstream: downstream))
  }

  /// Keeps `side`'s subscription, or cancels it if the race ended or `side` lost meanwhile. Answers
  /// whether the race is still undecided, that is, whether the other side should be subscribed.
  @inlinable
  func connect(_ side: RacePairSide, _ subscription: consuming SignalSubscriptionHandle) -> Bool {
    // Moved, not copied, into the state (a copy retains and releases the handle's references).
    var moving = Optional(subscription)
    let undecided = state.withLock { state -> Bool in
      guard state.downstream != nil else { return false }
      guard state.winner == nil || state.winner == side else { return false }
      if side == .first { state.first = moving.take() } else { state.second = moving.take() }
      return state.winner == nil
    }
    moving?.cancel()  // not kept
    return undecided
  }

  /// An event from `side`: the first one decides the race; the loser's events are refused.
  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>, from side: RacePairSide) -> SignalControl {
    var loser: SignalSubscriptionHandle?
    let claimed = state.withLock { state -> Downstream? in
      guard let downstream = state.downstream else { return nil }
      if state.winner == nil {
        state.winner = side
        loser = state.takeLoser()
      } else if state.winner != side {
        return nil
      }
      return downstream
    }
    guard let downstream = claimed else { return .stop }
    loser?.cancel()
    let answer = downstream.receive(event)
    if event.isTerminal || answer == .stop {
      // `side` is answered `stop` (or just ended): it ends by itself, so its subscription is only let go.
      cancel(sparing: side)
      return .stop
    }
    return answer
  }

  /// Ends the race: nothing more is delivered, and both contestants are cancelled, except `spared`, which
  /// is answered `stop` and ends by itself (the `SignalControl/stop` contract).
  @inlinable
  func cancel(sparing spared: RacePairSide? = nil) {
    // Taken into locals (a tuple returned through `withLock` goes through generic value witnesses).
    var downstream: Downstream?
    var first: SignalSubscriptionHandle?
    var second: SignalSubscriptionHandle?
    state.withLock { state in
      downstream = state.downstream.take()
      first = state.first.take()
      second = state.second.take()
    }
    _ = downstream  // released here, outside the lock
    if spared != .first { first?.cancel() }
    if spared != .second { second?.cancel() }
  }
}

/// Receives one contestant's events.
@usableFromInline
struct RacePairObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let core: RacePairCore<Downstream>
  @usableFromInline let side: RacePairSide

  @inlinable
  init(core: RacePairCore<Downstream>, side: RacePairSide) {
    self.core = core
    self.side = side
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    core.receive(event, from: side)
  }
}
