/// A signal that never emits and never ends.
///
/// Useful as a placeholder (an intro with no end trigger) and in tests.
/// Subscribing holds no resources: the observer is released at once.
public struct NeverSignal<Output: Sendable, Failure: Error>: Signal {
  /// A signal that never emits and never ends.
  public init() {}

  /// Delivers nothing, ever.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    .empty
  }
}
