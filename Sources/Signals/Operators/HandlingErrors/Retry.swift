extension Signal {
  /// Resubscribes to the upstream when it fails, up to `times` more times.
  ///
  /// <!-- setup
  /// struct Unreachable: Error {}
  /// let fetchConfig = DeferredSignal { FailSignal<[String: String], Unreachable>(Unreachable()) }
  /// -->
  /// ```swift
  /// let config = fetchConfig.retry(2)  // up to 3 attempts in all
  /// ```
  ///
  /// Values of every attempt pass through; `finished` ends the result. After
  /// `times` retries, the last failure passes through. `retry(0)` passes the
  /// first failure through.
  ///
  /// Retries are not nested: an upstream that fails synchronously during
  /// `subscribe`, every time, is retried in a loop, so `retry(100_000)` does not
  /// grow the stack. Cancelling cancels the current attempt, also while a
  /// retry is being subscribed; nothing is delivered after.
  ///
  /// - Precondition: `times >= 0`. A negative count is a programming error (it
  ///   reads as "retry forever" or "never" with equal right) and stops the
  ///   program with a "Signals: " message.
  public consuming func retry(_ times: Int) -> RetrySignal<Self> {
    precondition(times >= 0, "Signals: retry(_:) needs a count of at least 0, got \(times)")
    return RetrySignal(upstream: self, times: times)
  }
}

/// A signal that resubscribes to its upstream when it fails. See ``Signal/retry(_:)``.
public struct RetrySignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal retried.
  public let upstream: Upstream
  /// How many times a failure is answered with a new subscription (`.max`: without a limit).
  public let times: Int

  /// Creates the signal; prefer ``Signal/retry(_:)``.
  public init(upstream: Upstream, times: Int) {
    precondition(times >= 0, "Signals: retry(_:) needs a count of at least 0, got \(times)")
    self.upstream = upstream
    self.times = times
  }

  /// Subscribes `observer` to the upstream, resubscribing on failure.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    UpstreamSwitch.subscribe(
      observer, to: upstream, in: RetryContext(downstream: observer, upstream: upstream, remaining: times))
  }
}

/// A `retry` subscription's context, and its rule: a failure subscribes the upstream again while attempts
/// remain.
struct RetryContext<Downstream: SignalObserver, Upstream: Signal>: UpstreamSwitchContext
where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
  typealias UpstreamFailure = Downstream.Failure
  let downstream: Downstream
  let upstream: Upstream
  var remaining: Int

  static func receive(
    _ event: Event<Downstream.Input, Downstream.Failure>, generation: UInt64, of upstreamSwitch: UpstreamSwitch<Self>
  ) -> SignalControl {
    switch event {
    case .value:
      return upstreamSwitch.forwardValue(event, generation: generation)
    case .finished:
      return upstreamSwitch.pass(event, generation: generation)
    case .failed:
      // `nil`: this attempt is stale; `.some(nil)`: no retry left; `.some(upstream)`: retry it.
      let retry = upstreamSwitch.withContext(ifCurrent: generation) { context -> Upstream? in
        guard context.remaining > 0 else { return nil }
        if context.remaining != .max { context.remaining -= 1 }  // .max: without a limit (`retry()`)
        return context.upstream
      }
      switch retry {
      case nil:
        return .stop
      case let upstream??:
        upstreamSwitch.start(with: upstream)
        return .stop
      case nil?:
        return upstreamSwitch.pass(event, generation: generation)
      }
    }
  }
}

extension RetrySignal: HandsOverSubscription {}
