extension Signal {
  /// Drops every value and passes on only the terminal event.
  ///
  /// <!-- setup
  /// struct LoadFailed: Error {}
  /// let loading = PassthroughSignal<Double, LoadFailed>()  // progress
  /// -->
  /// ```swift
  /// let done = loading.ignoreOutput()  // "finished" or "failed", nothing else
  /// ```
  public consuming func ignoreOutput() -> IgnoreOutputSignal<Self> {
    IgnoreOutputSignal(upstream: self)
  }
}

/// A signal that passes on only its upstream's terminal event. See ``Signal/ignoreOutput()``.
public struct IgnoreOutputSignal<Upstream: Signal>: Signal {
  /// It emits no value.
  public typealias Output = Never
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are dropped.
  public let upstream: Upstream

  /// Creates the signal; prefer ``Signal/ignoreOutput()``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes `observer` to the upstream's terminal event.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, filtering: IgnoreOutputStep<Upstream.Output, Failure>()) { $0 }
  }
}

/// `ignoreOutput()`'s step: every value is dropped.
struct IgnoreOutputStep<Input: Sendable, Failure: Error>: FilteringStep {
  func receive(_ value: Input) throws(Failure) -> FilteringAnswer<Never> { .drop }
}

extension IgnoreOutputSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
