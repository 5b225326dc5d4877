extension Signal {
  /// Sends at most one value per `interval`: by default the first value at once, then, at the end of each
  /// window, the latest (or first) value received in it.
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
  /// Windows are half-open: a value exactly at the end of a window belongs to the next one, and a value
  /// held when the upstream ends is sent at once (3 frames again, `latest: true` or `false`):
  ///
  /// ```marble throttle-window-edges
  /// upstream:  ab-c---d-e|
  /// throttle:  a--b--c--d(e|)
  /// ```
  ///
  /// **The modes, against the libraries they match.**
  /// - The defaults (`leading: true, trailing: true`) are Combine's `throttle(for:scheduler:latest:)`:
  ///   the first value at once, then one value per window, at its end. With `latest: true` that is also
  ///   RxSwift's `throttle(_:latest: true)` and RxJS's `throttleTime(d, s, { leading: true, trailing: true })`.
  /// - `latest:` is Combine's and RxSwift's label, with **Combine's** meaning: `false` sends the *first*
  ///   value of each window at its end. RxSwift's `latest: false` drops the values inside a window
  ///   instead: that is `trailing: false` here (RxJS's default `throttleTime(d)`, `{ leading: true,
  ///   trailing: false }`).
  /// - `leading: false` sends nothing at once: the first value opens a window and only the window's end
  ///   sends (its latest value, or its first with `latest: false`), as RxJS's `{ leading: false,
  ///   trailing: true }`.
  ///
  /// Edge cases (decided; see <doc:Decisions>), following Combine where it loses nothing:
  /// - A value that arrives while no window is open opens a window of `interval`; with `leading: true` it
  ///   is sent at once, with `leading: false` it is held for the window's end.
  /// - Values that arrive during a window are held (`trailing: true`): with `latest: true` the newest
  ///   replaces the held one, with `latest: false` the first is kept and later ones are dropped. The held
  ///   value is sent when the window ends, which opens a new window. A window in which nothing was held
  ///   closes silently. With `trailing: false` they are dropped, and `latest` changes nothing.
  /// - Windows are half-open: a value exactly at the end of a window belongs to the next one (held until
  ///   that one ends, if the closing window sent a value). RxJS counts a value that arrives at the end
  ///   of a window, before the window's timer, in the closing window.
  /// - When the upstream finishes or fails while a value is held, the value is sent at once, then the
  ///   terminal event: never dropped. (On a finish RxJS waits for the window's end to send it; on a
  ///   failure it drops it.)
  /// - A zero interval sends every value, at its instant; a negative interval counts as zero.
  /// - `leading: false, trailing: false` would send no value at all: it is a programming error (a
  ///   precondition whose message starts with "Signals: "), not a silent drop.
  /// - Cancelling releases the held value and the scheduled action.
  ///
  /// - Parameters:
  ///   - interval: the length of a window.
  ///   - scheduler: the scheduler that measures the windows and sends the held values.
  ///   - latest: which value of a window its end sends: the newest (`true`) or the first (`false`).
  ///   - leading: whether a value that opens a window is sent at once (the default).
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
  /// The scheduler that measures the windows and sends the held values.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  /// The scheduler, by reference (see `SchedulerReference`).
  let schedulerReference: SchedulerReference
  /// Whether a window sends its latest value (`true`) or its first (`false`).
  public let latest: Bool
  /// Whether a value that opens a window is sent at once.
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
