// How Signals' operators hold their upstreams' subscriptions without an object each.
//
// An app's subscription is a `SignalSubscription`, an object. An operator with state (a race, a time
// operator, a fan-in) keeps its whole state in one `Locked`, and would pay a second object for each
// upstream if it took `subscribe(_:)`'s answer as it is. So inside the package a subscription travels as a
// `SignalSubscriptionHandle` (the operator's storage and an id) and is *handed over*: an operator subscribes
// its upstream with an observer that is an `UpstreamKeeper`, and a signal of Signals, at the end of its
// `subscribe`, gives that observer its handle to keep and returns `SignalSubscription.empty`.
//
// A keeper reaches only signals that hand over: `subscribe(keeping:)` passes it on as it is only when the
// upstream's type is a `HandsOverSubscription` (every signal of Signals is one; a stateless operator is one
// when its upstream is), and hides it behind `UnkeptObserver` otherwise. So a signal written outside the
// package never holds a keeper, and what its `subscribe` returns is always what cancels it.
//
// Both are questions about types, answered when the operator is made, and every observer of Signals answers
// them itself (`EngineObserver`: the Engines article, rules 2 and 3).

/// What a `finished` sent after an observer's subscription ended does to it.
@usableFromInline
package enum LateFinish: Sendable {
  /// It would reach the observer: an operator that sends a value and then `finished` guards it
  /// (`TrailingFinishGuard`).
  case delivered
  /// The observer's operator drops it: it ended with the subscription.
  case dropped
  /// The observer ignores terminal events (a value-only sink): it need not even be sent.
  case ignored
}

/// An observer of Signals' own: what the engines need to know of it, decided by its type.
@usableFromInline
package protocol EngineObserver: SignalObserver {
  /// Whether it keeps the subscription handed to it (``keepUpstream(_:)``); false by default.
  static var keepsUpstream: Bool { get }
  /// What a `finished` sent after its subscription ended does to it; `.delivered` by default.
  static var lateFinish: LateFinish { get }
  /// Keeps `upstream`, the subscription of the signal this observer was subscribed to, or cancels it when
  /// the operator no longer wants it (it ended, or moved on). Called only when ``keepsUpstream``, at most
  /// once per subscription, before `subscribe` returns.
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle)
}

extension EngineObserver {
  @inlinable
  package static var keepsUpstream: Bool { false }

  @inlinable
  package static var lateFinish: LateFinish { .delivered }

  /// Not called: the observer keeps nothing (`keepsUpstream` is false). Cancels, to be safe.
  @inlinable
  package func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    assertionFailure("Signals: a subscription was handed to an observer that keeps none")
    upstream.cancel()
  }
}

/// An operator's observer that keeps its upstream's subscription in its operator's state.
@usableFromInline
package protocol UpstreamKeeper: EngineObserver {}

extension UpstreamKeeper {
  @inlinable
  package static var keepsUpstream: Bool { true }
}

/// A signal that hands its subscription to an ``UpstreamKeeper`` instead of returning it, and passes a
/// keeper on only to signals that hand over too.
@usableFromInline
package protocol HandsOverSubscription: Signal {}

/// A stateless observer that passes its events on to `downstream` (`map`, `filter`, …): it keeps a
/// subscription when its downstream does, by handing it on.
@usableFromInline
package protocol ForwardingObserver: SignalObserver {
  associatedtype Downstream: SignalObserver
  var downstream: Downstream { get }
}

extension EngineObserver where Self: ForwardingObserver, Downstream: EngineObserver {
  @inlinable
  package static var keepsUpstream: Bool { Downstream.keepsUpstream }

  @inlinable
  @inline(__always)
  package func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    downstream.keepUpstream(upstream)
  }
}

/// What `Observer` does with a `finished` sent after its subscription ended.
@inlinable
@inline(__always)
func lateFinish<Observer: SignalObserver>(of _: Observer.Type) -> LateFinish {
  (Observer.self as? any EngineObserver.Type)?.lateFinish ?? .delivered
}

extension SignalSubscription {
  /// What a signal of Signals returns from `subscribe` for `handle`: ``empty`` after handing the handle to
  /// `observer` when it keeps it, else a subscription around it.
  @inlinable
  @inline(__always)
  package static func handing<Observer: SignalObserver>(
    _ handle: consuming SignalSubscriptionHandle, to observer: Observer
  ) -> SignalSubscription {
    guard let engine = Observer.self as? any EngineObserver.Type, engine.keepsUpstream else { return make(handle) }
    hand(handle, to: observer, as: engine)
    return .empty
  }

  /// Hands `handle` to `observer`, an `Engine`.
  @inlinable
  @inline(__always)
  static func hand<Observer, Engine: EngineObserver>(
    _ handle: consuming SignalSubscriptionHandle, to observer: Observer, as _: Engine.Type
  ) {
    Engine.same(observer).keepUpstream(handle)
  }
}

extension Signal {
  /// Subscribes `keeper`, which ends up keeping the subscription: handed over by a signal that does, else
  /// taken from what `subscribe` returns.
  ///
  /// Always inlined (the Engines article, rule 10).
  @inlinable
  @inline(__always)
  package func subscribe<Keeper: UpstreamKeeper>(keeping keeper: Keeper)
  where Keeper.Input == Output, Keeper.Failure == Failure {
    if Self.self is any HandsOverSubscription.Type {
      let returned = subscribe(keeper)
      assert(returned.target == nil, "Signals: a signal that hands over returned a subscription instead")
    } else {
      keeper.keepUpstream(SignalSubscriptionHandle(subscribe(UnkeptObserver(keeper))))
    }
  }
}

/// A keeper passed to a signal that does not hand over, as a plain observer.
@usableFromInline
struct UnkeptObserver<Keeper: UpstreamKeeper>: SignalObserver {
  @usableFromInline let keeper: Keeper

  @inlinable
  init(_ keeper: Keeper) {
    self.keeper = keeper
  }

  @inlinable
  func receive(_ event: Event<Keeper.Input, Keeper.Failure>) -> SignalControl {
    keeper.receive(event)
  }
}

/// An operator's observer whose upstream subscription `holder` (a guard, a hook) keeps.
@usableFromInline
struct HeldObserver<Observer: SignalObserver, Holder: SubscriptionCore>: UpstreamKeeper
where Holder.State: OneUpstreamState {
  @usableFromInline let observer: Observer
  @usableFromInline let holder: Holder

  @inlinable
  init(_ observer: Observer, heldBy holder: Holder) {
    self.observer = observer
    self.holder = holder
  }

  @inlinable
  func receive(_ event: Event<Observer.Input, Observer.Failure>) -> SignalControl {
    observer.receive(event)
  }

  @inlinable
  @inline(__always)
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    holder.keep(upstream)
  }
}
