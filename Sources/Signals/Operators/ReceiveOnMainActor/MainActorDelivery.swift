import Dispatch

/// The state of one `receiveOnMainActor()` subscription, in one `Locked` storage that is also what its
/// subscription cancels: one allocation per subscription.
///
/// Who delivers: the sender itself when it is on the main thread and nothing waits (`draining` is claimed
/// at once), else a drain scheduled on the main queue (`hopScheduled`). Only the main thread ever claims
/// `draining`, so every delivery runs there, one at a time; whoever holds it delivers until the queue is
/// empty, so events sent meanwhile, from any thread or reentrantly, keep their order.
@usableFromInline
struct MainActorDeliveryState<Downstream: SignalObserver> {
  @usableFromInline var downstream: Downstream?
  /// The events waiting for the main thread (the engines' one FIFO: taken events leave nothing behind to
  /// release under the lock).
  @usableFromInline var queue = EventQueue<Event<Downstream.Input, Downstream.Failure>>()
  @usableFromInline var draining = false
  @usableFromInline var hopScheduled = false
  @usableFromInline var upstream: SignalSubscriptionHandle?

  @inlinable
  init(downstream: Downstream) {
    self.downstream = downstream
  }

  /// Whether delivery has ended (a terminal event, `stop`, or a cancel).
  @inlinable
  var ended: Bool { downstream == nil }
}

/// What an arriving event does.
@usableFromInline
enum MainActorArrival<Downstream> {
  /// Delivered at once, to this downstream (read in the lock round trip that claimed the drain).
  case deliverNow(Downstream)
  case hop
  case queued
  case refused
}

/// One `receiveOnMainActor()` subscription: its storage and what it does with it.
@usableFromInline
struct MainActorDelivery<Downstream: SignalObserver>: Sendable {
  @usableFromInline typealias Input = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let state: Locked<MainActorDeliveryState<Downstream>>

  @inlinable
  init(downstream: Downstream) {
    state = Locked(MainActorDeliveryState(downstream: downstream))
  }

  /// Subscribes to `upstream` and returns the downstream's subscription.
  @inlinable
  func attach<Upstream: Signal>(to upstream: Upstream) -> SignalSubscription
  where Upstream.Output == Input, Upstream.Failure == Failure {
    var handle = Optional(upstream._subscribeHandle(MainActorDeliveryObserver(delivery: self)))
    state.withLock { state in
      if !state.ended { state.upstream = handle.take() }
    }
    handle?.cancel()  // ended while subscribing
    return SignalSubscription(object: state.storage, id: 0) { storage, _ in
      MainActorDelivery.end(LockStorage.unsafeCast(storage))
    }
  }

  @inlinable
  func receiveUpstream(_ event: Event<Input, Failure>) -> SignalControl {
    let onMain = MainThread.isCurrent
    let arrival = state.withLock { state -> MainActorArrival<Downstream> in
      guard !state.ended else { return .refused }
      if onMain && !state.draining && !state.hopScheduled && state.queue.isEmpty {
        state.draining = true
        return .deliverNow(state.downstream!)
      }
      state.queue.append(event)
      guard !state.draining && !state.hopScheduled else { return .queued }
      state.hopScheduled = true
      return .hop
    }
    switch arrival {
    case .deliverNow(let downstream):
      if deliver(event, to: downstream) { drain() }
    case .hop:
      let delivery = self
      DispatchQueue.main.async { delivery.hopped() }
    case .queued:
      break
    case .refused:
      return .stop
    }
    return .continue
  }

  /// The main-queue drain: delivers what waits, unless a synchronous delivery already holds the drain.
  @inlinable
  func hopped() {
    let claimed = state.withLock { state -> Bool in
      state.hopScheduled = false
      guard !state.ended, !state.draining else { return false }
      state.draining = true
      return true
    }
    if claimed { drain() }
  }

  /// Delivers queued events until none is left; then gives up the drain.
  @inlinable
  func drain() {
    while let (event, downstream) = state.withLock({ state -> (Event<Input, Failure>, Downstream)? in
      // The downstream is copied out only with an event: the drain after a synchronous delivery usually
      // finds the queue empty.
      guard !state.ended, let event = state.queue.popFirst() else {
        state.draining = false
        return nil
      }
      return (event, state.downstream!)
    }) {
      guard deliver(event, to: downstream) else { return }
    }
  }

  /// Delivers one event to `downstream`, read with the event from the state; false once delivery has
  /// ended (a terminal event, or `stop`).
  ///
  /// Only ever on the main thread, in the main queue's context (`MainThread.isCurrent`): the sender's
  /// thread checked it before a synchronous delivery, and otherwise this runs in main-queue work. That is
  /// the main actor's context, which the main-actor observers below rely on.
  ///
  /// No check of `ended` between taking the event and here: a cancel on the main thread cannot come in
  /// between (this is the main thread), and one from another thread may let an event already in flight
  /// through (the event contract).
  @inlinable
  func deliver(_ event: Event<Input, Failure>, to downstream: Downstream) -> Bool {
    assert(MainThread.isCurrent, "Signals: receiveOnMainActor() delivered off the main thread")
    let control = downstream.receive(event)
    guard event.isTerminal || control == .stop else { return true }
    end()
    return false
  }

  /// Ends delivery: the downstream, the waiting events and the upstream are released.
  @inlinable
  func end() {
    Self.end(state.storage)
  }

  /// Ends the delivery whose storage is `storage`, only borrowed (a canceller's guaranteed reference).
  @inlinable
  static func end(_ storage: LockStorage<MainActorDeliveryState<Downstream>>) {
    // Taken into locals, released after unlocking.
    var upstream: SignalSubscriptionHandle?
    var downstream: Downstream?
    var waiting = EventQueue<Event<Input, Failure>>()
    storage.withLock { state in
      upstream = state.upstream.take()
      state.draining = false
      downstream = state.downstream.take()
      waiting = state.queue.removeAll()
    }
    _ = (downstream, waiting)  // released here, outside the lock
    upstream?.cancel()
  }
}

@usableFromInline
struct MainActorDeliveryObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let delivery: MainActorDelivery<Downstream>

  @inlinable
  init(delivery: MainActorDelivery<Downstream>) {
    self.delivery = delivery
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    delivery.receiveUpstream(event)
  }
}
