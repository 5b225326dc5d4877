// The race engine, for both faces (`race(with:)` of two signals, `RaceSignal` of an array): contestants are
// numbered in subscription order. The winner is decided under the lock, and from then on only the winner
// reaches the downstream, through the engines' one drainer (`SerialDelivery`: serial, reentrant events after
// the current one, the downstream moved out while delivering); the others are answered `stop`. So the whole
// race is one `Locked` (one allocation, also what its subscription cancels), and the queue of events is
// only for a winner that sends during its own delivery: empty and unallocated otherwise.
//
// A capability: contestant 1 that is one scheduled value (`Signal._scheduledValue`, an `AfterSignal`: the
// intro's fixed length, a safety timeout) is run by the race itself, as a timer whose action delivers the
// value and then `finished` straight to the race. It has the events and cancellation of a subscribed
// `AfterSignal`, without a subscription of its own (one allocation and two lock round trips less per race).

/// What the race keeps of its contestants, to cancel them, by number: the first two inline (a race of two
/// allocates nothing for them).
@usableFromInline
struct RaceEntries: Sendable {
  @usableFromInline var first: SignalSubscriptionHandle?
  @usableFromInline var second: SignalSubscriptionHandle?
  /// Contestant 1, when the race runs it as a timer: the timer's action.
  @usableFromInline var timer: SignalScheduledAction?
  /// Contestants 2 and later.
  @usableFromInline var others: [SignalSubscriptionHandle?]

  @inlinable
  init(count: Int) {
    others = count > 2 ? Array(repeating: nil, count: count - 2) : []
  }

  @inlinable
  mutating func put(_ handle: consuming SignalSubscriptionHandle, at index: Int) {
    switch index {
    case 0: first = handle
    case 1: second = handle
    default: others[index - 2] = handle
    }
  }

  /// Takes every entry out but `kept`'s, into `taken` (released and cancelled after unlocking).
  @inlinable
  mutating func takeAll(except kept: Int?, into taken: inout RaceEntries) {
    if kept != 0 { taken.first = first.take() }
    if kept != 1 {
      taken.second = second.take()
      taken.timer = timer.take()
    }
    guard !others.isEmpty else { return }
    for index in others.indices where kept != index + 2 { taken.others.append(others[index].take()) }
  }

  /// Cancels every entry (taking it out); `scheduler` is the timer's, when there is a timer.
  @inlinable
  mutating func cancelAll(timerOn scheduler: SchedulerReference?) {
    first.take()?.cancel()
    second.take()?.cancel()
    if let timer = timer.take(), let scheduler { scheduler.cancel(timer) }
    guard !others.isEmpty else { return }
    for index in others.indices { others[index].take()?.cancel() }
  }
}

/// The state of one race subscription.
@usableFromInline
struct RaceState<Downstream: SignalObserver> {
  /// The winner's deliveries (see `SerialDelivery`): ended once the race ended (a terminal event, `stop`, or
  /// cancel).
  @usableFromInline var delivery: SerialDelivery<Downstream>
  /// The winning contestant's number, once one sent an event.
  @usableFromInline var winner: Int?
  @usableFromInline var entries: RaceEntries
  /// Contestant 1, when the race runs it as a timer (`RaceCore.connectTimer(_:)`): its value and scheduler.
  @usableFromInline let timer: _ScheduledValue<Downstream.Input>?

  @inlinable
  init(downstream: Downstream, contestants: Int, timer: _ScheduledValue<Downstream.Input>?) {
    self.delivery = SerialDelivery(downstream)
    self.entries = RaceEntries(count: contestants)
    self.timer = timer
  }

  /// Whether contestant `index`'s entry is kept: the race goes on, and `index` has not lost.
  @inlinable
  func keeps(_ index: Int) -> Bool {
    !delivery.isEnded && (winner == nil || winner == index)
  }

  /// Takes every entry out but `kept`'s, into `taken`; answers the timer's scheduler if the timer was taken.
  @inlinable
  mutating func takeEntries(except kept: Int?, into taken: inout RaceEntries) -> SchedulerReference? {
    entries.takeAll(except: kept, into: &taken)
    return taken.timer == nil ? nil : timer?.scheduler
  }
}

/// One race subscription.
@usableFromInline
struct RaceCore<Downstream: SignalObserver>: Sendable {
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let state: Locked<RaceState<Downstream>>

  @inlinable
  init(downstream: Downstream, contestants: Int, timer: _ScheduledValue<Output>? = nil) {
    self.state = Locked(RaceState(downstream: downstream, contestants: contestants, timer: timer))
  }

  /// The handle handed downstream: cancels the race, capture-free.
  @inlinable
  var handle: SignalSubscriptionHandle {
    SignalSubscriptionHandle(object: state.storage, id: 0) { storage, _ in
      RaceCore.cancel(LockStorage.unsafeCast(storage))
    }
  }

