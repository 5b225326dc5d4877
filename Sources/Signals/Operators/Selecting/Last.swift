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
    TrailingFinishGuard.subscribe(observer, to: upstream) {
      LastObserver(downstream: observer, predicate: predicate, finishGuard: $0)
    }
  }
}

/// The per-subscription memory of `last`.
final class LastObserver<Downstream: SignalObserver>: SignalObserver, Sendable {
  let downstream: Downstream
  /// `nil` for a downstream that needs none (see `TrailingFinishGuard`).
  let finishGuard: TrailingFinishGuard?
  let predicate: (@Sendable (Downstream.Input) -> Bool)?
  let last: Locked<Downstream.Input?>

  init(downstream: Downstream, predicate: (@Sendable (Downstream.Input) -> Bool)?, finishGuard: TrailingFinishGuard?) {
    self.finishGuard = finishGuard
    self.downstream = downstream
    self.predicate = predicate
    self.last = Locked(nil)
  }

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      if let predicate, !predicate(value) { return .continue }
      last.withLock { $0 = value }
      return .continue
    case .finished:
      let taken = last.withLock { last in
        defer { last = nil }
        return last
      }
      if let taken, downstream.receive(.value(taken)) == .stop { return .stop }
      return finishGuard.finish(downstream)
    case .failed(let error):
      let dropped = last.withLock { last in
        defer { last = nil }
        return last
      }
      _ = dropped  // released outside the lock
      return downstream.receive(.failed(error))
    }
  }
}

extension LastSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension LastObserver: ForwardingObserver {}
extension LastObserver: EngineObserver where Downstream: EngineObserver {}
