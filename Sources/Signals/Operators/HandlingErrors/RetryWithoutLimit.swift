extension Signal {
  /// Resubscribes to the upstream every time it fails, without a limit: the result ends when the upstream
  /// finishes, or when it is cancelled. Combine's `Publishers.Retry` with `retries: nil`, RxSwift's
  /// `retry()`.
  ///
  /// Each attempt is a new subscription; the third one finishes (drawn on the result's frames):
  ///
  /// ```marble retry-without-limit
  /// attempt 1:  -a#
  /// attempt 2:  ---b#
  /// attempt 3:  -----c|
  /// retry():    -a-b-c|
  /// ```
  ///
  /// <!-- setup
  /// struct Dropped: Error {}
  /// let connection = DeferredSignal { FailSignal<String, Dropped>(Dropped()) }
  /// -->
  /// ```swift
  /// let messages = connection.retry().prefix(1)  // until a connection sends a message
  /// ```
  ///
  /// The same as `retry(.max)`; see ``Signal/retry(_:)`` for the rest. An upstream that fails during
  /// `subscribe` every time is retried in a loop on the subscribing thread, with no stack growth, for as
  /// long as it fails: to wait between attempts, use ``Signal/retry(_:delay:scheduler:)-(_,Duration,_)``.
  public consuming func retry() -> RetrySignal<Self> {
    RetrySignal(upstream: self, retries: nil)
  }
}

extension RetrySignal {
  /// Combine's `Publishers.Retry(upstream:retries:)`: retries `retries` times, or without a limit when
  /// `retries` is `nil`. Prefer ``Signal/retry(_:)`` and ``Signal/retry()``.
  ///
  /// - Precondition: `retries` is `nil` or at least 0 (Combine retries without a limit on a negative
  ///   count; here it stops the program with a "Signals: " message, as `retry(-1)` does).
  public init(upstream: Upstream, retries: Int?) {
    self.init(upstream: upstream, times: retries ?? .max)
  }

  /// How many times a failure is answered with a new subscription; `nil` without a limit.
  public var retries: Int? { times == .max ? nil : times }
}
