/// The handle of one subscription: cancel it, or let it go, to stop delivery.
///
/// A subscription cancels itself when it is deinitialized, so keep it for as long
/// as you want events, usually in a set:
///
/// ```swift
/// final class IntroModel {
///   private var subscriptions = Set<SignalSubscription>()
///
///   func bind(to taps: PassthroughSignal<Void, Never>) {
///     taps.sink { print("tap") }.store(in: &subscriptions)
///   }
/// }
/// ```
///
/// Cancelling is idempotent and thread-safe, and releases everything upstream:
/// closures, observers, schedulers' pending actions and tasks. Once `cancel()`
/// returns on the thread that delivers events, no further event reaches the
/// observer. Cancelling from another thread stops delivery promptly, but an
/// event that was already being delivered finishes.
public final class SignalSubscription: Hashable, @unchecked Sendable {  // immutable; `canceller` is thread-safe
  /// What cancelling ends: an operator's storage, or `nil` for ``empty``.
  @usableFromInline
  let target: AnyObject?
  /// Which subscription of `target` (a subject has many).
  @usableFromInline
  let id: UInt64
  /// Ends subscription `id` of `target`: idempotent, callable from any thread.
  @usableFromInline
  let canceller: @Sendable (AnyObject, UInt64) -> Void

  /// The subscription an app gets for `handle`: it cancels what the handle cancels, also at deinit;
  /// ``empty`` when the handle has nothing to cancel.
  @inlinable
  package static func make(_ handle: consuming SignalSubscriptionHandle) -> SignalSubscription {
    guard handle.target != nil else { return .empty }
    return SignalSubscription(handle)
  }

  @inlinable
  init(_ handle: consuming SignalSubscriptionHandle) {
    target = handle.target
    id = handle.id
    canceller = handle.canceller
  }

  /// A subscription that runs `onCancel` once, on the first `cancel()` or at deinit, and then releases it.
  public convenience init(onCancel: @escaping @Sendable () -> Void) {
    self.init(Locked(PendingAction(onCancel)).handle())
  }

  /// A subscription that cancels all of `subscriptions` when cancelled, and then releases them.
  public convenience init(_ subscriptions: [SignalSubscription]) {
    self.init(Locked(SubscriptionGroup(subscriptions)).handle())
  }

  /// A subscription with nothing to cancel, for signals that finish synchronously.
  ///
  /// One shared instance.
  public static let empty = SignalSubscription(.empty)

  /// Stops delivery and releases everything the subscription holds upstream.
  ///
  /// Idempotent and thread-safe.
  @inlinable
  public func cancel() {
    if let target { canceller(target, id) }
  }

  deinit {
    if let target { canceller(target, id) }
  }

  /// Cancels `subscription`, if any, and lets it go. When the caller held the last reference, releasing it
  /// is what cancels (its deinit), so its target is ended once rather than twice.
  @inlinable
  package static func cancel(releasing subscription: consuming SignalSubscription?) {
    guard var subscription = subscription.take() else { return }
    if !isKnownUniquelyReferenced(&subscription) { subscription.cancel() }
  }

  /// Keeps this subscription alive in `set` (it is cancelled when removed and released).
  @inlinable
  public func store(in set: inout Set<SignalSubscription>) {
    set.insert(self)
  }

  /// Keeps this subscription alive in `array`.
  @inlinable
  public func store<C: RangeReplaceableCollection<SignalSubscription>>(in collection: inout C) {
    collection.append(self)
  }

  /// Identity: two subscriptions are equal only if they are the same object.
  public static func == (lhs: SignalSubscription, rhs: SignalSubscription) -> Bool {
    lhs === rhs
  }

  /// Hashes the subscription's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// A subscription as Signals' operators hold it: what to end, without an object of its own.
///
/// An engine keeps its whole state in one `Locked`; its handle names that storage and the subscription's
/// id in it (`Locked.handle(id:)`; the Engines article, rule 2). A handle cancels nothing when it
/// is released (unless it holds a `SignalSubscription`, which cancels when released): whoever holds one
/// cancels it, or lets it go once its signal ended by itself. Cancelling is idempotent and thread-safe.
@usableFromInline
package struct SignalSubscriptionHandle: @unchecked Sendable {  // immutable; `canceller` is thread-safe
  @usableFromInline let target: AnyObject?
  @usableFromInline let id: UInt64
  @usableFromInline let canceller: @Sendable (AnyObject, UInt64) -> Void

  /// A handle that cancels by calling `canceller` with `target` and `id`.
  @inlinable
  package init(target: AnyObject?, id: UInt64, canceller: @escaping @Sendable (AnyObject, UInt64) -> Void) {
    self.target = target
    self.id = id
    self.canceller = canceller
  }

  /// A handle holding `subscription`: cancelling the handle cancels it, and releasing the handle releases it.
  @inlinable
  package init(_ subscription: SignalSubscription) {
    guard subscription.target != nil else {
      self = .empty
      return
    }
    self.init(target: subscription, id: 0) { subscription, _ in (subscription as! SignalSubscription).cancel() }
  }

  /// A handle with nothing to cancel (a signal that ended during subscription).
  @inlinable
  package static var empty: SignalSubscriptionHandle {
    SignalSubscriptionHandle(target: nil, id: 0) { _, _ in }
  }

  /// Cancels the subscription. Idempotent and thread-safe.
  @inlinable
  package consuming func cancel() {
    if let target { canceller(target, id) }
  }
}

/// The subscriptions a `SignalSubscription` made of several cancels, once.
@usableFromInline
struct SubscriptionGroup: SubscriptionState {
  @usableFromInline var subscriptions: [SignalSubscription]?

  @usableFromInline
  init(_ subscriptions: [SignalSubscription]) {
    self.subscriptions = subscriptions
  }

  @usableFromInline
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    for subscription in state.withLock({ $0.subscriptions.take() }) ?? [] { subscription.cancel() }
  }
}

extension PendingAction: SubscriptionState {
  @usableFromInline
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    state.withLock { $0.take() }.body?()
  }
}
