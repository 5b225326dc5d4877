// The observers a `timeout` subscribes its upstream and, once it fired, its fallback with: each hands
// the event to the subscription's `TimeoutCore`.

/// The observer a `timeout` subscribes its upstream with.
@usableFromInline
struct TimeoutUpstreamObserver<UpstreamFailure: Error, Downstream: SignalObserver>: UpstreamKeeper {
  @usableFromInline let core: TimeoutCore<UpstreamFailure, Downstream>

  @inlinable
  init(core: TimeoutCore<UpstreamFailure, Downstream>) {
    self.core = core
  }

  /// The engine drops every upstream event once the operator ended.
  @inlinable
  static var lateFinish: LateFinish { .dropped }

  @inlinable
  func receive(_ event: Event<Downstream.Input, UpstreamFailure>) -> SignalControl {
    core.receiveUpstream(event)
  }

  @inlinable
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    core.keep(upstream, fallback: false)
  }
}

/// The observer a `timeout` subscribes its fallback with, once it fired.
@usableFromInline
struct TimeoutFallbackObserver<UpstreamFailure: Error, Downstream: SignalObserver>: UpstreamKeeper {
  @usableFromInline let core: TimeoutCore<UpstreamFailure, Downstream>

  @inlinable
  init(core: TimeoutCore<UpstreamFailure, Downstream>) {
    self.core = core
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    core.receiveFallback(event)
  }

  @inlinable
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    core.keep(upstream, fallback: true)
  }
}
