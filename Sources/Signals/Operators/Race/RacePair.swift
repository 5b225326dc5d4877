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
  ///
  /// Racing against an ``AfterSignal`` (a fixed length, a safety timeout) costs no subscription of its own:
  /// the race runs that timer itself, with the same events and cancellation as a subscribed `AfterSignal`.
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
    .make(_subscribeHandle(observer))
  }

  /// Subscribes `observer` for another operator; see `Signal._subscribeHandle(_:)`.
  @inlinable
  public func _subscribeHandle<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure {
    // A one-shot timer as the second contestant (the intro's "animation end vs fixed length") is run by
    // the race itself: its timer delivers the value straight to the race, and cancelling the timer is the
    // contestant's subscription. Resolved when specialized; see `RacePairCore.connectTimer(_:)`.
    let timer = secondContestant as? AfterSignal<Output>
    let core = RacePairCore(downstream: observer, timerValue: timer?.value)
    if core.connect(.first, firstContestant._subscribeHandle(RacePairObserver(core: core, side: .first))) {
      if let timer {
        core.connectTimer(timer)
      } else {
        _ = core.connect(.second, secondContestant._subscribeHandle(RacePairObserver(core: core, side: .second)))
      }
    }
    return SignalSubscriptionHandle(object: core.state.storage, id: 0) { storage, _ in
      RacePairCore<Observer>.cancel(LockStorage.unsafeCast(storage))
    }
  }
}

// The winner is decided under the lock, and from then on only the winner, which delivers serially
// itself, reaches the downstream; the loser is answered `stop`. So the whole operator is one `Locked` (one
// allocation), and the queue of events is only for a winner that sends during its own delivery (a source
// that delivers reentrantly): empty and unallocated otherwise. The winner takes the downstream out of the
// state for each delivery and puts it back afterwards, so a delivery retains nothing; a cancel meanwhile
// finds no downstream to release, and the winner, which then sees `ended`, releases it.

/// One of the two contestants of a ``RacePairSignal``.
@usableFromInline
enum RacePairSide: Sendable {
  case first
  case second
}

/// The state of one `RacePairSignal` subscription.
@usableFromInline
struct RacePairState<Downstream: SignalObserver> {
  /// Here while no delivery is in progress (the winner holds it meanwhile); `nil` once the race ended.
  @usableFromInline var downstream: Downstream?
  /// Set once the race ended: a terminal event, `stop`, or cancel.
  @usableFromInline var ended = false
  @usableFromInline var winner: RacePairSide?
  @usableFromInline var first: SignalSubscriptionHandle?
  @usableFromInline var second: SignalSubscriptionHandle?
  /// The winner's events sent during its own delivery, delivered after it in order.
  @usableFromInline var pending = PendingEvents<Downstream.Input, Downstream.Failure>()
  /// The value of a second contestant that is an `AfterSignal` run by the race (`connectTimer(_:)`).
  @usableFromInline let timerValue: Downstream.Input?

  @inlinable
  init(downstream: Downstream, timerValue: Downstream.Input?) {
    self.downstream = downstream
    self.timerValue = timerValue
  }

