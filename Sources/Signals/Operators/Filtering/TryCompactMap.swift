extension Signal {
  /// Transforms each value with a closure that may throw and passes on the non-`nil` results; a thrown
  /// error ends the signal with that error.
  ///
  /// ```marble try-compact-map
  /// upstream:                          -1-a-3-x-|
  /// tryCompactMap(number), x throws:   -1---3-#
  /// ```
  ///
  /// The closure throws the upstream's own failure type here (typed throws), so the failure type is kept:
  ///
  /// <!-- setup
  /// enum ParseError: Error { case empty }
  /// let lines = PassthroughSignal<String, ParseError>()
  /// -->
  /// ```swift
  /// let numbers = lines.tryCompactMap { line throws(ParseError) -> Int? in
  ///   guard !line.isEmpty else { throw .empty }
  ///   return Int(line)  // a line that is not a number is dropped
  /// }
  /// ```
  ///
  /// When the closure throws, the error is sent downstream and the upstream subscription is released;
  /// terminal events pass through.
  public consuming func tryCompactMap<T: Sendable>(
    _ transform: @escaping @Sendable (Output) throws(Failure) -> T?
  ) -> TryCompactMapSignal<Self, T, Failure> {
    TryCompactMapSignal(upstream: self, transform: transform) { $0 }
  }

  /// Transforms each value with a closure that may throw any error and passes on the non-`nil` results;
  /// the failure type becomes `any Error`, as in Combine.
  ///
  /// Chosen when the closure throws errors of another type than the upstream's failure (an untyped
  /// `throws`). A thrown error ends the signal; an upstream failure passes through as `any Error`.
  public consuming func tryCompactMap<T: Sendable>(
    _ transform: @escaping @Sendable (Output) throws -> T?
  ) -> TryCompactMapSignal<Self, T, any Error> {
    TryCompactMapSignal(upstream: self, transform: transform) { $0 }
  }
}

/// A signal that passes on the non-`nil` results of a throwing transformation.
/// See ``Signal/tryCompactMap(_:)->TryCompactMapSignal<Self,T,Self.Failure>``.
public struct TryCompactMapSignal<Upstream: Signal, Output: Sendable, Failure: Error>: Signal {
  /// The signal whose values are transformed.
  public let upstream: Upstream
  /// The transformation; `nil` results are dropped, and a thrown error ends the signal.
  public let transform: @Sendable (Upstream.Output) throws(Failure) -> Output?
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the non-`nil` results.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, filtering: TryCompactMapStep(transform: transform), mapFailure: mapFailure)
  }
}

/// `tryCompactMap`'s step: a value passes transformed, unless the transformation returns `nil`.
struct TryCompactMapStep<Input: Sendable, Output: Sendable, Failure: Error>: FilteringStep {
  let transform: @Sendable (Input) throws(Failure) -> Output?

  func receive(_ value: Input) throws(Failure) -> FilteringAnswer<Output> {
    try transform(value).map { .send($0) } ?? .drop
  }
}

extension TryCompactMapSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
