extension Signal {
  /// Drops values while `predicate` returns `true`, then passes on everything.
  ///
  /// ```swift
  /// let fromFive = [1, 2, 5, 1].signal.drop { $0 < 3 }  // 5, 1, finished
  /// ```
  ///
  /// Once a value fails the predicate it is emitted, and the predicate is not
  /// called again. Terminal events pass through.
  public consuming func drop(while predicate: @escaping @Sendable (Output) -> Bool) -> DropWhileSignal<Self> {
    DropWhileSignal(upstream: self, predicate: predicate)
  }
}

/// A signal that drops its upstream's leading values that satisfy a predicate. See ``Signal/drop(while:)``.
public struct DropWhileSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose leading values are dropped.
  public let upstream: Upstream
  /// Values are dropped while this returns `true`.
  public let predicate: @Sendable (Output) -> Bool

  /// Creates the signal; prefer ``Signal/drop(while:)``.
  public init(upstream: Upstream, predicate: @escaping @Sendable (Output) -> Bool) {
    self.upstream = upstream
    self.predicate = predicate
  }

  /// Subscribes `observer` to the values from the first that fails the predicate on.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    // `tryDrop(while:)`'s step, with a predicate that does not throw.
    upstream.subscribe(
      ScanningObserver(downstream: observer, step: TryDropWhileStep<Output, Failure>(predicate: predicate)) { $0 })
  }
}

extension DropWhileSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
