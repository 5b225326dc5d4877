extension Signal {
  /// Fails with ``TimeoutFailure/timedOut`` if `interval` passes without an
  /// event: measured from subscription, and restarted by each value (as in Combine).
  ///
  /// The intro's safety net reads as a sentence:
  ///
  /// ```swift
  /// let outcome = animationEnded.map { IntroEnd.completed }
  ///   .timeout(.seconds(3), scheduler: scheduler)   // Failure == TimeoutFailure<Never>
  /// ```
  ///
  /// ```text
  /// upstream:                 -a-----b|
  /// timeout(3 frames):        -a---#          (# = .timedOut)
  /// ```
  ///
  /// Edge cases (decided; see DESIGN.md):
  /// - When it fires, the signal *fails* with the typed ``TimeoutFailure/timedOut``
  ///   and cancels the upstream. (Combine's `timeout` without `customError`
  ///   finishes normally, which makes a timeout indistinguishable from a
  ///   normal end; we never hide it.) Upstream failures arrive as
  ///   ``TimeoutFailure/upstream(_:)``. To keep the upstream's failure type,
  ///   use ``timeout(_:scheduler:customError:)``; to carry on with another
  ///   signal, ``timeout(_:scheduler:fallback:)``.
  /// - Values pass through at once; each restarts the interval, measured from
  ///   when the downstream has handled it (time spent downstream is not
  ///   upstream silence; in virtual time it is the same instant). A terminal
  ///   event before the deadline passes through and cancels the timer.
  /// - On the test scheduler, an event due exactly at the deadline was
  ///   scheduled before the timer, so it arrives in time (equal-time rule).
  /// - A zero interval fires at the subscription instant, after whatever the
  ///   upstream delivers synchronously while subscribing; a negative interval
  ///   counts as zero.
  public func timeout(
    _ interval: Duration, scheduler: some SignalScheduler
  ) -> TimeoutSignal<Self, TimeoutFailure<Failure>> {
    TimeoutSignal(
      upstream: self, interval: interval, scheduler: scheduler, mapFailure: { .upstream($0) },
      action: .fail({ .timedOut }), fallback: nil)
  }

  /// Fails with the error `customError` makes if `interval` passes without an
  /// event (measured from subscription, restarted by each value), as Combine's
  /// `timeout(_:scheduler:options:customError:)`.
  ///
  /// `customError` runs once, when the timeout fires. See ``timeout(_:scheduler:)`` for the edge cases.
  public func timeout(
    _ interval: Duration, scheduler: some SignalScheduler, customError: @escaping @Sendable () -> Failure
  ) -> TimeoutSignal<Self, Failure> {
    TimeoutSignal(
      upstream: self, interval: interval, scheduler: scheduler, mapFailure: { $0 },
      action: .fail(customError), fallback: nil)
  }

  /// Switches to `fallback` if `interval` passes without an event (measured
  /// from subscription, restarted by each value).
  ///
  /// ```swift
  /// let end = animationEnded.map { IntroEnd.completed }
  ///   .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(IntroEnd.timedOut))
  /// ```
  ///
  /// ```text
  /// upstream:                          -a-----b|
  /// fallback (cold):                   xy|
  /// timeout(3 frames, fallback:):      -a---xy|
  /// ```
  ///
  /// When the timeout fires, the upstream is cancelled and `fallback` is
  /// subscribed to at that instant; its events, terminal included, pass
  /// through unchanged and are not timed. See ``timeout(_:scheduler:)`` for the other edge cases.
  public func timeout<Fallback: Signal>(
    _ interval: Duration, scheduler: some SignalScheduler, fallback: Fallback
  ) -> TimeoutSignal<Self, Failure> where Fallback.Output == Output, Fallback.Failure == Failure {
    TimeoutSignal(
      upstream: self, interval: interval, scheduler: scheduler, mapFailure: { $0 },
      action: .switchToFallback, fallback: AnySignal(fallback))
  }
}

/// A signal that fails, or switches to a fallback, when its upstream is silent
/// for too long. See ``Signal/timeout(_:scheduler:)``.
public struct TimeoutSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal being timed.
  public let upstream: Upstream
  /// How long the upstream may be silent (a negative interval counts as zero).
  public let interval: Duration
  /// The scheduler that measures the interval.
  public var scheduler: any SignalScheduler { timing.scheduler }
  @usableFromInline let behavior: TimeoutBehavior<Upstream.Failure, Output, Failure>
  @usableFromInline let timing: ScheduledTiming

  @usableFromInline
  init(
    upstream: Upstream, interval: Duration, scheduler: some SignalScheduler,
    mapFailure: @escaping @Sendable (Upstream.Failure) -> Failure, action: TimeoutAction<Failure>,
    fallback: AnySignal<Output, Failure>?
  ) {
    self.upstream = upstream
    self.interval = interval
    self.behavior = TimeoutBehavior(mapFailure: mapFailure, action: action, fallback: fallback)
    self.timing = ScheduledTiming(scheduler: scheduler, duration: effectiveInterval(interval))
  }

  /// Subscribes `observer`; the interval starts now.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    .make(_subscribeHandle(observer))
  }

  /// Subscribes `observer` for another operator; see `Signal._subscribeHandle(_:)`.
  @inlinable
  public func _subscribeHandle<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure {
    let core = TimeoutCore<Upstream.Failure, Observer>(
      TimeoutState(
        downstream: observer, timing: timing, behavior: behavior))
    let upstreamSubscription = upstream._subscribeHandle(TimeoutUpstreamObserver(core: core))
    // Measured from the end of the upstream's subscription (the same instant in virtual time). The first
    // timer captures only the core: its closure needs no allocation.
    let timer = timing.scheduler.schedule(after: timing.duration) { core.timerFired(generation: 0) }
    core.started(upstream: upstreamSubscription, timer: timer)
    return core.handle
  }
}
