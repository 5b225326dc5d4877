// The observers of a time-operator subscription, one per source that can send into it: the upstream and
// (`timeout`) the fallback. Both step the engine, and keep their subscriptions in it.

@usableFromInline
struct TimedUpstreamObserver<Machine: TimedStateMachine, Downstream: SignalObserver>: UpstreamKeeper
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  @usableFromInline let core: TimedCore<Machine, Downstream>
  /// The signal's scheduler, for a machine that reads the clock.
  @usableFromInline let scheduler: SchedulerReference

  @inlinable
  init(core: TimedCore<Machine, Downstream>, scheduler: SchedulerReference) {
    self.core = core
    self.scheduler = scheduler
  }

  /// The engine drops every upstream event once the operator ended.
  @inlinable
  static var lateFinish: LateFinish { .dropped }

  @inlinable
  func receive(_ event: Event<Machine.Input, Machine.UpstreamFailure>) -> SignalControl {
    core.receiveUpstream(event, at: Machine.readsClock ? scheduler.now : nil)
  }

  @inlinable
  @inline(__always)
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    core.keep(upstream)
  }
}

@usableFromInline
struct TimedFallbackObserver<Machine: TimedStateMachine, Downstream: SignalObserver>: UpstreamKeeper
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  @usableFromInline let core: TimedCore<Machine, Downstream>

  @inlinable
  init(core: TimedCore<Machine, Downstream>) {
    self.core = core
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    core.receiveFallback(event)
  }

  @inlinable
  @inline(__always)
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    core.keep(upstream, fallback: true)
  }
}
