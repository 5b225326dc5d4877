// The two observers of a `timeout` subscription, one per source that can send into it: the upstream and the
// fallback. Both forward to the subscription's core.

@usableFromInline
struct TimeoutUpstreamObserver<UpstreamFailure: Error, Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let core: TimeoutCore<UpstreamFailure, Downstream>

  @inlinable
  init(core: TimeoutCore<UpstreamFailure, Downstream>) {
    self.core = core
  }

  /// The core drops every upstream event once the subscription ended (or the timer fired).
  @inlinable
  static var _lateFinish: _SignalLateFinish { .isDropped }

  @inlinable
  func receive(_ event: Event<Downstream.Input, UpstreamFailure>) -> SignalControl {
    core.receiveUpstream(event)
  }
}

@usableFromInline
struct TimeoutFallbackObserver<UpstreamFailure: Error, Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let core: TimeoutCore<UpstreamFailure, Downstream>

  @inlinable
  init(core: TimeoutCore<UpstreamFailure, Downstream>) {
    self.core = core
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    core.receiveFallback(event)
  }
}
