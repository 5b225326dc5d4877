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
public final class SignalSubscription: Hashable, Sendable {
  @usableFromInline
  let target: (any SubscriptionTarget)?
  @usableFromInline
  let id: UInt64

  /// A subscription that calls `target.cancelSubscription(id:)` on cancel and at deinit.
  ///
  /// `package`: the allocation-free path for `SignalsTesting`'s scheduler (one object per token).
  @inlinable
  package init(target: (any SubscriptionTarget)?, id: UInt64) {
    self.target = target
    self.id = id
  }

  /// A subscription that runs `onCancel` once, on the first `cancel()` or at deinit.
  public convenience init(onCancel: @escaping @Sendable () -> Void) {
    self.init(target: CancelAction(onCancel), id: 0)
  }

  /// A subscription that cancels all of `subscriptions` when cancelled.
  public convenience init(_ subscriptions: [SignalSubscription]) {
    self.init(target: CancelAction { for subscription in subscriptions { subscription.cancel() } }, id: 0)
  }

  /// A subscription with nothing to cancel, for signals that finish synchronously.
  ///
  /// One shared instance: returning it allocates nothing.
  public static let empty = SignalSubscription(target: nil, id: 0)

  /// Stops delivery and releases everything the subscription holds upstream.
  ///
  /// Idempotent and thread-safe.
  @inlinable
  public func cancel() {
    target?.cancelSubscription(id: id)
  }

  deinit {
    target?.cancelSubscription(id: id)
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

/// Something a `SignalSubscription` cancels. `cancelSubscription(id:)` must be
/// idempotent and thread-safe. `package`, so that `SignalsTesting` can use it too.
@usableFromInline
package protocol SubscriptionTarget: AnyObject, Sendable {
  func cancelSubscription(id: UInt64)
}

/// Runs a closure at most once.
@usableFromInline
final class CancelAction: SubscriptionTarget {
  @usableFromInline
  let action: Locked<(@Sendable () -> Void)?>

  @usableFromInline
  init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(action)
  }

  @usableFromInline
  func cancelSubscription(id: UInt64) {
    let action = action.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }
}
