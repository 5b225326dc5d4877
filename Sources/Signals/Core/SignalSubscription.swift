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
  /// What cancelling cancels (retained until deinit); `nil` for ``empty``. Unmanaged, so that a cancel
  /// calls the canceller with a guaranteed reference instead of retaining and releasing the target.
  @usableFromInline
  let target: Unmanaged<AnyObject>?
  @usableFromInline
  let id: UInt64
  /// Cancels `target`'s subscription `id`: a closure that captures nothing (but, made in unspecialized
  /// generic code, its type's metadata); made in specialized code, cancelling runs the target's specialized
  /// cancel, with no witness-table or generic-metadata lookups.
  @usableFromInline
  let canceller: (AnyObject, UInt64) -> Void

  /// A subscription that calls `canceller(target, id)` on the first cancel and at deinit.
  ///
  /// `package`: Signals' own subscriptions are made this way, `target` being the `Locked` storage that holds
  /// the whole per-subscription state (so that state costs one allocation) and `canceller` a capture-free
  /// closure that casts it back (`LockStorage.unsafeCast`) and ends the subscription through the borrowed
  /// storage. `canceller` must be idempotent, and it may run on any thread.
  @inlinable
  package init(object target: AnyObject?, id: UInt64, canceller: @escaping (AnyObject, UInt64) -> Void) {
    self.target = target.map { Unmanaged.passRetained($0) }
    self.id = id
    self.canceller = canceller
  }

  /// The subscription an app gets for `handle`: it cancels what the handle cancels, also at deinit;
  /// ``empty`` when the handle has nothing to cancel.
  @inlinable
  package static func make(_ handle: consuming SignalSubscriptionHandle) -> SignalSubscription {
    guard handle.target != nil else { return .empty }
    return SignalSubscription(object: handle.target, id: handle.id, canceller: handle.canceller)
  }

  /// A subscription that runs `onCancel` once, on the first `cancel()` or at deinit, and then releases it.
  public convenience init(onCancel: @escaping @Sendable () -> Void) {
    // One allocation besides this object: the locked closure, which is also what cancelling runs.
    let action = Locked(PendingAction(onCancel))
    self.init(object: action.storage, id: 0) { storage, _ in
      LockStorage<PendingAction>.unsafeCast(storage).withLock { $0.take() }.body?()
    }
  }

  /// A subscription that cancels all of `subscriptions` when cancelled, and then releases them.
  public convenience init(_ subscriptions: [SignalSubscription]) {
    // The array itself, locked: no closure around it.
    let group = Locked(Optional(subscriptions))
    self.init(object: group.storage, id: 0) { storage, _ in
      let taken = LockStorage<[SignalSubscription]?>.unsafeCast(storage).withLock { $0.take() }
      for subscription in taken ?? [] { subscription.cancel() }
    }
  }

  /// A subscription with nothing to cancel, for signals that finish synchronously.
  ///
  /// One shared instance: returning it allocates nothing.
  public static let empty = SignalSubscription(object: nil, id: 0) { _, _ in }

  /// Stops delivery and releases everything the subscription holds upstream.
  ///
  /// Idempotent and thread-safe.
  @inlinable
  public func cancel() {
    target?._withUnsafeGuaranteedRef { canceller($0, id) }
  }

  deinit {
    guard let target else { return }
    target._withUnsafeGuaranteedRef { canceller($0, id) }
    target.release()
  }

  /// Cancels `subscription`, if any, and lets it go. When the caller held the last reference, releasing it
  /// is what cancels (its deinit), so the target's cancel runs once rather than twice.
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

/// An upstream subscription as Signals' operators hold it: what to cancel, without an object of its own.
///
/// See `Signal._subscribeHandle(_:)`. Cancelling is idempotent and thread-safe, like a
/// ``SignalSubscription``'s; releasing a handle does not cancel (unless it wraps a subscription, which
/// cancels when released).
@frozen
public struct SignalSubscriptionHandle: @unchecked Sendable {  // immutable; `canceller` is thread-safe
  @usableFromInline let target: AnyObject?
  @usableFromInline let id: UInt64
  @usableFromInline let canceller: (AnyObject, UInt64) -> Void

  /// A handle that cancels `target`'s subscription `id` through `canceller` (capture-free, idempotent,
  /// callable from any thread).
  @inlinable
  package init(object target: AnyObject?, id: UInt64, canceller: @escaping (AnyObject, UInt64) -> Void) {
    self.target = target
    self.id = id
    self.canceller = canceller
  }

  /// A handle holding `subscription`: cancelling the handle cancels it.
  @inlinable
  public init(_ subscription: SignalSubscription) {
    self.init(object: subscription, id: 0) { subscription, _ in
      unsafeDowncast(subscription, to: SignalSubscription.self).cancel()
    }
  }

  /// The subscription held by a handle made by ``init(_:)``; only for those.
  @inlinable
  var subscription: SignalSubscription {
    unsafeDowncast(target.unsafelyUnwrapped, to: SignalSubscription.self)
  }

  /// A handle with nothing to cancel (a signal that ended during subscription).
  public static let empty = SignalSubscriptionHandle(object: nil, id: 0) { _, _ in }

  /// Cancels the subscription. Idempotent and thread-safe.
  ///
  /// `consuming`: a handle is cancelled as it is let go, and cancelling one that is moved in calls the
  /// canceller with the handle's own reference to the target (a borrowing `cancel` retained it for the call).
  @inlinable
  public consuming func cancel() {
    Self.cancel(self)
  }

  @inlinable
  static func cancel(_ handle: consuming SignalSubscriptionHandle) {
    if let target = handle.target { handle.canceller(target, handle.id) }
  }
}
