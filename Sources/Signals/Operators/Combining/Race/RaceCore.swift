// The race engine, for both faces (`race(with:)` of two signals, `RaceSignal` of an array): contestants are
// numbered in subscription order. The winner is decided under the lock, and from then on only the winner
// reaches the downstream, through the engines' one drainer (`SerialDelivery`: serial, reentrant events after
// the current one, the downstream moved out while delivering); the others are answered `stop`. The queue of
// events is only for a winner that sends during its own delivery.

/// The state of one race subscription.
@usableFromInline
struct RaceState<Downstream: SignalObserver> {
  /// The winner's deliveries (see `SerialDelivery`): ended once the race ended (a terminal event, `stop`, or
  /// cancel).
  @usableFromInline var delivery: SerialDelivery<Downstream>
  /// The winning contestant's number, once one sent an event.
  @usableFromInline var winner: Int?
  /// The contestants' subscriptions, by number.
  @usableFromInline var entries = Handles()

  @inlinable
  init(downstream: Downstream) {
    self.delivery = SerialDelivery(downstream)
  }

  /// Whether contestant `index`'s entry is kept: the race goes on, and `index` has not lost.
  @inlinable
  func keeps(_ index: Int) -> Bool {
    !delivery.isEnded && (winner == nil || winner == index)
  }

}

/// One race subscription.
@usableFromInline
struct RaceCore<Downstream: SignalObserver>: SubscriptionCore {
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let state: Locked<RaceState<Downstream>>

  @inlinable
  init(downstream: Downstream) {
    self.state = Locked(RaceState(downstream: downstream))
  }

  /// Keeps `subscription`, contestant `index`'s (its `RaceContestantObserver`'s), unless the race no longer
  /// wants it (then it is cancelled).
  @inlinable
  func keep(_ subscription: consuming SignalSubscriptionHandle, index: Int) {
    state.keep(subscription) { state, handle in
      if state.keeps(index) { state.entries.put(handle.take()!, at: index) }
    }
  }

  /// Whether no contestant has sent an event yet, and the race goes on: whether to subscribe the next.
  ///
  /// The faces subscribe the contestants themselves (the Engines article, rule 10).
  @inlinable
  var isUndecided: Bool {
    state.withLock { !$0.delivery.isEnded && $0.winner == nil }
  }

  /// The observer for contestant `index`.
  @inlinable
  func observer(_ index: Int) -> RaceContestantObserver<Downstream> {
    RaceContestantObserver(core: self, index: index)
  }

  /// An event from contestant `index`: the first one decides the race; the losers' events are refused.
  @inlinable
  func receive(_ event: Event<Output, Failure>, from index: Int) -> SignalControl {
    var losers = Handles()
    var deliverer: Downstream?
    let accepted = state.withLock { state -> Bool in
      guard state.delivery.isOpen else { return false }
      if state.winner == nil {
        state.winner = index
        state.entries.takeAll(except: index, into: &losers)
      } else if state.winner != index {
        return false
      }
      // Queued behind the winner's own delivery when it sends reentrantly.
      state.delivery.post(event, claiming: &deliverer)
      return true
    }
    guard accepted else { return .stop }
    guard deliverer != nil else { return event.isTerminal ? .stop : .continue }
    losers.cancelAll()
    let drained = state.storage.deliver(event, to: &deliverer) { $0.delivery.next(returning: &$1) }
    guard drained else {
      // The winner is answered `stop` (or just ended): it ends by itself, so its entry is only let go.
      Self.cancel(state, sparing: index)
      return .stop
    }
    // Cancelled meanwhile: `deliverer` kept the downstream, released here, outside the lock.
    return deliverer == nil ? .continue : .stop
  }

  /// Ends the race `state` is the state of: nothing more is delivered, and every contestant is cancelled,
  /// except `spared`, which is answered `stop` and ends by itself (the `SignalControl/stop` contract).
  @inlinable
  static func cancel(_ state: Locked<RaceState<Downstream>>, sparing spared: Int? = nil) {
    // Into locals (the Engines article, rule 5).
    var downstream: Downstream?
    var pending = EventQueue<Event<Output, Failure>>()
    let rivalsLeft = state.withLock { state -> Bool in
      _ = state.delivery.end(releasing: &downstream, &pending)
      // The winner's rivals were cancelled when it won: when it is the one spared, nothing is left to
      // cancel (the common ending, so it takes no second lock round trip).
      return spared == nil || state.winner != spared
    }
    _ = (downstream, pending)  // released here, outside the lock
    guard rivalsLeft else { return }
    var entries = Handles()
    state.withLock { $0.entries.takeAll(except: spared, into: &entries) }
    entries.cancelAll()
  }
}

/// Receives contestant `index`'s events, and keeps its subscription.
@usableFromInline
struct RaceContestantObserver<Downstream: SignalObserver>: UpstreamKeeper {
  @usableFromInline let core: RaceCore<Downstream>
  @usableFromInline let index: Int

  @inlinable
  init(core: RaceCore<Downstream>, index: Int) {
    self.core = core
    self.index = index
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    core.receive(event, from: index)
  }

  @inlinable
  @inline(__always)
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    core.keep(upstream, index: index)
  }
}

extension RaceState: SubscriptionState {
  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    RaceCore.cancel(state)
  }
}
