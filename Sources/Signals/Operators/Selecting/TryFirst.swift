extension Signal {
  /// Emits the first value that satisfies a predicate that may throw, then finishes and releases the
  /// upstream; a thrown error ends the signal with that error.
  ///
  /// ```marble try-first-where
  /// upstream:                    -1-3-4-6-|
  /// tryFirst(where: isEven):     -----(4|)
  /// ```
  ///
  /// The predicate throws the upstream's own failure type here (typed throws), so the failure type is
  /// kept. When it throws, the error is sent and the upstream subscription is released. An upstream that
  /// finishes before a match yields only ``Event/finished``; a failure before a match passes through, as
  /// with ``Signal/first(where:)``.
  public consuming func tryFirst(
    where predicate: @escaping @Sendable (Output) throws(Failure) -> Bool
  ) -> TryFirstSignal<Self, Failure> {
    TryFirstSignal(upstream: self, predicate: predicate) { $0 }
  }

  /// Emits the first value that satisfies a predicate that may throw any error; the failure type becomes
  /// `any Error`, as in Combine.
  public consuming func tryFirst(
    where predicate: @escaping @Sendable (Output) throws -> Bool
  ) -> TryFirstSignal<Self, any Error> {
    TryFirstSignal(upstream: self, predicate: predicate) { $0 }
  }
}

/// A signal that emits its upstream's first value that satisfies a throwing predicate, then finishes.
/// See ``Signal/tryFirst(where:)->TryFirstSignal<Self,Self.Failure>``.
public struct TryFirstSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal whose first matching value is emitted.
  public let upstream: Upstream
  /// The condition the value must satisfy; a thrown error ends the signal.
  public let predicate: @Sendable (Output) throws(Failure) -> Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the first matching value.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, matching: TryFirstStep(predicate: predicate), mapFailure: mapFailure)
  }
}

/// `tryFirst(where:)`'s step: a value that satisfies the predicate is the answer; none at the finish.
struct TryFirstStep<Input: Sendable, Failure: Error>: MatchingStep {
  let predicate: @Sendable (Input) throws(Failure) -> Bool

  func decide(_ value: Input) throws(Failure) -> Input? {
    try predicate(value) ? value : nil
  }

  var answerAtFinish: Input? { nil }
}

extension TryFirstSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
