extension Signal {
  /// Drops values while a predicate that may throw returns `true`, then passes on everything; a thrown
  /// error ends the signal with that error.
  ///
  /// ```marble try-drop-while
  /// upstream:                 -1-2-5-1-|
  /// tryDrop(while: < 3):      -----5-1-|
  /// ```
  ///
  /// Once a value fails the predicate it is emitted, and the predicate is not called again (so it can no
  /// longer throw). The predicate throws the upstream's own failure type here (typed throws), so the
  /// failure type is kept. When it throws, the error is sent downstream and the upstream subscription is
  /// released; terminal events pass through.
  public consuming func tryDrop(
    while predicate: @escaping @Sendable (Output) throws(Failure) -> Bool
  ) -> TryDropWhileSignal<Self, Failure> {
    TryDropWhileSignal(upstream: self, predicate: predicate) { $0 }
  }

  /// Drops values while a predicate that may throw any error returns `true`; the failure type becomes
  /// `any Error`, as in Combine.
  ///
  /// Chosen when the predicate throws errors of another type than the upstream's failure (an untyped
  /// `throws`). A thrown error ends the signal; an upstream failure passes through as `any Error`.
  public consuming func tryDrop(
    while predicate: @escaping @Sendable (Output) throws -> Bool
  ) -> TryDropWhileSignal<Self, any Error> {
    TryDropWhileSignal(upstream: self, predicate: predicate) { $0 }
  }
}

/// A signal that drops its upstream's leading values that satisfy a throwing predicate.
/// See ``Signal/tryDrop(while:)->TryDropWhileSignal<Self,Self.Failure>``.
public struct TryDropWhileSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal whose leading values are dropped.
  public let upstream: Upstream
  /// Values are dropped while this returns `true`; a thrown error ends the signal.
  public let predicate: @Sendable (Output) throws(Failure) -> Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the values from the first that fails the predicate on.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(
      ScanningObserver(downstream: observer, step: TryDropWhileStep(predicate: predicate), mapFailure: mapFailure))
  }
}

/// `tryDrop(while:)`'s step: the state says whether it is still dropping.
struct TryDropWhileStep<Input: Sendable, Failure: Error>: ScanningStep {
  let predicate: @Sendable (Input) throws(Failure) -> Bool

  var initialState: Bool { true }

  func receive(_ value: Input, state dropping: inout Bool) throws(Failure) -> Input? {
    if dropping {
      if try predicate(value) { return nil }
      dropping = false
    }
    return value
  }
}

extension TryDropWhileSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
