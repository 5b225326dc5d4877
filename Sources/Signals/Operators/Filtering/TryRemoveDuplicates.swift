extension Signal {
  /// Drops a value when `predicate(lastEmitted, value)` returns `true`; a thrown error ends the signal with
  /// that error.
  ///
  /// ```marble try-remove-duplicates
  /// upstream:                                 -a-a-b-b-a-x-|
  /// tryRemoveDuplicates(by: ==), x throws:    -a---b---a-#
  /// ```
  ///
  /// As with ``Signal/removeDuplicates(by:)``, each value is compared with the last value *emitted*, and
  /// the first value is always emitted (the predicate is not asked about it). The predicate throws the
  /// upstream's own failure type here (typed throws), so the failure type is kept. When it throws, the
  /// error is sent downstream and the upstream subscription is released; terminal events pass through.
  public consuming func tryRemoveDuplicates(
    by predicate: @escaping @Sendable (Output, Output) throws(Failure) -> Bool
  ) -> TryRemoveDuplicatesSignal<Self, Failure> {
    TryRemoveDuplicatesSignal(upstream: self, predicate: predicate) { $0 }
  }

  /// Drops a value when a predicate that may throw any error says it duplicates the last value emitted;
  /// the failure type becomes `any Error`, as in Combine.
  ///
  /// Chosen when the predicate throws errors of another type than the upstream's failure (an untyped
  /// `throws`). A thrown error ends the signal; an upstream failure passes through as `any Error`.
  public consuming func tryRemoveDuplicates(
    by predicate: @escaping @Sendable (Output, Output) throws -> Bool
  ) -> TryRemoveDuplicatesSignal<Self, any Error> {
    TryRemoveDuplicatesSignal(upstream: self, predicate: predicate) { $0 }
  }
}

/// A signal that drops values that a throwing predicate says duplicate the last one emitted.
/// See ``Signal/tryRemoveDuplicates(by:)->TryRemoveDuplicatesSignal<Self,Self.Failure>``.
public struct TryRemoveDuplicatesSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal whose duplicates are dropped.
  public let upstream: Upstream
  /// Returns `true` when the second value duplicates the first (the last emitted); a thrown error ends the
  /// signal.
  public let predicate: @Sendable (Output, Output) throws(Failure) -> Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer`, remembering the last value emitted to it.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(
      ScanningObserver(
        downstream: observer, step: TryRemoveDuplicatesStep(predicate: predicate), mapFailure: mapFailure)
    )
  }
}

/// `tryRemoveDuplicates(by:)`'s step: the state is the last value emitted.
struct TryRemoveDuplicatesStep<Input: Sendable, Failure: Error>: ScanningStep {
  let predicate: @Sendable (Input, Input) throws(Failure) -> Bool

  var initialState: Input? { nil }

  func receive(_ value: Input, state: inout Input?) throws(Failure) -> Input? {
    if let last = state, try predicate(last, value) { return nil }
    state = value
    return value
  }
}

extension TryRemoveDuplicatesSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
