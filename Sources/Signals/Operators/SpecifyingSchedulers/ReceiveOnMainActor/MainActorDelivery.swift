import Dispatch

// One `receiveOnMainActor()` subscription: its whole state in one `Locked`, which is also what its
// subscription cancels, delivered through the engines' one drainer (`SerialDelivery`, `LockStorage.drain`).
//
// Who delivers: the sender itself when it is on the main thread and no delivery is in progress or
// waiting (it claims the delivery, as a subject's sender does); otherwise the event is queued, and the
// first one queued while nobody delivers starts a run on the main queue (the drainer's `enqueue`, then
// `claim` in the run, as `receive(on:)` does). A run waiting counts as a delivery in progress, so a
// main-thread send queues behind events already sent from other threads. Only the main thread delivers,
// one event at a time, until the queue is empty; events sent meanwhile, from any thread or reentrantly,
// keep their order.

/// The state of one `receiveOnMainActor()` subscription.
@usableFromInline
struct MainActorDeliveryState<Downstream: SignalObserver> {
  @usableFromInline var delivery: SerialDelivery<Downstream>
  @usableFromInline var upstream: SignalSubscriptionHandle?

  @inlinable
  init(downstream: consuming Downstream) {
    delivery = SerialDelivery(downstream)
  }
}

/// One `receiveOnMainActor()` subscription: its storage and what it does with it.
@usableFromInline
struct MainActorDelivery<Downstream: SignalObserver>: OneUpstreamCore {
  @usableFromInline typealias Input = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let state: Locked<MainActorDeliveryState<Downstream>>

  @inlinable
  init(downstream: consuming Downstream) {
    state = Locked(MainActorDeliveryState(downstream: downstream))
  }

  /// Subscribes `upstream` and returns the subscription, which ends this delivery.
  @inlinable
  func attach<Upstream: Signal>(to upstream: Upstream) -> SignalSubscription
  where Upstream.Output == Input, Upstream.Failure == Failure {
    upstream.subscribe(keeping: OneUpstreamObserver(core: self))
    return .make(handle)
  }

  /// An upstream event, from any thread: delivered now when it arrives on the main thread and nothing is
  /// in progress or waiting; queued otherwise, starting a run on the main queue if none is under way.
  @inlinable
  func receiveUpstream(_ event: Event<Input, Failure>) -> SignalControl {
    let onMain = MainThread.isCurrent
    var deliverer: Downstream?
    var startsRun = false
    var ended = false
    state.withLock { state in
      if onMain {
        state.delivery.post(event, claiming: &deliverer)
      } else {
        startsRun = state.delivery.enqueue(event)
      }
      ended = state.delivery.isEnded
    }
    if deliverer != nil {
      deliver(event, from: &deliverer)
    } else if startsRun {
      let delivery = self
      DispatchQueue.main.async { delivery.run() }
    }
    return ended ? .stop : .continue
  }

  /// A run on the main queue: delivers what was queued, and what arrives meanwhile.
  @inlinable
  func run() {
    var deliverer: Downstream?
    guard let first = state.withLock({ $0.delivery.claim(into: &deliverer) }) else { return }
    deliver(first, from: &deliverer)
  }

  /// Delivers `first`, which claimed the delivery (the downstream moved into `deliverer`), then what was
  /// queued meanwhile, through the engines' one drain loop; ends on a terminal event or `stop`.
  @inlinable
  func deliver(_ first: Event<Input, Failure>, from deliverer: inout Downstream?) {
    assert(MainThread.isCurrent, "Signals: receiveOnMainActor() delivered off the main thread")
    let drained = state.storage.deliver(first, to: &deliverer) { $0.delivery.next(returning: &$1) }
    if !drained { Self.end(state) }
    _ = deliverer  // ended meanwhile (a cancel from another thread): released here, outside the lock
  }

  /// Ends the delivery `state` is the state of: nothing more is delivered, the queue is dropped and the
  /// upstream cancelled, all outside the lock.
  @inlinable
  static func end(_ state: Locked<MainActorDeliveryState<Downstream>>) {
    var downstream: Downstream?
    var queued = EventQueue<Event<Input, Failure>>()
    var upstream: SignalSubscriptionHandle?
    state.withLock { state in
      guard state.delivery.end(releasing: &downstream, &queued) else { return }
      upstream = state.upstream.take()
    }
    _ = (downstream, queued)  // released here, outside the lock
    upstream.take()?.cancel()
  }
}

extension MainActorDeliveryState: OneUpstreamState {
  @inlinable
  var keepsUpstream: Bool { !delivery.isEnded }

  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    MainActorDelivery.end(state)
  }
}
