/// A signal that fails at once with an error, emitting no value.
///
/// <!-- setup
/// enum LoadError: Error { case missingAsset }
/// -->
/// ```swift
/// let failed = FailSignal<Int, LoadError>(.missingAsset)  // failed(.missingAsset)
/// ```
public struct FailSignal<Output: Sendable, Failure: Error>: Signal {
  /// The error every observer receives.
  public let error: Failure

  /// A signal that fails with `error`.
  public init(_ error: Failure) {
    self.error = error
  }

  /// A signal of the given output type that fails with `failure`.
  public init(outputType: Output.Type, failure: Failure) {
    self.error = failure
  }

  /// Delivers ``Event/failed(_:)`` before returning.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    _ = observer.receive(.failed(error))
    return .empty
  }
}
