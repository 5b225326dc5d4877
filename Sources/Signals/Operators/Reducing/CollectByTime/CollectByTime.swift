extension Signal {
  /// Collects values into arrays by time, or by time or count, and sends each array when its window ends.
  ///
  /// ```marble collect-by-time
  /// upstream:                   -ab--c----d-|
  /// collect(.byTime(3 frames)): ---x--y-----(z|)
  /// ```
  ///
  /// (`x` is `[a, b]`, `y` is `[c]`, `z` is `[d]`: windows end every 3 frames from the subscription; the
  /// window from 6 to 9 had no value and sends nothing; the finish sends what the last window holds.)
  ///
  /// <!-- setup
  /// let taps = PassthroughSignal<Void, Never>()
  /// let scheduler = DispatchSignalScheduler.main
  /// -->
  /// ```swift
  /// let tapsPerSecond = taps.collect(.byTime(scheduler, .seconds(1))).map(\.count)
  /// let batches = taps.collect(.byTimeOrCount(scheduler, .seconds(1), 10))  // at most 10 per array
  /// ```
  ///
  /// Windows are back to back, `interval` long, from the subscription: a value belongs to the window it
  /// comes in, and one exactly at a window's end to the next window. When a window ends, its values are
  /// sent as one array; a window without values sends nothing (as Combine; RxSwift's `buffer` sends `[]`).
  /// With `.byTimeOrCount`, a window also ends as soon as it holds `count` values, and the next window
  /// starts then (as RxSwift's `buffer(timeSpan:count:scheduler:)`).
  ///
  /// Edge cases (decided; see <doc:Decisions>):
  /// - The upstream finishing sends the values of the open window at once, then `finished` (as Combine).
  /// - The upstream failing sends the values of the open window at once, then the failure, as this
  ///   package's time operators do (Combine drops them): a value is never silently dropped.
  /// - Nothing is scheduled while no value waits: a window's timer starts with its first value.
  ///
  /// See ``SignalTimeGrouping`` for the bad inputs.
  public consuming func collect(_ strategy: SignalTimeGrouping) -> CollectByTimeSignal<Self> {
    CollectByTimeSignal(upstream: self, strategy: strategy)
  }
}

/// How ``Signal/collect(_:)-(SignalTimeGrouping)`` groups values: by time, or by time or count.
///
/// Combine's `Publishers.TimeGroupingStrategy`, with the same two spellings (`.byTime(scheduler, interval)`,
/// `.byTimeOrCount(scheduler, interval, count)`) and no scheduler options.
///
/// - Precondition: `interval` is positive and `count` at least 1: a zero or negative interval, or a count
///   below 1, stops the program with a "Signals: " message.
public struct SignalTimeGrouping: Sendable {
  /// The scheduler that measures the windows and sends the arrays.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  let schedulerReference: SchedulerReference
  /// How long a window lasts.
  public let interval: Duration
  /// The most values a window holds, or `nil` for windows by time alone.
  public let count: Int?

  init(scheduler: some SignalScheduler, interval: Duration, count: Int?) {
    if let problem = Self.problem(interval: interval, count: count) { preconditionFailure(problem) }
    self.schedulerReference = Signals.schedulerReference(scheduler)
    self.interval = interval
    self.count = count
  }

  /// Windows of `interval` on `scheduler`.
  public static func byTime(_ scheduler: some SignalScheduler, _ interval: Duration) -> SignalTimeGrouping {
    SignalTimeGrouping(scheduler: scheduler, interval: interval, count: nil)
  }

  /// Windows of `interval` on `scheduler`, each ended early when it holds `count` values.
  public static func byTimeOrCount(
    _ scheduler: some SignalScheduler, _ interval: Duration, _ count: Int
  ) -> SignalTimeGrouping {
    SignalTimeGrouping(scheduler: scheduler, interval: interval, count: count)
  }

  /// Why `interval` and `count` cannot group values, or `nil` when they can. Backs the precondition.
  package static func problem(interval: Duration, count: Int?) -> String? {
    if interval <= .zero { return "Signals: collect(.byTime) needs a positive interval, got \(interval)" }
    if let count, count < 1 { return "Signals: collect(.byTimeOrCount) needs a count of at least 1, got \(count)" }
    return nil
  }
}

/// A signal that sends its upstream's values in arrays, one per window of time.
/// See ``Signal/collect(_:)-(SignalTimeGrouping)``.
public struct CollectByTimeSignal<Upstream: Signal>: Signal {
  /// An array of the upstream's values.
  public typealias Output = [Upstream.Output]
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are collected.
  public let upstream: Upstream
  /// How the values are grouped.
  public let strategy: SignalTimeGrouping

  /// Creates the signal; prefer ``Signal/collect(_:)-(SignalTimeGrouping)``.
  public init(upstream: Upstream, strategy: SignalTimeGrouping) {
    self.upstream = upstream
    self.strategy = strategy
  }

  /// Subscribes `observer` to the arrays; the windows start now.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let scheduler = strategy.schedulerReference
    let machine = CollectByTimeStateMachine<Upstream.Output, Failure>(
      interval: strategy.interval, count: strategy.count, start: scheduler.now)
    return TimedCore.subscribe(observer, to: upstream, machine: machine, on: scheduler)
  }
}

extension CollectByTimeSignal: HandsOverSubscription {}
