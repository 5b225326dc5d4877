extension Signal {
  /// Emits the last value that satisfies a predicate that may throw, when the upstream finishes; a thrown
  /// error ends the signal with that error.
  ///
  /// ```marble try-last-where
  /// upstream:                    -1-4-2-6-3-|
  /// tryLast(where: isEven):      -----------(6|)
  /// ```
  ///
  /// The predicate throws the upstream's own failure type here (typed throws), so the failure type is
  /// kept. When it throws, the error is sent at once and the upstream subscription is released. Without a
  /// match, only ``Event/finished``. A failure passes through and the remembered match is not emitted, as
  /// with ``Signal/last(where:)``.
  public consuming func tryLast(
    where predicate: @escaping @Sendable (Output) throws(Failure) -> Bool
  ) -> TryLastSignal<Self, Failure> {
    TryLastSignal(upstream: self, predicate: predicate) { $0 }
  }

  /// Emits the last value that satisfies a predicate that may throw any error; the failure type becomes
  /// `any Error`, as in Combine.
  public consuming func tryLast(
    where predicate: @escaping @Sendable (Output) throws -> Bool
  ) -> TryLastSignal<Self, any Error> {
    TryLastSignal(upstream: self, predicate: predicate) { $0 }
  }
}

/// A signal that emits its upstream's last value that satisfies a throwing predicate, on finish.
/// See ``Signal/tryLast(where:)->TryLastSignal<Self,Self.Failure>``.
public struct TryLastSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal whose last matching value is emitted.
  public let upstream: Upstream
  /// The condition the value must satisfy; a thrown error ends the signal.
  public let predicate: @Sendable (Output) throws(Failure) -> Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the last matching value.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, reducing: TryLastStep(predicate: predicate), mapFailure: mapFailure)
  }
}

/// `tryLast(where:)`'s step: the state is the last match so far.
struct TryLastStep<Input: Sendable, Failure: Error>: ReducingStep {
  let predicate: @Sendable (Input) throws(Failure) -> Bool

  var initialState: Input? { nil }

  func receive(_ value: Input, state last: inout Input?) throws(Failure) {
    if try predicate(value) { last = value }
  }

  func result(_ state: Input?) -> Input? { state }
}

extension TryLastSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
