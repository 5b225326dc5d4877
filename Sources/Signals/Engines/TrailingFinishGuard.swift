// Operators that answer one upstream event with two downstream events (a value,
// then `finished`: first, last, reduce, collect, count, output(at:)) must not send
// the second if the observer cancelled its subscription while handling the first
// (the cancellation contract: once `cancel()` returns on the delivering thread,
// nothing more arrives). The subscription the observer holds would be the
// upstream's, which cannot see into the operator; so these operators hand out a
// guard's subscription instead, which records the cancellation and cancels upstream.
//
// Whether a guard is needed is a static property of the downstream (`SignalObserver._lateFinish`,
// constant once specialized: no runtime conformance lookup). An observer that ignores terminal events
// (the value-only sink behind `sink(receiveValue:)`) gets no guard and no `finished`; one whose own state
// drops events once its subscription ended (`timeout`'s, and the stateless forwarders in front of such an
// observer) gets no guard and the `finished` directly. Either way: one allocation and up to four lock round
// trips less per subscription.

/// The state of a ``TrailingFinishGuard``.
@usableFromInline
struct TrailingFinishGuardState: Sendable {
  @usableFromInline var cancelled = false
  @usableFromInline var upstream: SignalSubscriptionHandle?

  @inlinable
  init() {}
}

/// Records whether the downstream cancelled, and owns the upstream subscription: one `Locked`
/// (one allocation), which the subscription it hands out cancels.
@usableFromInline
struct TrailingFinishGuard: Sendable {
  @usableFromInline let state: Locked<TrailingFinishGuardState>

  @inlinable
  init() {
    state = Locked(TrailingFinishGuardState())
  }

  /// Keeps `upstream` and returns the handle to hand downstream in its place.
  @inlinable
  func connect(_ upstream: consuming SignalSubscriptionHandle) -> SignalSubscriptionHandle {
    // Nobody can cancel before the returned handle exists: just keep (move in) the upstream's.
    var moving = Optional(upstream)
    state.withLock { $0.upstream = moving.take() }
    return SignalSubscriptionHandle(object: state.storage, id: 0) { storage, _ in
      TrailingFinishGuard.cancel(LockStorage.unsafeCast(storage))
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
  static func cancel(_ storage: LockStorage<TrailingFinishGuardState>) {
    var upstream: SignalSubscriptionHandle?
    storage.withLock { state in
      state.cancelled = true
      upstream = state.upstream.take()
    }
    upstream.take()?.cancel()
  }
}

extension TrailingFinishGuard {
  /// A guard for a downstream of type `downstream`, or `nil` if it needs none (see the top of this file).
  @inlinable
  static func guarding<Downstream: SignalObserver>(_ downstream: Downstream.Type) -> TrailingFinishGuard? {
    Downstream._lateFinish == .mustBeWithheld ? TrailingFinishGuard() : nil
  }
}

extension TrailingFinishGuard? {
  /// The handle to return: the guard's, or the upstream's itself when there is no guard.
  @inlinable
  func connect(_ upstream: consuming SignalSubscriptionHandle) -> SignalSubscriptionHandle {
    guard let finishGuard = self else { return upstream }
    return finishGuard.connect(upstream)
  }

  /// Sends `finished` after a value the downstream answered `continue` to: through the guard; without one,
  /// directly, or not at all to a downstream that ignores it. Answers `stop` if nothing was sent.
  @inlinable
  func finish<Downstream: SignalObserver>(_ downstream: Downstream) -> SignalControl {
    if let finishGuard = self { return finishGuard.finish(downstream) }
    guard Downstream._lateFinish == .isDropped else { return .stop }
    return downstream.receive(.finished)
  }
}
