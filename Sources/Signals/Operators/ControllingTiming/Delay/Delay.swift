extension Signal {
  /// Delivers every event `interval` later, on `scheduler`.
  ///
  /// ```marble delay
  /// upstream:                 -a-b---c|
  /// delay(for: 2 frames):     ---a-b---c|
  /// ```
  ///
  /// Edge cases (decided; see <doc:Decisions>):
  /// - The terminal events are delayed too, like the values, as in Combine: a
  ///   failure is not sent ahead of the values before it (RxSwift sends it at
  ///   once, dropping them; we never drop a value or an error).
  /// - Order is kept: events leave in the order they arrived.
  /// - A zero interval still goes through the scheduler: each event is
  ///   scheduled for the current instant (asynchronous, in order). A negative
  ///   interval counts as zero, as ``SignalScheduler/schedule(after:_:)`` does.
  /// - Cancelling releases every waiting event and scheduled action.
  public consuming func delay(for interval: Duration, scheduler: some SignalScheduler) -> DelaySignal<Self> {
    DelaySignal(upstream: self, interval: interval, scheduler: scheduler)
  }
}

/// A signal that delivers its upstream's events later. See ``Signal/delay(for:scheduler:)``.
public struct DelaySignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose events are delayed.
  public let upstream: Upstream
  /// How long each event is held (a negative interval counts as zero).
  public let interval: Duration
  /// Where the delayed events are delivered.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  /// The scheduler, by reference (see `SchedulerReference`).
  let schedulerReference: SchedulerReference

  /// Creates the signal; prefer ``Signal/delay(for:scheduler:)``.
  public init(upstream: Upstream, interval: Duration, scheduler: some SignalScheduler) {
    self.upstream = upstream
    self.interval = interval
    self.schedulerReference = Signals.schedulerReference(scheduler)
  }

  /// Subscribes `observer` to the delayed events.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TimedCore.subscribe(
      observer, to: upstream, machine: DelayStateMachine<Output, Failure>(interval: interval), on: schedulerReference)
  }
}

extension DelaySignal: HandsOverSubscription {}
