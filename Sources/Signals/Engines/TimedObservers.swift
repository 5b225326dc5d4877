// The observers of a time-operator subscription, one per source that can send into it: the upstream and
// (`timeout`) the fallback. Both step the engine.

@usableFromInline
struct TimedUpstreamObserver<Machine: TimedStateMachine, Downstream: SignalObserver>: SignalObserver
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  @usableFromInline let core: TimedCore<Machine, Downstream>
  /// The signal's scheduler, for a machine that reads the clock; unretained: the engine's state keeps it
  /// for as long as this observer keeps the engine.
  @usableFromInline unowned(unsafe) let scheduler: SchedulerReference

  @inlinable
  init(core: TimedCore<Machine, Downstream>, scheduler: SchedulerReference) {
    self.core = core
    self.scheduler = scheduler
  }

  /// The engine drops every upstream event once the operator ended.
  @inlinable
  static var _lateFinish: _SignalLateFinish { .isDropped }

  @inlinable
  func receive(_ event: Event<Machine.Input, Machine.UpstreamFailure>) -> SignalControl {
    core.receiveUpstream(event, at: Machine.readsClock ? scheduler.now : nil)
  }
}

@usableFromInline
struct TimedFallbackObserver<Machine: TimedStateMachine, Downstream: SignalObserver>: SignalObserver
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
}
