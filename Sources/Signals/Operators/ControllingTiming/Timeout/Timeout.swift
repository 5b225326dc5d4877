extension Signal {
  /// Fails with ``TimeoutFailure/timedOut`` if `interval` passes without an
  /// event: measured from subscription, and restarted by each value (as in Combine).
  ///
  /// The intro's safety net reads as a sentence:
  ///
  /// <!-- setup
  /// enum IntroEnd: Sendable { case completed }
  /// let animationEnded = PassthroughSignal<Void, Never>()
  /// let scheduler = DispatchSignalScheduler.main
  /// -->
  /// ```swift
  /// let outcome = animationEnded.map { IntroEnd.completed }
  ///   .timeout(.seconds(3), scheduler: scheduler)   // Failure == TimeoutFailure<Never>
  /// ```
  ///
  /// At 3 frames (`#` is ``TimeoutFailure/timedOut``):
  ///
  /// ```marble timeout
  /// upstream:           -a-----b|
  /// timeout(3 frames):  -a--#
  /// ```
  ///
  /// Edge cases (decided; see <doc:Decisions>):
  /// - When it fires, the signal *fails* with the typed ``TimeoutFailure/timedOut``
  ///   and cancels the upstream. (Combine's `timeout` without `customError`
  ///   finishes normally, which makes a timeout indistinguishable from a
  ///   normal end; we never hide it.) Upstream failures arrive as
  ///   ``TimeoutFailure/upstream(_:)``. To keep the upstream's failure type,
  ///   use ``timeout(_:scheduler:customError:)``; to carry on with another
  ///   signal, ``timeout(_:scheduler:fallback:)``; to time only the first value
  ///   (or it and the gaps after it differently), ``timeout(first:each:scheduler:)``.
  /// - Values pass through at once; each restarts the interval, measured from
  ///   when the downstream has handled it (time spent downstream is not
  ///   upstream silence; in virtual time it is the same instant). A terminal
  ///   event before the deadline passes through and cancels the timer.
  /// - An event at the deadline's instant is in time when it comes before the
  ///   timer: on the test scheduler, when it was scheduled before the
  ///   subscription (as a marble diagram's inputs are) or by the upstream while
  ///   being subscribed; one scheduled after the subscription comes after the
  ///   timer and is late (the equal-time rule).
  /// - A zero interval fires at the subscription instant, after whatever the
  ///   upstream delivers synchronously while subscribing; a negative interval
  ///   counts as zero.
  @inlinable
  public consuming func timeout(
    _ interval: Duration, scheduler: some SignalScheduler
  ) -> TimeoutSignal<Self, TimeoutFailure<Failure>> {
    TimeoutSignal(
      upstream: self, first: interval, each: interval, scheduler: scheduler, mapping: .wrapped,
      firing: .fail { .timedOut })
  }

  /// Fails with the error `customError` makes if `interval` passes without an
  /// event (measured from subscription, restarted by each value), as Combine's
  /// `timeout(_:scheduler:options:customError:)`.
  ///
  /// `customError` runs once, when the timeout fires. See ``timeout(_:scheduler:)`` for the edge cases.
  @inlinable
  public consuming func timeout(
    _ interval: Duration, scheduler: some SignalScheduler, customError: @escaping @Sendable () -> Failure
  ) -> TimeoutSignal<Self, Failure> {
    TimeoutSignal(
      upstream: self, first: interval, each: interval, scheduler: scheduler, mapping: .unchanged,
      firing: .fail(customError))
  }

  /// Switches to `fallback` if `interval` passes without an event (measured
  /// from subscription, restarted by each value).
  ///
  /// <!-- setup
  /// enum IntroEnd: Sendable { case completed, timedOut }
  /// let animationEnded = PassthroughSignal<Void, Never>()
  /// let scheduler = DispatchSignalScheduler.main
  /// -->
  /// ```swift
  /// let end = animationEnded.map { IntroEnd.completed }
  ///   .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(IntroEnd.timedOut))
  /// ```
  ///
  /// At 3 frames, with a cold fallback (its lane counts frames from its subscription, at the timeout):
  ///
  /// ```marble timeout-fallback
  /// upstream:                      -a-----b|
  /// fallback:                      xy|
  /// timeout(3 frames, fallback:):  -a--xy|
  /// ```
  ///
  /// When the timeout fires, the upstream is cancelled and `fallback` is
  /// subscribed to at that instant; its events, terminal included, pass
  /// through unchanged and are not timed. See ``timeout(_:scheduler:)`` for the other edge cases.
  @inlinable
  public consuming func timeout<Fallback: Signal>(
    _ interval: Duration, scheduler: some SignalScheduler, fallback: consuming Fallback
  ) -> TimeoutSignal<Self, Failure> where Fallback.Output == Output, Fallback.Failure == Failure {
    TimeoutSignal(
      upstream: self, first: interval, each: interval, scheduler: scheduler, mapping: .unchanged,
      firing: .switchTo(fallback))
  }

  // MARK: The first value

  /// Fails with ``TimeoutFailure/timedOut`` if the first event takes longer than `first`, measured from
  /// subscription; after the first value, only if `each` is given and passes without an event
  /// (restarted by each value).
  ///
  /// RxJS's `timeout({ first })` (`each: nil`, the default: once a value came, the upstream may be
  /// silent for as long as it likes) and `timeout({ first, each })`. ``timeout(_:scheduler:)`` is the
  /// same as `first` and `each` both `interval`.
  ///
  /// <!-- setup
  /// let content = PassthroughSignal<[String], Never>()
  /// let scheduler = DispatchSignalScheduler.main
  /// -->
  /// ```swift
  /// // The content must start arriving within 3 s; after that, it takes its time.
  /// let pages = content.timeout(first: .seconds(3), scheduler: scheduler)
  /// ```
  ///
  /// At 3 frames, the first value in time, then a long silence; a first value too late; and, with
  /// `each: 2 frames`, a gap too long after the first value:
  ///
  /// ```marble timeout-first
  /// upstream:                  --a------b|
  /// timeout(first: 3 frames):  --a------b|
  /// ```
  ///
  /// ```marble timeout-first-late
  /// upstream:                  -----a|
  /// timeout(first: 3 frames):  ---#
  /// ```
  ///
  /// ```marble timeout-first-each
  /// upstream:                           --a-b----c|
  /// timeout(first: 3 frames, each: 2):  --a-b-#
  /// ```
  ///
  /// The edge cases are those of ``timeout(_:scheduler:)``: an event exactly at a deadline is in time,
  /// a terminal event before it passes through and cancels the timer, and a zero or negative `first`
  /// or `each` counts as zero.
  @inlinable
  public consuming func timeout(
    first: Duration, each: Duration? = nil, scheduler: some SignalScheduler
  ) -> TimeoutSignal<Self, TimeoutFailure<Failure>> {
    TimeoutSignal(
      upstream: self, first: first, each: each, scheduler: scheduler, mapping: .wrapped,
      firing: .fail { .timedOut })
  }

  /// ``timeout(first:each:scheduler:)`` failing with the error `customError` makes, which keeps the
  /// upstream's failure type. `customError` runs once, when the timeout fires.
  @inlinable
  public consuming func timeout(
    first: Duration, each: Duration? = nil, scheduler: some SignalScheduler,
    customError: @escaping @Sendable () -> Failure
  ) -> TimeoutSignal<Self, Failure> {
    TimeoutSignal(
      upstream: self, first: first, each: each, scheduler: scheduler, mapping: .unchanged,
      firing: .fail(customError))
  }

  /// ``timeout(first:each:scheduler:)`` switching to `fallback` when it fires (RxJS's `with`), as
  /// ``timeout(_:scheduler:fallback:)`` does.
  @inlinable
  public consuming func timeout<Fallback: Signal>(
    first: Duration, each: Duration? = nil, scheduler: some SignalScheduler, fallback: consuming Fallback
  ) -> TimeoutSignal<Self, Failure> where Fallback.Output == Output, Fallback.Failure == Failure {
    TimeoutSignal(
      upstream: self, first: first, each: each, scheduler: scheduler, mapping: .unchanged,
      firing: .switchTo(fallback))
  }
}

