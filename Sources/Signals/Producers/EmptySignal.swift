/// A signal that emits no value: it finishes at once, or, with
/// `completeImmediately: false`, never ends (like Combine's `Empty`).
///
/// ```swift
/// let done = EmptySignal<Int, Never>()                              // finished
/// let silent = EmptySignal<Int, Never>(completeImmediately: false)  // nothing, ever
/// ```
public struct EmptySignal<Output: Sendable, Failure: Error>: Signal {
  /// Whether observers receive ``Event/finished`` when they subscribe.
  public let completeImmediately: Bool

  /// A signal that finishes at once (or never, when `completeImmediately` is `false`).
  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// A signal of the given types that finishes at once (or never, when `completeImmediately` is `false`).
  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
    self.completeImmediately = completeImmediately
  }

  /// Delivers `finished` before returning, when ``completeImmediately`` is `true`; otherwise nothing.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    if completeImmediately {
      _ = observer.receive(.finished)
    }
    return .empty
  }
}
