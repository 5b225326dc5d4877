extension Signal {
  /// Sends at most one value per `interval`: by default the first value, then, at the end of each window,
  /// the latest (or first) value received in it, as Combine's `throttle(for:scheduler:latest:)`.
  ///
  /// At 3 frames, for each mode:
  ///
  /// ```marble throttle-modes
  /// upstream:                    abc-d-----e-f---|
  /// latest: true (the default):  a--c--d---e--f--|
  /// latest: false:               a--b--d---e--f--|
  /// trailing: false:             a---d-----e-----|
  /// leading: false:              ---c--d------f--|
  /// ```
  ///
  /// Every event is sent from the scheduler, as in Combine: the value that opens a window at its own
  /// instant (so values of that same instant replace it with `latest: true`), a held value at its window's
  /// end, and the upstream's end after the value it holds, at that window's end (3 frames again):
  ///
  /// ```marble throttle-window-edges
  /// upstream:        (ab)-c--d-e|
  /// latest: true:    b--c--d--(e|)
  /// latest: false:   a--c--d--(e|)
  /// ```
  ///
  /// **The modes, against the libraries they match.**
  /// - The defaults (`leading: true, trailing: true`) are Combine's `throttle(for:scheduler:latest:)`, event
  ///   for event and instant for instant: the first value at its own instant, then one value per window,
  ///   at its end. With `latest: true` that is also RxSwift's `throttle(_:latest: true)` and RxJS's
  ///   `throttleTime(d, s, { leading: true, trailing: true })`, except that those send the first value
  ///   at once, before the scheduler runs, and RxJS drops a held value on a failure.
  /// - `latest:` is Combine's and RxSwift's label, with **Combine's** meaning: `false` sends the *first*
  ///   value of each window at its end. RxSwift's `latest: false` drops the values inside a window
  ///   instead: that is `trailing: false` here (RxJS's default `throttleTime(d)`, `{ leading: true,
  ///   trailing: false }`).
  /// - `leading: false` sends nothing at a window's start: the first value opens a window and only the
  ///   window's end sends (its latest value, or its first with `latest: false`), as RxJS's `{ leading:
  ///   false, trailing: true }`.
  ///
  /// Edge cases (decided; see <doc:Decisions>), Combine's:
  /// - A value that arrives while no window is open opens a window of `interval`; with `leading: true` it
  ///   waits for a timer at its own instant, with `leading: false` for the window's end.
  /// - A value waits for its timer until it is sent: a value that arrives meanwhile replaces it with
  ///   `latest: true` (and `trailing: true`), and is dropped otherwise. A window's end sends the value
  ///   waiting, which opens a new window; a window in which nothing waited closes silently.
  /// - Values that arrive during a window, with nothing waiting, wait for its end (`trailing: true`) or are
  ///   dropped (`trailing: false`, where `latest` changes nothing).
  /// - Windows are half-open: a value at the instant a window ends opens the next one, unless a value
  ///   still waits for that window's timer (on a test scheduler: the value was scheduled before the timer):
  ///   then it joins that value, as any value that arrives while one waits.
  /// - When the upstream finishes or fails while a value waits, the value is sent at its window's end, then
  ///   the terminal event: never dropped, never early. With nothing waiting, the terminal event is sent at
  ///   its own instant, from the scheduler.
  /// - A zero interval sends the latest (or first) value of each instant; a negative interval counts as
  ///   zero.
  /// - `leading: false, trailing: false` would send no value at all: it is a programming error (a
  ///   precondition whose message starts with "Signals: "), not a silent drop.
  /// - Cancelling releases the waiting value and the scheduled action; nothing is sent after.
  ///
  /// - Parameters:
  ///   - interval: the length of a window.
  ///   - scheduler: the scheduler that measures the windows and sends every event.
  ///   - latest: which value of a window its end sends: the newest (`true`) or the first (`false`).
  ///   - leading: whether a value that opens a window is sent at its own instant (the default), rather
  ///     than at the window's end.
  ///   - trailing: whether the end of a window sends a value received during it (the default).
  public consuming func throttle(
    for interval: Duration, scheduler: some SignalScheduler, latest: Bool, leading: Bool = true, trailing: Bool = true
  ) -> ThrottleSignal<Self> {
    ThrottleSignal(
      upstream: self, interval: interval, scheduler: scheduler, latest: latest, leading: leading, trailing: trailing)
  }
}

/// A signal that sends at most one value per interval. See ``Signal/throttle(for:scheduler:latest:leading:trailing:)``.
public struct ThrottleSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are throttled.
  public let upstream: Upstream
  /// The length of a window (a negative interval counts as zero).
  public let interval: Duration
  /// The scheduler that measures the windows and sends every event.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  /// The scheduler, by reference (see `SchedulerReference`).
  let schedulerReference: SchedulerReference
  /// Whether a window sends its latest value (`true`) or its first (`false`).
  public let latest: Bool
  /// Whether a value that opens a window is sent at its own instant, rather than at the window's end.
  public let leading: Bool
  /// Whether the end of a window sends a value received during it.
  public let trailing: Bool

  /// Creates the signal; prefer ``Signal/throttle(for:scheduler:latest:leading:trailing:)``.
  ///
  /// - Precondition: `leading` or `trailing` is true.
  public init(
    upstream: Upstream, interval: Duration, scheduler: some SignalScheduler, latest: Bool, leading: Bool = true,
    trailing: Bool = true
  ) {
    if let problem = Self.problem(leading: leading, trailing: trailing) { preconditionFailure(problem) }
    self.upstream = upstream
    self.interval = interval
    self.schedulerReference = Signals.schedulerReference(scheduler)
    self.latest = latest
    self.leading = leading
    self.trailing = trailing
  }

  /// Why `leading` and `trailing` are refused, or `nil` when they are fine. Backs the precondition.
  package static func problem(leading: Bool, trailing: Bool) -> String? {
    guard !leading && !trailing else { return nil }
    return "Signals: throttle(leading: false, trailing: false) would never send a value"
  }

  /// Subscribes `observer` to the throttled values.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TimedCore.subscribe(
      observer, to: upstream,
      machine: ThrottleStateMachine<Output, Failure>(
        interval: interval, latest: latest, leading: leading, trailing: trailing), on: schedulerReference)
  }
}

extension ThrottleSignal: HandsOverSubscription {}
