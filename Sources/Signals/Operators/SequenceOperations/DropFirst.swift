extension Signal {
  /// Drops the first `count` values, then passes on everything.
  ///
  /// <!-- setup
  /// let progress = CurrentValueSignal<Double, Never>(0)
  /// -->
  /// ```swift
  /// let updates = progress.dropFirst()  // skips a CurrentValueSignal's replayed value
  /// ```
  ///
  /// Terminal events pass through, even while values are still being dropped.
  /// `dropFirst(0)` passes everything.
  ///
  /// - Precondition: `count >= 0`. A negative count is a programming error and
  ///   stops the program with a "Signals: " message.
  public consuming func dropFirst(_ count: Int = 1) -> DropFirstSignal<Self> {
    precondition(count >= 0, "Signals: dropFirst(_:) needs a count of at least 0, got \(count)")
    return DropFirstSignal(upstream: self, count: count)
  }
}

/// A signal that drops its upstream's first values. See ``Signal/dropFirst(_:)``.
public struct DropFirstSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose first values are dropped.
  public let upstream: Upstream
  /// How many values are dropped.
  public let count: Int

  /// Creates the signal; prefer ``Signal/dropFirst(_:)``.
  public init(upstream: Upstream, count: Int) {
    precondition(count >= 0, "Signals: dropFirst(_:) needs a count of at least 0, got \(count)")
    self.upstream = upstream
    self.count = count
  }

  /// Subscribes `observer` to the values after the first ``count``.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    guard count > 0 else { return upstream.subscribe(observer) }
    return upstream.subscribe(DropFirstObserver(downstream: observer, count: count))
  }
}

/// The per-subscription count of `dropFirst`.
final class DropFirstObserver<Downstream: SignalObserver>: SignalObserver, Sendable {
  let downstream: Downstream
  let remaining: Locked<Int>

  init(downstream: Downstream, count: Int) {
    self.downstream = downstream
    self.remaining = Locked(count)
  }

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    if case .value = event {
      let drop = remaining.withLock { remaining in
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
      }
      if drop { return .continue }
    }
    return downstream.receive(event)
  }
}

extension DropFirstSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension DropFirstObserver: ForwardingObserver {}
extension DropFirstObserver: EngineObserver where Downstream: EngineObserver {}
