// One downstream, many upstream threads: the engine of the combining operators
// (merge, race, combineLatest, zip, flatMap, switchToLatest, prefix(untilOutputFrom:)).
//
// It reuses the subjects' drainer idea (see SubjectCore.swift): an upstream
// whose transition produces an event and finds no delivery in progress becomes
// the drainer; it delivers the event, then whatever other threads (or a
// reentrant downstream) queued meanwhile, until the queue is empty. Anyone who
// finds a delivery in progress queues the event and returns. So:
//
// - serial delivery: the downstream never receives two events at once;
// - reentrancy: an observer that sends into an upstream of the operator it
//   observes gets the nested event after the current one; no deadlock, and the
//   stack does not grow with the nesting depth;
// - exactly one terminal event: the first terminal a transition emits ends the
//   operator under the lock; afterwards every transition is refused and the
//   upstreams are answered `stop`;
// - no event after the terminal or after `cancel()` (on the delivering thread;
//   from another thread an event already being delivered finishes);
// - no lock held while calling out: the downstream, upstream subscriptions and
//   released user objects are all touched after unlocking.
//
// The operator's own state machine lives in the same lock (one lock per
// operator), so the fast path of a value is two uncontended lock round-trips:
// one to run the transition and claim the delivery, one to find the queue empty.

/// Serializes the events of several upstreams into one downstream observer.
/// `@unchecked Sendable`: all mutable state is inside `state`, a `Locked`.
@usableFromInline
final class Serializer<Downstream: SignalObserver, Machine: SerialMachine>: SpecializedTarget,
  @unchecked Sendable
{
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure
  @usableFromInline typealias State = SerialState<Downstream, Machine>

  @usableFromInline
  let state: Locked<State>

  @inlinable
  init(downstream: Downstream, machine: Machine) {
    state = Locked(State(downstream: downstream, machine: machine))
    // Cancelling runs this specialized `cancel()`, not the generic witness (see SpecializedTarget.swift).
    super.init { target, _ in unsafeDowncast(target, to: Serializer.self).cancel() }
  }

  /// The subscription handed to the downstream: cancelling it ends the operator.
  @inlinable
  var subscription: SignalSubscription {
    SignalSubscription(target: self, id: 0)
  }

  /// Runs `transition` under the lock (it must not call user code), then sends
  /// the event it emits, serially. Answers whether the calling upstream should go on.
  @inlinable
  func transact(_ transition: (inout State) -> SerialStep<Output, Failure>) -> SignalControl {
    // Results go to locals, not a tuple returned through `withLock` (generic value witnesses).
    var claimedDownstream: Downstream?
    var claimedEvent: Event<Output, Failure>?
    var hasGarbage = false
    let control = state.withLock { state -> SignalControl in
      guard !state.isEnded else {
        hasGarbage = state.hasGarbage
        return .stop
      }
      let step = transition(&state)
      var control = SignalControl.continue
      switch step {
      case .none:
        break
      case .stopUpstream:
        control = .stop
      case .emit(let event):
        if state.isDelivering {
          state.pending.append(event)
        } else if let downstream = state.downstream {
          state.isDelivering = true
          claimedDownstream = downstream
          claimedEvent = event
        }
        if event.isTerminal { state.end(discardingPending: false) }
      case .emitThenEnd(let value, let completion):
        if state.isDelivering {
          state.pending.append(.value(value))
        } else if let downstream = state.downstream {
          state.isDelivering = true
          claimedDownstream = downstream
          claimedEvent = .value(value)
        }
        state.pending.append(Event(completion))
        state.end(discardingPending: false)
      }
      if state.isEnded { control = .stop }
      hasGarbage = state.hasGarbage
      return control
    }
    if hasGarbage { disposeGarbage() }
    guard let downstream = claimedDownstream, let event = claimedEvent else { return control }
    return drain(downstream, startingWith: event)
  }

  /// Sends `event` downstream serially, with no state change. The hot path of a value.
  @inlinable
  func send(_ event: Event<Output, Failure>) -> SignalControl {
    transact { _ in .emit(event) }
  }

  /// Delivers `first`, then the events queued meanwhile, to `downstream` until the queue is empty.
  @inlinable
  func drain(_ downstream: Downstream, startingWith first: Event<Output, Failure>) -> SignalControl {
    var event = first
    while true {
      let answer = downstream.receive(event)
      var isEnded = false
      var hasGarbage = false
      let next = state.withLock { state -> Event<Output, Failure>? in
        if answer == .stop && !event.isTerminal {
          state.end(discardingPending: true)
        }
        isEnded = state.isEnded
        hasGarbage = state.hasGarbage
        guard let next = state.pending.popFirst() else {
          state.isDelivering = false
          return nil
        }
        return next
      }
      if hasGarbage { disposeGarbage() }
      guard let following = next else { return isEnded ? .stop : .continue }
      event = following
    }
  }

  /// Reserves slots for the upstreams about to be subscribed. Returns false if the operator already ended.
  @inlinable
  func reserve<Keys: Sequence<UInt64>>(_ keys: Keys) -> Bool {
    state.withLock { state in
      guard !state.isEnded else { return false }
      state.reserve(keys)
      return true
    }
  }

  /// Whether the reserved slot `key` still waits for its upstream's subscription: the operator has not
  /// ended and the slot was not dropped meanwhile (a race already decided).
  ///
  /// An operator's face subscribes its upstreams itself, between this and ``keep(_:key:)``: a generic
  /// engine function that subscribed them would appear once per combining operator of a chain with a
  /// growing observer type, and the compiler's specializer gives up at the third (the Engines article,
  /// rule 14).
  @inlinable
  func isWaiting(for key: UInt64) -> Bool {
    state.withLock { state in !state.isEnded && state.upstreams.isReserved(key) }
  }

  /// Keeps `subscription` in the reserved slot `key`; cancels it at once if the operator ended or the slot
  /// was dropped meanwhile.
  @inlinable
  func keep(_ subscription: SignalSubscription, key: UInt64) {
    let isKept = state.withLock { state in
      !state.isEnded && state.upstreams.activate(key, with: subscription)
    }
    if !isKept { subscription.cancel() }
  }

  /// Subscribes `observer` to `upstream` in the reserved slot `key`, unless the operator ended or the slot
  /// was dropped meanwhile: for observers that subscribe inner signals as they arrive.
  @inlinable
  func subscribe<Upstream: Signal, Observer: SignalObserver>(_ upstream: Upstream, key: UInt64, with observer: Observer)
  where Upstream.Output == Observer.Input, Upstream.Failure == Observer.Failure {
    guard isWaiting(for: key) else { return }
    keep(upstream.subscribe(observer), key: key)
  }

  /// Ends the operator from the downstream side: no more events, every upstream cancelled.
  @inlinable
  func cancel() {
    state.withLock { $0.end(discardingPending: true) }
    disposeGarbage()
  }

  /// Releases and cancels, after unlocking, what an ending or a decided race left in the state. The hot
  /// paths only note under their lock that there is some and call this after unlocking (a second lock
  /// round-trip, on the rare path): carrying the garbage out as an optional generic value would cost its
  /// value witnesses on every event (W3: about 300 instructions per value).
  @inlinable
  func disposeGarbage() {
    let garbage = state.withLock { $0.takeGarbage() }
    garbage?.dispose()
  }
}