  /// Keeps `subscription`, contestant `index`'s (its `RaceContestantObserver`'s); answers whether the
  /// race is still undecided, that is, whether the next contestant should be subscribed.
  ///
  /// The faces subscribe the contestants themselves: a generic engine function that subscribed them
  /// would appear once per race of a chain with a growing observer type, and the compiler's specializer
  /// gives up at the third (the Engines article, rule 14).
  @inlinable
  func keep(_ subscription: consuming SignalSubscriptionHandle, index: Int) -> Bool {
    // Moved, not copied, into the state (a copy retains and releases the handle's references).
    var moving = Optional(subscription)
    let undecided = state.withLock { state -> Bool in
      guard state.keeps(index) else { return false }
      state.entries.put(moving.take()!, at: index)
      return state.winner == nil
    }
    moving?.cancel()  // not kept
    return undecided
  }

  /// The observer for contestant `index`.
  @inlinable
  func observer(_ index: Int) -> RaceContestantObserver<Downstream> {
    RaceContestantObserver(core: self, index: index)
  }

  /// Runs contestant 1, `timer` (which the state also holds), as a timer: what a subscribed `AfterSignal`
  /// would do, without a subscription of its own. The timer's action delivers the value and then
  /// `finished`, unless the value ended the race; the contestant's entry cancels the timer.
  @inlinable
  func connectTimer(_ timer: borrowing _ScheduledValue<Output>) {
    let action = timer.scheduler.schedule(after: timer.delay) { timerFired() }
    let kept = state.withLock { state -> Bool in
      guard state.keeps(1) else { return false }
      state.entries.timer = action
      return true
    }
    if !kept { timer.scheduler.cancel(action) }
  }

  /// Contestant 1's timer fired: its value, then `finished` (refused once the race ended).
  @inlinable
  func timerFired() {
    guard receive(nil, from: 1) == .continue else { return }
    _ = receive(.finished, from: 1)
  }

  /// An event from contestant `index`: the first one decides the race; the losers' events are refused.
  @inlinable
  func receive(_ event: Event<Output, Failure>, from index: Int) -> SignalControl {
    receive(.some(event), from: index)
  }

  /// `receive(_:from:)`, where `nil` is the value of the timer run by the race (read under the lock).
  @inlinable
  func receive(_ incoming: Event<Output, Failure>?, from index: Int) -> SignalControl {
    var event = incoming
    var losers = RaceEntries(count: 0)
    var losersTimer: SchedulerReference?
    var deliverer: Downstream?
    let accepted = state.withLock { state -> Bool in
      guard state.delivery.isOpen else { return false }
      if case .none = event { event = .value(state.timer.unsafelyUnwrapped.value) }
      if state.winner == nil {
        state.winner = index
        losersTimer = state.takeEntries(except: index, into: &losers)
      } else if state.winner != index {
        return false
      }
      // Queued behind the winner's own delivery when it sends reentrantly.
      state.delivery.post(event.unsafelyUnwrapped, claiming: &deliverer)
      return true
    }
    guard accepted, let event else { return .stop }
    guard deliverer != nil else { return event.isTerminal ? .stop : .continue }
    losers.cancelAll(timerOn: losersTimer)
    let drained = state.storage.drain(
      event,
      deliver: { event in
        // Called in place: binding the downstream to a constant would retain it.
        deliverer.unsafelyUnwrapped.receive(event) == .continue && !event.isTerminal
      },
      next: { $0.delivery.next(returning: &deliverer) })
    guard drained else {
      // The winner is answered `stop` (or just ended): it ends by itself, so its entry is only let go.
      Self.cancel(state.storage, sparing: index)
      return .stop
    }
    // Cancelled meanwhile: `deliverer` kept the downstream, released here, outside the lock.
    return deliverer == nil ? .continue : .stop
  }

  /// Ends the race whose storage is `storage`, only borrowed (a canceller's guaranteed reference):
  /// nothing more is delivered, and every contestant is cancelled, except `spared`, which is answered
  /// `stop` and ends by itself (the `SignalControl/stop` contract). Cancelling retains nothing.
  @inlinable
  static func cancel(_ storage: LockStorage<RaceState<Downstream>>, sparing spared: Int? = nil) {
    // Taken into locals (a tuple returned through `withLock` goes through generic value witnesses).
    var downstream: Downstream?
    var pending = EventQueue<Event<Output, Failure>>()
    let rivalsLeft = storage.withLock { state -> Bool in
      _ = state.delivery.end(releasing: &downstream, &pending)
      // The winner's rivals were cancelled when it won: when it is the one spared, nothing is left to
      // cancel (the common ending, so it takes no second lock round trip).
      return spared == nil || state.winner != spared
    }
    _ = (downstream, pending)  // released here, outside the lock
    if rivalsLeft { cancelEntries(storage, except: spared) }
  }

  /// Cancels every contestant's entry but `spared`'s.
  @inlinable
  static func cancelEntries(_ storage: LockStorage<RaceState<Downstream>>, except spared: Int?) {
    var entries = RaceEntries(count: 0)
    var timerScheduler: SchedulerReference?
    storage.withLock { state in timerScheduler = state.takeEntries(except: spared, into: &entries) }
    entries.cancelAll(timerOn: timerScheduler)
  }
}

/// Receives contestant `index`'s events.
@usableFromInline
struct RaceContestantObserver<Downstream: SignalObserver>: SignalObserver {
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
}
