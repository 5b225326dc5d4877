extension Signal {
  /// Emits `false` and finishes at the first value that fails `predicate`, or `true` when the upstream
  /// finishes with every value satisfying it.
  ///
  /// ```marble all-satisfy
  /// upstream:               -2-4-5-6-|
  /// allSatisfy(isEven):     -----(f|)
  /// ```
  ///
  /// Above, `f` is `false`. An upstream that finishes without values yields `true`, as in Combine and
  /// `Sequence.allSatisfy(_:)`. The answer is sent as soon as it is known, and the upstream is released. A
  /// failure before the answer passes through, with no answer.
  public consuming func allSatisfy(
    _ predicate: @escaping @Sendable (Output) -> Bool
  ) -> AllSatisfySignal<Self, Failure> {
    tryAllSatisfy { (value) throws(Failure) in predicate(value) }
  }

  /// Emits whether every value satisfies a predicate that may throw; a thrown error ends the signal with
  /// that error.
  ///
  /// The predicate throws the upstream's own failure type here (typed throws), so the failure type is
  /// kept. When it throws, the error is sent and the upstream subscription is released.
  public consuming func tryAllSatisfy(
    _ predicate: @escaping @Sendable (Output) throws(Failure) -> Bool
  ) -> AllSatisfySignal<Self, Failure> {
    AllSatisfySignal(upstream: self, predicate: predicate) { $0 }
  }

  /// Emits whether every value satisfies a predicate that may throw any error; the failure type becomes
  /// `any Error`, as in Combine.
  public consuming func tryAllSatisfy(
    _ predicate: @escaping @Sendable (Output) throws -> Bool
  ) -> AllSatisfySignal<Self, any Error> {
    AllSatisfySignal(upstream: self, predicate: predicate) { $0 }
  }
}

/// A signal that emits whether every value of its upstream satisfies a predicate. See
/// ``Signal/allSatisfy(_:)``.
public struct AllSatisfySignal<Upstream: Signal, Failure: Error>: Signal {
  /// Whether every value satisfied the predicate.
  public typealias Output = Bool

  /// The signal whose values are tested.
  public let upstream: Upstream
  /// The condition every value must satisfy; a thrown error ends the signal.
  public let predicate: @Sendable (Upstream.Output) throws(Failure) -> Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the answer.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, matching: PredicateStep(predicate: predicate, decides: false), mapFailure: mapFailure)
  }
}

extension AllSatisfySignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
