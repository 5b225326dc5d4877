extension Signal where Output: Equatable {
  /// Drops a value equal to the last value emitted.
  ///
  /// ```swift
  /// let changes = [1, 1, 2, 2, 1].signal.removeDuplicates()  // 1, 2, 1
  /// ```
  @inlinable
  public consuming func removeDuplicates() -> RemoveDuplicatesSignal<Self> {
    RemoveDuplicatesSignal(upstream: self, predicate: ==)
  }
}

extension Signal {
  /// Drops a value when `predicate(lastEmitted, value)` returns `true`.
  ///
  /// As in Combine, each value is compared with the last value *emitted* (not
  /// the last one received); the first value is always emitted. Terminal events pass through.
  @inlinable
  public consuming func removeDuplicates(
    by predicate: @escaping @Sendable (Output, Output) -> Bool
  ) -> RemoveDuplicatesSignal<Self> {
    RemoveDuplicatesSignal(upstream: self, predicate: predicate)
  }
}

/// A signal that drops values equal to the last one emitted. See ``Signal/removeDuplicates(by:)``.
public struct RemoveDuplicatesSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose duplicates are dropped.
  public let upstream: Upstream
  /// Returns `true` when the second value duplicates the first (the last emitted).
  public let predicate: @Sendable (Output, Output) -> Bool

  /// Creates the signal; prefer ``Signal/removeDuplicates(by:)``.
  @inlinable
  public init(upstream: Upstream, predicate: @escaping @Sendable (Output, Output) -> Bool) {
    self.upstream = upstream
    self.predicate = predicate
  }

  /// Subscribes `observer`, remembering the last value emitted to it.
  @inlinable
  @inline(__always)
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(RemoveDuplicatesObserver(downstream: observer, predicate: predicate))
  }
}

/// The per-subscription memory of `removeDuplicates`.
@usableFromInline
final class RemoveDuplicatesObserver<Downstream: SignalObserver>: SignalObserver, Sendable {
  @usableFromInline let downstream: Downstream
  @usableFromInline let predicate: @Sendable (Downstream.Input, Downstream.Input) -> Bool
  @usableFromInline let last: Locked<Downstream.Input?>

  @inlinable
  init(downstream: Downstream, predicate: @escaping @Sendable (Downstream.Input, Downstream.Input) -> Bool) {
    self.downstream = downstream
    self.predicate = predicate
    self.last = Locked(nil)
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    guard case .value(let value) = event else { return downstream.receive(event) }
    // Serial events: the closure runs unlocked between the two locks.
    if let previous = last.withLock({ $0 }), predicate(previous, value) { return .continue }
    last.withLock { $0 = value }
    return downstream.receive(event)
  }
}

extension RemoveDuplicatesSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension RemoveDuplicatesObserver: ForwardingObserver {}
extension RemoveDuplicatesObserver: EngineObserver where Downstream: EngineObserver {}
