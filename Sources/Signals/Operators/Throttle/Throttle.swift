extension Signal {
  /// Sends at most one value per `interval`: the first value at once, then,
  /// at the end of each window, the latest (or first) value received in it.
  ///
  /// ```text
  /// upstream:                               ab-c---d-e|
  /// throttle(for: 3 frames, latest: true):  a--c---d--(e|)
  /// throttle(for: 3 frames, latest: false): a--b---d--(e|)
  /// ```
  ///
  /// Edge cases (decided; see DESIGN.md), following Combine where it loses nothing:
  /// - A value that arrives while no window is open is sent at once and opens
  ///   a window of `interval`.
  /// - Values that arrive during a window are held: with `latest: true` the
  ///   newest replaces the held one, with `latest: false` the first is kept
  ///   and later ones are dropped (that is what throttling means). The held
  ///   value is sent when the window ends, which opens a new window. A window
  ///   in which nothing arrived closes silently.
  /// - Windows are half-open: a value exactly at the end of a window belongs
  ///   to the next one (held until that one ends, if the closing window sent a value).
  /// - When the upstream finishes or fails while a value is held, the value is
  ///   sent at once, then the terminal event: never dropped.
  /// - A zero interval sends every value at once; a negative interval counts as zero.
  /// - Cancelling releases the held value and the scheduled action.
  public func throttle(for interval: Duration, scheduler: some SignalScheduler, latest: Bool) -> ThrottleSignal<Self> {
    ThrottleSignal(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }
}

/// A signal that sends at most one value per interval. See ``Signal/throttle(for:scheduler:latest:)``.
public struct ThrottleSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are throttled.
  public let upstream: Upstream
  /// The length of a window (a negative interval counts as zero).
  public let interval: Duration
  /// The scheduler that measures the windows and sends the held values.
  public let scheduler: any SignalScheduler
  /// Whether a window sends its latest value (`true`) or its first (`false`).
  public let latest: Bool

  /// Creates the signal; prefer ``Signal/throttle(for:scheduler:latest:)``.
  public init(upstream: Upstream, interval: Duration, scheduler: some SignalScheduler, latest: Bool) {
    self.upstream = upstream
    self.interval = interval
    self.scheduler = scheduler
    self.latest = latest
  }

  /// Subscribes `observer` to the throttled values.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TimedOperatorStorage(
      machine: ThrottleStateMachine<Output, Failure>(interval: interval, latest: latest),
      downstream: observer, scheduler: scheduler
    ).attach(to: upstream)
  }
}
