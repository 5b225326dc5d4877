extension Signal {
  /// Passes on a value only once `interval` has passed without another value:
  /// each value restarts the wait, and only the latest is sent.
  ///
  /// ```marble debounce
  /// upstream:                 -ab---c-d|
  /// debounce(for: 2 frames):  ----b----(d|)
  /// ```
  ///
  /// (`d`, exactly when `c`'s quiet time ends, replaces it; the upstream finishes while `d` waits, so `d`
  /// is sent at once, with the finish.)
  ///
  /// Edge cases (decided; see <doc:Decisions>):
  /// - When the upstream finishes while a value is waiting, that value is sent at
  ///   once, then `finished`, as RxSwift, RxJS and swift-async-algorithms do
  ///   (Combine drops it). When it *fails* while a value is waiting, the value is
  ///   sent too, then the failure: there RxSwift and swift-async-algorithms drop
  ///   the value, and we do not — we never drop the last value.
  /// - A value is sent on `scheduler`, from the timer; a terminal event is
  ///   forwarded at once, not delayed.
  /// - A zero interval sends the latest value of each instant, at that instant;
  ///   a negative interval counts as zero.
  /// - Cancelling releases the waiting value and the scheduled action.
  public consuming func debounce(for interval: Duration, scheduler: some SignalScheduler) -> DebounceSignal<Self> {
    DebounceSignal(upstream: self, interval: interval, scheduler: scheduler)
  }
}

/// A signal that sends a value only after a quiet interval. See ``Signal/debounce(for:scheduler:)``.
public struct DebounceSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are debounced.
  public let upstream: Upstream
  /// The quiet time a value must wait for (a negative interval counts as zero).
  public let interval: Duration
  /// The scheduler that measures the interval and sends the values.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  /// The scheduler, by reference (see `SchedulerReference`).
  @usableFromInline let schedulerReference: SchedulerReference

  /// Creates the signal; prefer ``Signal/debounce(for:scheduler:)``.
  public init(upstream: Upstream, interval: Duration, scheduler: some SignalScheduler) {
    self.upstream = upstream
    self.interval = interval
    self.schedulerReference = Signals.schedulerReference(scheduler)
  }

  /// Subscribes `observer` to the debounced values.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TimedCore.subscribe(
      observer, to: upstream, machine: DebounceStateMachine<Output, Failure>(interval: interval), on: schedulerReference
    )
  }
}

extension DebounceSignal: HandsOverSubscription {}
