extension Signal {
  /// Resubscribes to the upstream when it fails, up to `times` more times, each after a delay on
  /// `scheduler` that `delay` gives: fixed, or growing exponentially up to a cap, with optional jitter.
  ///
  /// ```marble retry-delay
  /// upstream (cold):                   -a#
  /// retry(2, delay: .fixed(2 frames)): -a---a---a#
  /// ```
  ///
  /// (Each attempt sends `a` and fails; the retries start 2 frames after each failure; the third failure
  /// passes through.)
  ///
  /// <!-- setup
  /// struct Offline: Error {}
  /// let fetchUser = DeferredSignal { FailSignal<String, Offline>(Offline()) }  // the network call
  /// let scheduler = DispatchSignalScheduler.main
  /// -->
  /// ```swift
  /// let user = fetchUser.retry(
  ///   3, delay: .exponential(initial: .milliseconds(500), maximum: .seconds(4), jitter: 0.2),
  ///   scheduler: scheduler)
  /// ```
  ///
  /// Values of every attempt pass through; `finished` ends the result; after `times` retries the last
  /// failure passes through. Retry *k* (1 for the first) waits `delay`'s delay for retry *k*, measured from
  /// the failure; the upstream is subscribed again on `scheduler`. Cancelling while waiting cancels the
  /// timer; nothing is delivered after. Each subscription draws its jitter from its own copy of the
  /// backoff's generator. (CombineExt and RxSwift offer the same with a `RetryStrategy` or `retry(when:)`;
  /// Combine has only ``Signal/retry(_:)``, without a delay.)
  ///
  /// - Precondition: `times >= 0` (a negative count stops the program with a "Signals: " message); for the
  ///   backoff's own bad inputs, see ``SignalBackoff``.
  public consuming func retry(
    _ times: Int, delay: SignalBackoff, scheduler: some SignalScheduler
  ) -> RetryWithDelaySignal<Self> {
    RetryWithDelaySignal(upstream: self, times: times, backoff: delay, scheduler: scheduler)
  }

  /// Resubscribes to the upstream when it fails, up to `times` more times, each `delay` after the failure.
  ///
  /// <!-- setup
  /// struct Offline: Error {}
  /// let fetchUser = DeferredSignal { FailSignal<String, Offline>(Offline()) }
  /// let scheduler = DispatchSignalScheduler.main
  /// -->
  /// ```swift
  /// let user = fetchUser.retry(2, delay: .seconds(1), scheduler: scheduler)
  /// ```
  ///
  /// ``SignalBackoff/fixed(_:jitter:)``, without jitter. A negative delay stops the program with a
  /// "Signals: " message.
  public consuming func retry(
    _ times: Int, delay: Duration, scheduler: some SignalScheduler
  ) -> RetryWithDelaySignal<Self> {
    RetryWithDelaySignal(upstream: self, times: times, backoff: .fixed(delay), scheduler: scheduler)
  }
}

/// A signal that resubscribes to its upstream after a delay when it fails.
/// See ``Signal/retry(_:delay:scheduler:)-(_,SignalBackoff,_)``.
public struct RetryWithDelaySignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal retried.
  public let upstream: Upstream
  /// How many times a failure is answered with a new subscription.
  public let times: Int
  /// The delays before the retries.
  public let backoff: SignalBackoff
  /// Where the delays are measured and the upstream subscribed again.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  let schedulerReference: SchedulerReference

  /// Creates the signal; prefer ``Signal/retry(_:delay:scheduler:)-(_,SignalBackoff,_)``.
  public init(upstream: Upstream, times: Int, backoff: SignalBackoff, scheduler: some SignalScheduler) {
    precondition(times >= 0, "Signals: retry(_:delay:scheduler:) needs a count of at least 0, got \(times)")
    self.upstream = upstream
    self.times = times
    self.backoff = backoff
    self.schedulerReference = Signals.schedulerReference(scheduler)
  }

  /// Subscribes `observer` to the upstream, resubscribing after a delay on failure.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let context = RetryWithDelayContext(
      downstream: observer, upstream: upstream, remaining: times, backoff: backoff, scheduler: schedulerReference)
    return UpstreamSwitch.subscribe(observer, to: upstream, in: context)
  }
}

/// A `retry(_:delay:scheduler:)` subscription's context (the downstream, the retries left, the backoff with
/// its own generator), and its rule: a failure waits the backoff's delay, then subscribes the upstream
/// again, while retries remain.
struct RetryWithDelayContext<Downstream: SignalObserver, Upstream: Signal>: UpstreamSwitchContext
where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
  typealias UpstreamFailure = Downstream.Failure
  let downstream: Downstream
  let upstream: Upstream
  var remaining: Int
  var retries = 0
  /// Kept by reference: the context is copied for each value the downstream gets, and the backoff holds its
  /// generator.
  let backoff: Locked<SignalBackoff>
  let scheduler: SchedulerReference

  init(
    downstream: Downstream, upstream: Upstream, remaining: Int, backoff: SignalBackoff, scheduler: SchedulerReference
  ) {
    self.downstream = downstream
    self.upstream = upstream
    self.remaining = remaining
    self.backoff = Locked(backoff)
    self.scheduler = scheduler
  }

  static func receive(
    _ event: Event<Downstream.Input, Downstream.Failure>, generation: UInt64, of upstreamSwitch: UpstreamSwitch<Self>
  ) -> SignalControl {
    switch event {
    case .value:
      return upstreamSwitch.forwardValue(event, generation: generation)
    case .finished:
      return upstreamSwitch.pass(event, generation: generation)
    case .failed:
      // `nil`: this attempt is stale; `.some(nil)`: no retry left; else the retry's number, its backoff and
      // the scheduler.
      let retry = upstreamSwitch.withContext(ifCurrent: generation) {
        context -> (number: Int, backoff: Locked<SignalBackoff>, scheduler: SchedulerReference)? in
        guard context.remaining > 0 else { return nil }
        context.remaining -= 1
        context.retries += 1
        return (context.retries, context.backoff, context.scheduler)
      }
      switch retry {
      case nil:
        return .stop
      case nil?:
        return upstreamSwitch.pass(event, generation: generation)
      case let retry??:
        // The generator is the user's code: drawn from outside the lock (failures come one at a time).
        var backoff = retry.backoff.withLock { $0 }
        let delay = backoff.delay(forRetry: retry.number)
        retry.backoff.withLock { $0 = backoff }
        wait(delay, on: retry.scheduler, through: upstreamSwitch)
        return .stop
      }
    }
  }

  /// Waits `delay` on `scheduler` as the current "upstream" of the switch (cancelling cancels the timer),
  /// then subscribes the upstream again.
  static func wait(_ delay: Duration, on scheduler: SchedulerReference, through upstreamSwitch: UpstreamSwitch<Self>) {
    upstreamSwitch.switchTo { generation in
      let action = scheduler.schedule(after: delay) {
        guard let context = upstreamSwitch.context(ifCurrent: generation) else { return }
        upstreamSwitch.start(with: context.upstream)
      }
      upstreamSwitch.keep(
        SignalSubscriptionHandle(SignalSubscription(cancelling: action, on: scheduler)), generation: generation)
    }
  }
}

extension RetryWithDelaySignal: HandsOverSubscription {}
