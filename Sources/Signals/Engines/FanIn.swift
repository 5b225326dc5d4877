// One downstream, many upstream threads: the engine of the combining operators
// (merge, race, combineLatest, zip, flatMap, switchToLatest, prefix(untilOutputFrom:)).
//
// It delivers through the engines' one drainer (SerialDelivery.swift): an upstream
// whose transition produces an event and finds no delivery in progress becomes
// the deliverer; it delivers the event, then whatever other threads (or a
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

/// Serializes the events of several upstreams into one downstream observer: its whole state in one
/// `Locked`, which is also what its subscription cancels.
@usableFromInline
struct FanIn<Downstream: SignalObserver, Machine: FanInMachine>: SubscriptionCore {
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure
  @usableFromInline typealias State = FanInState<Downstream, Machine>

  @usableFromInline
  let state: Locked<State>

  @inlinable
  init(downstream: consuming Downstream, machine: consuming Machine) {
    state = Locked(State(downstream: downstream, machine: machine))
  }

  /// Runs `transition` under the lock (it must not call user code), then sends
  /// the event it emits, serially. Answers whether the calling upstream should go on.
  @inlinable
  func transact(_ transition: (inout State) -> FanInStep<Output, Failure>) -> SignalControl {
    // Into locals (the Engines article, rule 5).
    var deliverer: Downstream?
    var claimed: Event<Output, Failure>?
    var hasCleanup = false
    let control = state.withLock { state -> SignalControl in
      guard !state.isEnded else {
        hasCleanup = state.hasCleanup
        return .stop
      }
      switch transition(&state) {
      case .none:
        break
      case .stopUpstream:
        hasCleanup = state.hasCleanup
        return .stop
      case .emit(let event):
        state.delivery.post(event, claiming: &deliverer)
        if deliverer != nil { claimed = event }
        if event.isTerminal { state.end(discardingPending: false) }
      case .emitThenEnd(let value, let completion):
        state.delivery.post(.value(value), claiming: &deliverer)
        if deliverer != nil { claimed = .value(value) }
        state.delivery.post(Event(completion), claiming: &deliverer)
        state.end(discardingPending: false)
      }
      hasCleanup = state.hasCleanup
      return state.isEnded ? .stop : .continue
    }
    if hasCleanup { cleanUp() }
    guard deliverer != nil, let event = claimed else { return control }
    return drain(event, from: &deliverer)
  }

  /// Sends `event` downstream serially, with no state change. The hot path of a value.
  @inlinable
  func send(_ event: Event<Output, Failure>) -> SignalControl {
    transact { _ in .emit(event) }
  }

  /// Delivers `first` to the downstream the caller claimed into `deliverer`, then the events queued
  /// meanwhile, through the engines' one drain loop.
  @inlinable
  func drain(_ first: Event<Output, Failure>, from deliverer: inout Downstream?) -> SignalControl {
    var isEnded = false
    var hasCleanup = false
    var answer = SignalControl.continue
    var delivered = first
    _ = state.storage.drain(
      first,
      deliver: { event in
        if hasCleanup {
          hasCleanup = false
          cleanUp()
        }
        answer = deliverer!.receive(event)
        delivered = event
        return true
      },
      next: { state in
        // A terminal event delivered, or `stop`: delivery ends (the deliverer lets go of the downstream).
        if answer == .stop || delivered.isTerminal { state.end(discardingPending: true) }
        isEnded = state.isEnded
        hasCleanup = state.hasCleanup
        return state.delivery.next(returning: &deliverer)
      })
    if hasCleanup { cleanUp() }
    return isEnded ? .stop : .continue
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
  /// An operator's face subscribes its upstreams itself, after this (the Engines article, rule 10).
  @inlinable
  func isWaiting(for key: UInt64) -> Bool {
    state.withLock { state in !state.isEnded && state.upstreams.isReserved(key) }
  }

  /// Keeps `subscription`, an upstream's handle, in the reserved slot `key`; cancels it at once if the
  /// operator ended or the slot was dropped meanwhile.
  @inlinable
  func keep(_ subscription: consuming SignalSubscriptionHandle, key: UInt64) {
    state.keep(subscription) { state, handle in
      if !state.isEnded { state.upstreams.activate(key, with: &handle) }
    }
  }

  /// The subscription of an operator of several upstreams of one type (`merge`, `combineLatest`, `zip`):
  /// every slot reserved, then each upstream subscribed in the slot of its index, through the observer
  /// `observer` makes for it; the handle, handed to `downstream`. An empty array finishes at once.
  ///
  /// Always inlined (it subscribes an upstream: the Engines article, rule 10).
  @inlinable
  @inline(__always)
  static func subscribe<Upstream: Signal, UpstreamObserver: UpstreamKeeper>(
    _ downstream: Downstream, to upstreams: [Upstream], machine: Machine,
    through observer: (FanIn, Int) -> UpstreamObserver
  ) -> SignalSubscription
  where UpstreamObserver.Input == Upstream.Output, UpstreamObserver.Failure == Upstream.Failure {
    guard !upstreams.isEmpty else {
      _ = downstream.receive(.finished)
      return .empty
    }
    let fanIn = FanIn(downstream: downstream, machine: machine)
    guard fanIn.reserve(0..<UInt64(upstreams.count)) else { return .empty }
    for (index, upstream) in upstreams.enumerated() where fanIn.isWaiting(for: UInt64(index)) {
      upstream.subscribe(keeping: observer(fanIn, index))
    }
    return .handing(fanIn.handle, to: downstream)
  }

  /// Subscribes `observer`, which keeps its subscription in the reserved slot `key`, to `upstream`, unless
  /// the operator ended or the slot was dropped meanwhile: for observers that subscribe inner signals as
  /// they arrive.
  @inlinable
  func subscribe<Upstream: Signal, Observer: UpstreamKeeper>(_ upstream: Upstream, key: UInt64, with observer: Observer)
  where Upstream.Output == Observer.Input, Upstream.Failure == Observer.Failure {
    guard isWaiting(for: key) else { return }
    upstream.subscribe(keeping: observer)
  }

  /// Ends the operator `state` is the state of, from the downstream side: no more events, every upstream
  /// cancelled.
  @inlinable
  static func cancel(_ state: Locked<State>) {
    state.withLock { $0.end(discardingPending: true) }
    cleanUp(state)
  }

  /// Releases and cancels, after unlocking, what an ending or a decided race left in the state. The hot
  /// paths only note under their lock that there is some, and call this after unlocking (the Engines
  /// article, rule 5).
  @inlinable
  func cleanUp() {
    Self.cleanUp(state)
  }

  @inlinable
  static func cleanUp(_ state: Locked<State>) {
    let cleanup = state.withLock { $0.takeCleanup() }
    cleanup?.dispose()
  }
}

/// An observer of one of a fan-in's upstreams: it keeps that upstream's subscription in the slot `key`.
@usableFromInline
protocol FanInObserver: UpstreamKeeper {
  associatedtype Downstream: SignalObserver
  associatedtype Machine: FanInMachine
  var fanIn: FanIn<Downstream, Machine> { get }
  var key: UInt64 { get }
}

extension FanInObserver {
  @inlinable
  @inline(__always)
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    fanIn.keep(upstream, key: key)
  }
}

extension FanInState: SubscriptionState {
  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    FanIn.cancel(state)
  }
}

/// The failure of an upstream that cannot fail, as any failure: the other signal of `withLatestFrom` and the
/// trigger of `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)` when their failure type is `Never`.
@Sendable
func neverFails<Failure>(_ never: Never) -> Failure {}
