extension Signal {
  /// Passes on only the values for which a predicate that may throw returns `true`; a thrown error ends
  /// the signal with that error.
  ///
  /// ```marble try-filter
  /// upstream:                        -1-2-3-x-4-|
  /// tryFilter(isOdd), x throws:      -1---3-#
  /// ```
  ///
  /// The predicate throws the upstream's own failure type here (typed throws), so the failure type is
  /// kept, as with ``Signal/tryMap(_:)->TryMapSignal<Self,T,Self.Failure>``. When it throws, the error is
  /// sent downstream and the upstream subscription is released; terminal events pass through.
  public consuming func tryFilter(
    _ isIncluded: @escaping @Sendable (Output) throws(Failure) -> Bool
  ) -> TryFilterSignal<Self, Failure> {
    TryFilterSignal(upstream: self, isIncluded: isIncluded) { $0 }
  }

  /// Passes on only the values for which a predicate that may throw any error returns `true`; the failure
  /// type becomes `any Error`, as in Combine.
  ///
  /// Chosen when the predicate throws errors of another type than the upstream's failure (an untyped
  /// `throws`). A thrown error ends the signal; an upstream failure passes through as `any Error`.
  public consuming func tryFilter(
    _ isIncluded: @escaping @Sendable (Output) throws -> Bool
  ) -> TryFilterSignal<Self, any Error> {
    TryFilterSignal(upstream: self, isIncluded: isIncluded) { $0 }
  }
}

/// A signal that passes on the values of its upstream that satisfy a throwing predicate.
/// See ``Signal/tryFilter(_:)->TryFilterSignal<Self,Self.Failure>``.
public struct TryFilterSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal whose values are filtered.
  public let upstream: Upstream
  /// The predicate; a thrown error ends the signal.
  public let isIncluded: @Sendable (Output) throws(Failure) -> Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the values that pass the predicate.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, filtering: TryFilterStep(isIncluded: isIncluded), mapFailure: mapFailure)
  }
}

/// `tryFilter`'s step: a value passes when the predicate returns `true`.
struct TryFilterStep<Input: Sendable, Failure: Error>: FilteringStep {
  let isIncluded: @Sendable (Input) throws(Failure) -> Bool

  func receive(_ value: Input) throws(Failure) -> FilteringAnswer<Input> {
    try isIncluded(value) ? .send(value) : .drop
  }
}

extension TryFilterSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
