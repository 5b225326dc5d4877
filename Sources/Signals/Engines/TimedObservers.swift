// The observer a time operator subscribes its upstream with: it steps the engine, and keeps its
// subscription in it.

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
    core.receiveUpstream(event, at: scheduler.now)
  }

  @inlinable
  @inline(__always)
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    core.keep(upstream)
  }
}
