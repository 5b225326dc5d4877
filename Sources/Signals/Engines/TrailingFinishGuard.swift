// Operators that answer one upstream event with two downstream events (a value,
// then `finished`: first, last, reduce, collect, count, output(at:)) must not send
// the second if the observer cancelled its subscription while handling the first
// (the cancellation contract: once `cancel()` returns on the delivering thread,
// nothing more arrives). The subscription the observer holds would be the
// upstream's, which cannot see into the operator; so these operators hand out a
// guard's subscription instead, which records the cancellation and cancels upstream.
//
// Whether a guard is needed is a property of the downstream's type (`EngineObserver.lateFinish`): an
// observer that ignores terminal events (the value-only sink behind `sink(receiveValue:)`) gets no guard
// and no `finished`; one whose operator drops events once its subscription ended (`timeout`'s, and the
// stateless forwarders in front of such an observer) gets no guard and the `finished` directly.

/// The state of a ``TrailingFinishGuard``.
@usableFromInline
struct TrailingFinishGuardState: Sendable {
  @usableFromInline var cancelled = false
  @usableFromInline var upstream: SignalSubscriptionHandle?

  @usableFromInline
  init() {}
}

/// Records whether the downstream cancelled, and owns the upstream subscription: one `Locked`, which the
/// subscription it hands out cancels.
@usableFromInline
struct TrailingFinishGuard: SubscriptionCore {
  @usableFromInline let state: Locked<TrailingFinishGuardState>

  @usableFromInline
  init() {
    state = Locked(TrailingFinishGuardState())
  }

  /// Subscribes `downstream` to `upstream` through the observer `observer` makes: with a guard when the
  /// downstream needs one (see the top of this file), which keeps the upstream's subscription and whose
  /// handle is handed downstream; without, the upstream's own subscription is the downstream's.
  ///
  /// Always inlined (it subscribes an upstream: see `Signal.subscribe(keeping:)`).
  @inlinable
  @inline(__always)
  static func subscribe<Upstream: Signal, Downstream: SignalObserver, Observer: SignalObserver>(
    _ downstream: Downstream, to upstream: Upstream, through observer: (TrailingFinishGuard?) -> Observer
  ) -> SignalSubscription where Observer.Input == Upstream.Output, Observer.Failure == Upstream.Failure {
    guard lateFinish(of: Downstream.self) != .delivered else {
      let finishGuard = TrailingFinishGuard()
      upstream.subscribe(keeping: HeldObserver(observer(finishGuard), heldBy: finishGuard))
      return .handing(finishGuard.handle, to: downstream)
    }
    return upstream.subscribe(observer(nil))
  }

  /// Sends `finished` after a value, unless the downstream cancelled meanwhile.
  ///
  /// Lets go of the upstream's subscription without cancelling it: every caller has just seen the
  /// upstream's terminal event or answers it `stop` next, and either way it ends by itself. So a later
  /// `cancel()` of the downstream finds nothing to cancel upstream.
  @usableFromInline
  func finish<Downstream: SignalObserver>(_ downstream: Downstream) -> SignalControl {
    var upstream: SignalSubscriptionHandle?
    let cancelled = state.withLock { state -> Bool in
      upstream = state.upstream.take()
      return state.cancelled
    }
    _ = upstream  // released, not cancelled
    if cancelled { return .stop }
    return downstream.receive(.finished)
  }

  /// Records the cancellation and cancels the upstream.
  @usableFromInline
  static func cancel(_ state: Locked<TrailingFinishGuardState>) {
    var upstream: SignalSubscriptionHandle?
    state.withLock { state in
      state.cancelled = true
      upstream = state.upstream.take()
    }
    upstream.take()?.cancel()
  }
}

extension TrailingFinishGuard? {
  /// Sends `finished` after a value the downstream answered `continue` to: through the guard; without one,
  /// directly, or not at all to a downstream that ignores it. Answers `stop` if nothing was sent.
  @inlinable
  func finish<Downstream: SignalObserver>(_ downstream: Downstream) -> SignalControl {
    if let finishGuard = self { return finishGuard.finish(downstream) }
    guard lateFinish(of: Downstream.self) == .dropped else { return .stop }
    return downstream.receive(.finished)
  }
}

extension TrailingFinishGuardState: OneUpstreamState {
  @inlinable
  var keepsUpstream: Bool { !cancelled }

  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    TrailingFinishGuard.cancel(state)
  }
}
