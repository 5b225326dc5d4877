extension Signal {
  /// Emits the first value, then finishes and releases the upstream.
  ///
  /// <!-- setup
  /// let animationEnded = PassthroughSignal<Void, Never>()
  /// -->
  /// ```swift
  /// let ended = animationEnded.first()  // the first trigger only
  /// ```
  ///
  /// An upstream that finishes without a value yields only ``Event/finished``;
  /// a failure before the first value passes through.
  @inlinable
  public consuming func first() -> FirstSignal<Self> {
    FirstSignal(upstream: self, predicate: nil)
  }

  /// Emits the first value that satisfies `predicate`, then finishes and releases the upstream.
  ///
  /// An upstream that finishes before a match yields only ``Event/finished``;
  /// a failure before a match passes through.
  @inlinable
  public consuming func first(where predicate: @escaping @Sendable (Output) -> Bool) -> FirstSignal<Self> {
    FirstSignal(upstream: self, predicate: predicate)
  }
}

/// A signal that emits its upstream's first (matching) value, then finishes. See ``Signal/first()``.
public struct FirstSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose first value is emitted.
  public let upstream: Upstream
  /// The condition the value must satisfy; `nil` takes the first value.
  public let predicate: (@Sendable (Output) -> Bool)?

  /// Creates the signal; prefer ``Signal/first()`` or ``Signal/first(where:)``.
  @inlinable
  public init(upstream: Upstream, predicate: (@Sendable (Output) -> Bool)?) {
    self.upstream = upstream
    self.predicate = predicate
  }

  /// Subscribes `observer` to the first (matching) value.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TrailingFinishGuard.subscribe(observer, to: upstream) {
      FirstObserver(downstream: observer, predicate: predicate, finishGuard: $0)
    }
  }
}

// Stateless: after it answers `.stop`, the upstream delivers nothing more.
@usableFromInline
struct FirstObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let downstream: Downstream
  /// `nil` for a downstream that needs none (see `TrailingFinishGuard`).
  @usableFromInline let finishGuard: TrailingFinishGuard?
  @usableFromInline let predicate: (@Sendable (Downstream.Input) -> Bool)?

  @inlinable
  init(downstream: Downstream, predicate: (@Sendable (Downstream.Input) -> Bool)?, finishGuard: TrailingFinishGuard?) {
    self.finishGuard = finishGuard
    self.downstream = downstream
    self.predicate = predicate
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    guard case .value(let value) = event else { return downstream.receive(event) }
    if let predicate, !predicate(value) { return .continue }
    if downstream.receive(event) == .continue {
      _ = finishGuard.finish(downstream)
    }
    return .stop
  }
}

extension FirstSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension FirstObserver: ForwardingObserver {}
extension FirstObserver: EngineObserver where Downstream: EngineObserver {}
