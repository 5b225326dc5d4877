// Operators that answer one upstream event with two downstream events (a value,
// then `finished`: first, last, reduce, collect, count, output(at:)) must not send
// the second if the observer cancelled its subscription while handling the first
// (the cancellation contract: once `cancel()` returns on the delivering thread,
// nothing more arrives). The subscription the observer holds would be the
// upstream's, which cannot see into the operator; so these operators hand out a
// guard's subscription instead, which records the cancellation and cancels upstream.

/// The state of a ``BurstGuard``.
@usableFromInline
struct BurstGuardState: Sendable {
  @usableFromInline var cancelled = false
  @usableFromInline var upstream: SignalSubscription?

  @inlinable
  init() {}
}

/// Records whether the downstream cancelled, and owns the upstream subscription.
@usableFromInline
final class BurstGuard: SubscriptionTarget, Sendable {
  @usableFromInline let state: Locked<BurstGuardState>

  @inlinable
  init() {
    state = Locked(BurstGuardState())
  }

  /// Whether the downstream has cancelled.
  @inlinable
  var isCancelled: Bool {
    state.withLock { $0.cancelled }
  }

  /// Keeps `upstream` and returns the subscription to hand downstream in its place.
  @inlinable
  func connect(_ upstream: SignalSubscription) -> SignalSubscription {
    state.withLock { $0.upstream = upstream }
    return SignalSubscription(target: self, id: 0)
  }

  /// Sends `finished` after a value, unless the downstream cancelled meanwhile.
  @inlinable
  func finish<Downstream: SignalObserver>(_ downstream: Downstream) -> SignalControl {
    if isCancelled { return .stop }
    return downstream.receive(.finished)
  }

  @usableFromInline
  func cancelSubscription(id: UInt64) {
    let upstream = state.withLock { state in
      state.cancelled = true
      defer { state.upstream = nil }
      return state.upstream
    }
    upstream?.cancel()
  }
}
