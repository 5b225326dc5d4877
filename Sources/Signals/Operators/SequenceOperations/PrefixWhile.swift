extension Signal {
  /// Emits values while `predicate` returns `true`; the first value that fails it ends the signal.
  ///
  /// ```swift
  /// let small = [1, 2, 5, 1].signal.prefix { $0 < 3 }  // 1, 2, finished
  /// ```
  ///
  /// The value that fails the predicate is not emitted: the result finishes and
  /// releases the upstream instead. Terminal events pass through.
  public consuming func prefix(while predicate: @escaping @Sendable (Output) -> Bool) -> PrefixWhileSignal<Self> {
    PrefixWhileSignal(upstream: self, predicate: predicate)
  }
}

/// A signal that emits its upstream's values while they satisfy a predicate. See ``Signal/prefix(while:)``.
public struct PrefixWhileSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose leading values are emitted.
  public let upstream: Upstream
  /// Values are emitted while this returns `true`.
  public let predicate: @Sendable (Output) -> Bool

  /// Creates the signal; prefer ``Signal/prefix(while:)``.
  public init(upstream: Upstream, predicate: @escaping @Sendable (Output) -> Bool) {
    self.upstream = upstream
    self.predicate = predicate
  }

  /// Subscribes `observer` to the leading values that satisfy the predicate.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, filtering: PrefixWhileStep<Output, Failure>(predicate: predicate)) { $0 }
  }
}

/// `prefix(while:)`'s step: a value passes while the predicate returns `true`; the first that fails it ends
/// the signal.
struct PrefixWhileStep<Input: Sendable, Failure: Error>: FilteringStep {
  let predicate: @Sendable (Input) -> Bool

  func receive(_ value: Input) throws(Failure) -> FilteringAnswer<Input> { predicate(value) ? .send(value) : .finish }
}

extension PrefixWhileSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
