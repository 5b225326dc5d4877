// An engine's subscription as one `Locked` (the Engines article, rule 1): how its handle ends it, how it
// keeps an upstream's subscription, and the observer of an engine with one upstream.

/// The state of an engine's subscriptions, in a `Locked`: how to end one of them, by its id (for most
/// engines the only one, 0). A handle names the storage and the id; ending it calls ``cancel(_:id:)``.
@usableFromInline
package protocol SubscriptionState: SendableMetatype {
  /// Ends subscription `id` of `state`. Idempotent, callable from any thread.
  static func cancel(_ state: Locked<Self>, id: UInt64)
}

/// An engine's subscription: its whole state in one `Locked` (the Engines article, rule 1), which the
/// handle it hands downstream ends.
@usableFromInline
protocol SubscriptionCore: Sendable {
  associatedtype State: SubscriptionState
  var state: Locked<State> { get }
}

extension SubscriptionCore {
  /// The handle handed downstream: ends the subscription (`State.cancel`).
  @inlinable
  var handle: SignalSubscriptionHandle {
    state.handle()
  }
}

/// The state of an engine with one upstream, which it keeps while it runs.
@usableFromInline
protocol OneUpstreamState: SubscriptionState {
  var upstream: SignalSubscriptionHandle? { get set }
  /// Whether an upstream subscription that arrives now is kept; `false` once the engine ended.
  var keepsUpstream: Bool { get }
}

extension SubscriptionCore where State: OneUpstreamState {
  /// Keeps `upstream`, the subscription of the engine's observer, or cancels it if the engine ended while
  /// it was being subscribed.
  @inlinable
  @inline(__always)
  func keep(_ upstream: consuming SignalSubscriptionHandle) {
    state.keep(upstream) { state, handle in
      if state.keepsUpstream { state.upstream = handle.take() }
    }
  }
}

extension Locked {
  /// Keeps `subscription` in the state: `put` moves it in (taking it out of its optional) when the state
  /// still wants it; otherwise it is cancelled, after unlocking.
  @inlinable
  @inline(__always)
  package func keep(
    _ subscription: consuming SignalSubscriptionHandle, _ put: (inout State, inout SignalSubscriptionHandle?) -> Void
  ) {
    var moving = Optional(subscription)
    withLock { put(&$0, &moving) }
    moving?.cancel()
  }
}

extension Locked where State: SubscriptionState {
  /// The handle that ends subscription `id` of this state: the one closure that cancels a subscription of
  /// Signals, made where the state's type is known, so it captures nothing.
  @inlinable
  package func handle(id: UInt64 = 0) -> SignalSubscriptionHandle {
    SignalSubscriptionHandle(target: storage, id: id) { target, id in
      State.cancel(Locked(storage: LockStorage.same(target)), id: id)
    }
  }
}

/// An engine with one upstream, which its ``OneUpstreamObserver`` feeds (`receive(on:)`,
/// `receiveOnMainActor()`).
@usableFromInline
protocol OneUpstreamCore: SubscriptionCore where State: OneUpstreamState {
  associatedtype Input: Sendable
  associatedtype Failure: Error
  /// An upstream event, from any thread.
  func receiveUpstream(_ event: Event<Input, Failure>) -> SignalControl
}

/// The observer a ``OneUpstreamCore`` subscribes its upstream with: it passes the events to the engine,
/// which keeps its subscription.
@usableFromInline
struct OneUpstreamObserver<Core: OneUpstreamCore>: UpstreamKeeper {
  @usableFromInline let core: Core

  @inlinable
  init(core: Core) {
    self.core = core
  }

  @inlinable
  func receive(_ event: Event<Core.Input, Core.Failure>) -> SignalControl {
    core.receiveUpstream(event)
  }

  @inlinable
  @inline(__always)
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    core.keep(upstream)
  }
}