  /// The next queued event for the winner, which holds the downstream. When none is left, the delivery
  /// ends: the downstream moves back from `deliverer` into the state, unless the race ended meanwhile (then
  /// `deliverer` keeps it, to release it outside the lock).
  @inlinable
  mutating func next(returning deliverer: inout Downstream?) -> Event<Downstream.Input, Downstream.Failure>? {
    pending.next(ended: ended, returning: &deliverer, into: &downstream)
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
  init(downstream: Downstream, timerValue: Downstream.Input? = nil) {
    self.state = Locked(RacePairState(downstream: downstream, timerValue: timerValue))
  }

  /// Runs `timer`, whose value the state holds, as the second contestant: what `AfterSignal` would do for
  /// a `RacePairObserver`, without a subscription of its own (one allocation, two lock round trips and a
  /// few retains less per race). The timer's action delivers the value and then `finished`, unless the
  /// value ended the race; the contestant's subscription cancels the timer.
  @inlinable
  func connectTimer(_ timer: AfterSignal<Downstream.Input>) {
    let timing = timer.timing
    let handle = timing.scheduler.schedule(after: timing.duration) { timerFired() }
    _ = connect(.second, SignalSubscriptionHandle(cancelling: handle, on: timing))
  }

  /// The second contestant's timer fired: its value, then `finished` (refused once the race ended).
  @inlinable
  func timerFired() {
    guard receive(nil, from: .second) == .continue else { return }
    _ = receive(.finished, from: .second)
  }

  /// Keeps `side`'s subscription, or cancels it if the race ended or `side` lost meanwhile. Answers
  /// whether the race is still undecided, that is, whether the other side should be subscribed.
  @inlinable
  func connect(_ side: RacePairSide, _ subscription: consuming SignalSubscriptionHandle) -> Bool {
    // Moved, not copied, into the state (a copy retains and releases the handle's references).
    var moving = Optional(subscription)
    let undecided = state.withLock { state -> Bool in
      guard !state.ended else { return false }
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
    receive(.some(event), from: side)
  }

  /// `receive(_:from:)`, where `nil` is the value of the timer run by the race (read under the lock).
  @inlinable
  func receive(_ incoming: Event<Downstream.Input, Downstream.Failure>?, from side: RacePairSide) -> SignalControl {
    var event = incoming
    var loser: SignalSubscriptionHandle?
    var deliverer: Downstream?
    let accepted = state.withLock { state -> Bool in
      guard !state.ended else { return false }
      if case .none = event { event = .value(state.timerValue.unsafelyUnwrapped) }
      if state.winner == nil {
        state.winner = side
        loser = state.takeLoser()
      } else if state.winner != side {
        return false
      }
      if state.downstream == nil {
        // The winner's own delivery is in progress (it sent reentrantly): delivered after it.
        state.pending.append(event.unsafelyUnwrapped)
      } else {
        deliverer = state.downstream.take()
      }
      return true
    }
    guard accepted, var event else { return .stop }
    guard deliverer != nil else { return event.isTerminal ? .stop : .continue }
    loser.take()?.cancel()
    while true {
      // Called in place: binding the downstream to a constant would retain it.
      let answer = deliverer.unsafelyUnwrapped.receive(event)
      if event.isTerminal || answer == .stop {
        // `side` is answered `stop` (or just ended): it ends by itself, so its subscription is only let go.
        cancel(sparing: side)
        return .stop
      }
      // The downstream goes back into the state when nothing is queued, unless the race was cancelled
      // meanwhile (then `deliverer` keeps it, and it is released here, outside the lock).
      guard let next = state.withLock({ $0.next(returning: &deliverer) }) else {
        return deliverer == nil ? .continue : .stop
      }
      event = next
    }
  }

  /// Ends the race: nothing more is delivered, and both contestants are cancelled, except `spared`, which
  /// is answered `stop` and ends by itself (the `SignalControl/stop` contract).
  @inlinable
  func cancel(sparing spared: RacePairSide? = nil) {
    Self.cancel(state.storage, sparing: spared)
  }

  /// `cancel(sparing:)` of the race whose storage is `storage`, only borrowed (a canceller's guaranteed
  /// reference): cancelling retains nothing.
  @inlinable
  static func cancel(_ storage: LockStorage<RacePairState<Downstream>>, sparing spared: RacePairSide? = nil) {
    // Taken into locals (a tuple returned through `withLock` goes through generic value witnesses).
    var downstream: Downstream?
    var first: SignalSubscriptionHandle?
    var second: SignalSubscriptionHandle?
    var pending = PendingEvents<Downstream.Input, Downstream.Failure>()
    storage.withLock { state in
      state.ended = true
      downstream = state.downstream.take()
      first = state.first.take()
      second = state.second.take()
      pending = state.pending.removeAll()
    }
    _ = (downstream, pending)  // released here, outside the lock
    if spared != .first { first.take()?.cancel() }
    if spared != .second { second.take()?.cancel() }
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
