extension Signal {
  /// Emits the last value when the upstream finishes, then finishes.
  ///
  /// ```swift
  /// let last = [1, 2, 3].signal.last()  // 3, finished
  /// ```
  ///
  /// An upstream that finishes without a value yields only ``Event/finished``.
  /// A failure passes through and the remembered value is not emitted (as in Combine).
  public consuming func last() -> LastSignal<Self> {
    LastSignal(upstream: self, predicate: nil)
  }

  /// Emits the last value that satisfies `predicate` when the upstream finishes, then finishes.
  ///
  /// Without a match, only ``Event/finished``. A failure passes through and the
  /// remembered match is not emitted.
  public consuming func last(where predicate: @escaping @Sendable (Output) -> Bool) -> LastSignal<Self> {
    LastSignal(upstream: self, predicate: predicate)
  }
}

/// A signal that emits its upstream's last (matching) value on finish. See ``Signal/last()``.
public struct LastSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose last value is emitted.
  public let upstream: Upstream
  /// The condition the value must satisfy; `nil` takes the last value.
  public let predicate: (@Sendable (Output) -> Bool)?

  /// Creates the signal; prefer ``Signal/last()`` or ``Signal/last(where:)``.
  public init(upstream: Upstream, predicate: (@Sendable (Output) -> Bool)?) {
    self.upstream = upstream
    self.predicate = predicate
  }

  /// Subscribes `observer` to the last (matching) value.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    // `tryLast(where:)`'s step, with a predicate that does not throw (every value, without one).
    upstream.subscribe(observer, reducing: TryLastStep<Output, Failure>(predicate: predicate ?? { _ in true })) { $0 }
  }
}

extension LastSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
