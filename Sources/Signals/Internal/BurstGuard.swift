// Operators that answer one upstream event with two downstream events (a value,
// then `finished`: first, last, reduce, collect, count, output(at:)) must not send
// the second if the observer cancelled its subscription while handling the first
// (the cancellation contract: once `cancel()` returns on the delivering thread,
// nothing more arrives). The subscription the observer holds would be the
// upstream's, which cannot see into the operator; so these operators hand out a
// guard's subscription instead, which records the cancellation and cancels upstream.
//
// An observer that ignores terminal events (the value-only sink behind `sink(receiveValue:)`) needs no
// guard: the `finished` a guard would hold back is ignored anyway. For it these operators make no guard
// (one allocation and up to four lock round trips less per subscription) and skip the `finished`.

/// The state of a ``BurstGuard``.
@usableFromInline
struct BurstGuardState: Sendable {
  @usableFromInline var cancelled = false
  @usableFromInline var upstream: SignalSubscriptionHandle?

  @inlinable
  init() {}
}

/// Records whether the downstream cancelled, and owns the upstream subscription: one `Locked`
/// (one allocation), which the subscription it hands out cancels.
@usableFromInline
struct BurstGuard: Sendable {
  @usableFromInline let state: Locked<BurstGuardState>

  @inlinable
  init() {
    state = Locked(BurstGuardState())
  }

  @inlinable
  init(state: Locked<BurstGuardState>) {
    self.state = state
  }

  /// Keeps `upstream` and returns the handle to hand downstream in its place.
  @inlinable
  func connect(_ upstream: consuming SignalSubscriptionHandle) -> SignalSubscriptionHandle {
    // Nobody can cancel before the returned handle exists: just keep (move in) the upstream's.
    var moving = Optional(upstream)
    state.withLock { $0.upstream = moving.take() }
    return SignalSubscriptionHandle(object: state.storage, id: 0) { storage, _ in
      BurstGuard.cancel(LockStorage.unsafeCast(storage))
    }
  }

  /// Sends `finished` after a value, unless the downstream cancelled meanwhile.
  ///
  /// Lets go of the upstream's subscription without cancelling it: every caller has just seen the
  /// upstream's terminal event or answers it `stop` next, and either way it ends by itself. So a later
  /// `cancel()` of the downstream finds nothing to cancel upstream.
  @inlinable
  func finish<Downstream: SignalObserver>(_ downstream: Downstream) -> SignalControl {
    // Taken into a local (an optional handle returned through `withLock` is copied, not moved).
    var upstream: SignalSubscriptionHandle?
    let cancelled = state.withLock { state -> Bool in
      upstream = state.upstream.take()
      return state.cancelled
    }
    _ = upstream  // released, not cancelled
    if cancelled { return .stop }
    return downstream.receive(.finished)
  }

  @inlinable
  func cancel() {
    Self.cancel(state.storage)
  }

  /// Records the cancellation and cancels the upstream; `storage` is only borrowed (a canceller's
  /// guaranteed reference), so cancelling retains nothing.
  @inlinable
  static func cancel(_ storage: LockStorage<BurstGuardState>) {
    var upstream: SignalSubscriptionHandle?
    storage.withLock { state in
      state.cancelled = true
      upstream = state.upstream.take()
    }
    upstream.take()?.cancel()
  }
}

/// An observer that ignores terminal events: the operators that guard their `finished` need no guard for it.
@usableFromInline
protocol TerminalEventsIgnoringObserver {}

extension ValueSinkObserver: TerminalEventsIgnoringObserver {}

extension BurstGuard {
  /// A guard for an operator whose downstream is a `Downstream`, or `nil` when that observer ignores terminal
  /// events (decided when specialized).
  @inlinable
  static func guarding<Downstream: SignalObserver>(_ downstream: Downstream.Type) -> BurstGuard? {
    downstream is any TerminalEventsIgnoringObserver.Type ? nil : BurstGuard()
  }
}

extension BurstGuard? {
  /// `connect(_:)` of the guard, or `upstream` itself when there is none.
  @inlinable
  func connect(_ upstream: consuming SignalSubscriptionHandle) -> SignalSubscriptionHandle {
    guard let burst = self else { return upstream }
    return burst.connect(upstream)
  }

  /// `finish(_:)` of the guard; without one (the downstream ignores terminal events), nothing is sent and
  /// the answer is `stop`.
  @inlinable
  func finish<Downstream: SignalObserver>(_ downstream: Downstream) -> SignalControl {
    guard let burst = self else { return .stop }
    return burst.finish(downstream)
  }
}
