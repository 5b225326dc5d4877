extension Signal {
  /// Sends, for each value, the time since the previous value (for the first, since the subscription),
  /// measured on `scheduler`.
  ///
  /// ```marble measure-interval
  /// upstream:                    -a---b-c|
  /// measureInterval(using:):     -1---4-2|
  /// ```
  ///
  /// (In frames: `a` comes 1 frame after the subscription, `b` 4 after `a`, `c` 2 after `b`.)
  ///
  /// <!-- setup
  /// let taps = PassthroughSignal<Void, Never>()
  /// let scheduler = DispatchSignalScheduler.main
  /// -->
  /// ```swift
  /// let doubleTaps = taps.measureInterval(using: scheduler).filter { $0 < .milliseconds(300) }
  /// ```
  ///
  /// Combine's `measureInterval(using:options:)`, whose output is the scheduler's stride: here, a
  /// `Duration`. Terminal events pass through. Each subscription measures from its own start.
  public consuming func measureInterval(using scheduler: some SignalScheduler) -> MeasureIntervalSignal<Self> {
    MeasureIntervalSignal(upstream: self, scheduler: scheduler)
  }
}

/// A signal that sends the time between its upstream's values. See ``Signal/measureInterval(using:)``.
public struct MeasureIntervalSignal<Upstream: Signal>: Signal {
  /// The time since the previous value.
  public typealias Output = Duration
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are timed.
  public let upstream: Upstream
  /// The scheduler whose clock measures.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  let schedulerReference: SchedulerReference

  /// Creates the signal; prefer ``Signal/measureInterval(using:)``.
  public init(upstream: Upstream, scheduler: some SignalScheduler) {
    self.upstream = upstream
    self.schedulerReference = Signals.schedulerReference(scheduler)
  }

  /// Subscribes `observer`: the first interval starts now.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(
      MeasureIntervalObserver<Observer, Upstream.Output>(downstream: observer, clock: schedulerReference))
  }
}

/// The per-subscription clock of `measureInterval`: when the previous value came.
final class MeasureIntervalObserver<Downstream: SignalObserver, Input: Sendable>: SignalObserver, Sendable
where Downstream.Input == Duration {
  let downstream: Downstream
  let clock: SchedulerReference
  let previous: Locked<SignalInstant>

  init(downstream: Downstream, clock: SchedulerReference) {
    self.downstream = downstream
    self.clock = clock
    self.previous = Locked(clock.now)
  }

  func receive(_ event: Event<Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value:
      let now = clock.now
      let interval = previous.withLock { previous in
        defer { previous = now }
        return now - previous
      }
      return downstream.receive(.value(interval))
    case .finished:
      return downstream.receive(.finished)
    case .failed(let error):
      return downstream.receive(.failed(error))
    }
  }
}

extension MeasureIntervalSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension MeasureIntervalObserver: ForwardingObserver {}
extension MeasureIntervalObserver: EngineObserver where Downstream: EngineObserver {}