/// A signal that fails, or switches to a fallback, when its upstream is silent
/// for too long. See ``Signal/timeout(_:scheduler:)``.
public struct TimeoutSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal being timed.
  public let upstream: Upstream
  /// How long the upstream may take to send its first event (a negative interval counts as zero).
  public let interval: Duration
  /// How long the upstream may be silent after each value (a negative interval counts as zero); `nil`
  /// when only the first value is timed. Equal to ``interval`` for ``Signal/timeout(_:scheduler:)``.
  public let each: Duration?
  /// The scheduler that measures the interval.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  /// The scheduler, by reference (see `SchedulerReference`).
  @usableFromInline let schedulerReference: SchedulerReference
  /// Each subscription's machine as it starts, copied into the subscription.
  @usableFromInline let machine: TimeoutStateMachine<Output, Upstream.Failure, Failure>

  @inlinable
  init(
    upstream: Upstream, first: Duration, each: Duration?, scheduler: some SignalScheduler,
    mapping: TimeoutFailureMapping, firing: consuming TimeoutStateMachine<Output, Upstream.Failure, Failure>.Firing
  ) {
    self.upstream = upstream
    self.interval = first
    self.each = each
    self.schedulerReference = Signals.schedulerReference(scheduler)
    self.machine = TimeoutStateMachine(first: first, each: each, mapping: mapping, firing: firing)
  }

  /// Subscribes `observer`; the interval starts now.
  @inlinable
  @inline(__always)
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    .handing(subscribeEngine(observer).handle, to: observer)
  }

  /// Subscribes a new engine for `observer`; the face makes its handle (the Engines article, rule 1).
  @inlinable
  func subscribeEngine<Observer: SignalObserver>(_ observer: Observer) -> TimeoutCore<Upstream.Failure, Observer>
  where Observer.Input == Output, Observer.Failure == Failure {
    var timer: TimedTimerRequest?
    let core = TimeoutCore(machine: machine, downstream: observer, scheduler: schedulerReference, starting: &timer)
    upstream.subscribe(keeping: TimeoutUpstreamObserver(core: core))
    // The first interval is measured from the end of the upstream's subscription (the same instant in
    // virtual time).
    core.attach(starting: timer, on: schedulerReference)
    return core
  }
}

extension TimeoutSignal: HandsOverSubscription {}
