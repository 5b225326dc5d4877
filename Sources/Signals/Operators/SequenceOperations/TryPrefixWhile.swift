extension Signal {
  /// Emits values while a predicate that may throw returns `true`; the first value that fails it ends the
  /// signal, and a thrown error ends it with that error.
  ///
  /// ```marble try-prefix-while
  /// upstream:                  -1-2-5-1-|
  /// tryPrefix(while: < 3):     -1-2-|
  /// ```
  ///
  /// The value that fails the predicate is not emitted: the result finishes and releases the upstream
  /// instead, as with ``Signal/prefix(while:)``. The predicate throws the upstream's own failure type here
  /// (typed throws), so the failure type is kept. When it throws, the error is sent downstream and the
  /// upstream subscription is released; terminal events pass through.
  public consuming func tryPrefix(
    while predicate: @escaping @Sendable (Output) throws(Failure) -> Bool
  ) -> TryPrefixWhileSignal<Self, Failure> {
    TryPrefixWhileSignal(upstream: self, predicate: predicate) { $0 }
  }

  /// Emits values while a predicate that may throw any error returns `true`; the failure type becomes
  /// `any Error`, as in Combine.
  ///
  /// Chosen when the predicate throws errors of another type than the upstream's failure (an untyped
  /// `throws`). A thrown error ends the signal; an upstream failure passes through as `any Error`.
  public consuming func tryPrefix(
    while predicate: @escaping @Sendable (Output) throws -> Bool
  ) -> TryPrefixWhileSignal<Self, any Error> {
    TryPrefixWhileSignal(upstream: self, predicate: predicate) { $0 }
  }
}

/// A signal that emits its upstream's values while they satisfy a throwing predicate.
/// See ``Signal/tryPrefix(while:)->TryPrefixWhileSignal<Self,Self.Failure>``.
public struct TryPrefixWhileSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal whose leading values are emitted.
  public let upstream: Upstream
  /// Values are emitted while this returns `true`; a thrown error ends the signal.
  public let predicate: @Sendable (Output) throws(Failure) -> Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the leading values that satisfy the predicate.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, filtering: TryPrefixWhileStep(predicate: predicate), mapFailure: mapFailure)
  }
}

/// `tryPrefix(while:)`'s step: a value passes while the predicate returns `true`; the first that fails it
/// ends the signal.
struct TryPrefixWhileStep<Input: Sendable, Failure: Error>: FilteringStep {
  let predicate: @Sendable (Input) throws(Failure) -> Bool

  func receive(_ value: Input) throws(Failure) -> FilteringAnswer<Input> {
    try predicate(value) ? .send(value) : .finish
  }
}

extension TryPrefixWhileSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
