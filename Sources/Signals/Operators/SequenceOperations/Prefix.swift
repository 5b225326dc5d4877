extension Signal {
  /// Emits at most the first `maxLength` values, then finishes and releases the upstream.
  ///
  /// ```swift
  /// let firstThree = (1...).signal.prefix(3)  // 1, 2, 3, finished
  /// ```
  ///
  /// - On the `maxLength`-th value: the value, then ``Event/finished``, then the
  ///   upstream is released (the operator answers ``SignalControl/stop``).
  /// - An upstream that ends sooner ends the result the same way.
  /// - `prefix(0)` finishes at once, without subscribing to the upstream.
  /// - Precondition: `maxLength >= 0`. A negative length is a programming
  ///   error (as in Combine) and stops the program with a "Signals: " message.
  public consuming func prefix(_ maxLength: Int) -> PrefixSignal<Self> {
    precondition(maxLength >= 0, "Signals: prefix(_:) needs a maxLength of at least 0, got \(maxLength)")
    return PrefixSignal(upstream: self, maxLength: maxLength)
  }
}

/// A signal that emits at most a number of its upstream's values. See ``Signal/prefix(_:)``.
public struct PrefixSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose first values are emitted.
  public let upstream: Upstream
  /// The most values emitted.
  public let maxLength: Int

  /// Creates the signal; prefer ``Signal/prefix(_:)``.
  public init(upstream: Upstream, maxLength: Int) {
    precondition(maxLength >= 0, "Signals: prefix(_:) needs a maxLength of at least 0, got \(maxLength)")
    self.upstream = upstream
    self.maxLength = maxLength
  }

  /// Subscribes `observer` to the first ``maxLength`` values.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    guard maxLength > 0 else {
      _ = observer.receive(.finished)
      return .empty
    }
    return upstream.subscribe(PrefixObserver(downstream: observer, maxLength: maxLength))
  }
}

/// The per-subscription count of `prefix(_:)`.
final class PrefixObserver<Downstream: SignalObserver>: SignalObserver, Sendable {
  let downstream: Downstream
  let remaining: Locked<Int>

  init(downstream: Downstream, maxLength: Int) {
    self.downstream = downstream
    self.remaining = Locked(maxLength)
  }

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    guard case .value = event else { return downstream.receive(event) }
    let left = remaining.withLock {
      $0 -= 1
      return $0
    }
    guard left >= 0 else { return .stop }
    guard downstream.receive(event) == .continue else { return .stop }
    guard left == 0 else { return .continue }
    _ = downstream.receive(.finished)
    return .stop
  }
}

extension PrefixSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension PrefixObserver: ForwardingObserver {}
extension PrefixObserver: EngineObserver where Downstream: EngineObserver {}
