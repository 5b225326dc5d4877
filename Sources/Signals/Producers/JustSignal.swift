/// A signal that emits one value, then finishes.
///
/// ```swift
/// let subscription = JustSignal(42).sink { print($0) }  // prints 42
/// ```
///
/// Each observer receives the value, then ``Event/finished``, synchronously
/// during `subscribe`. If the observer answers ``SignalControl/stop`` to the
/// value, it does not receive `finished`.
public struct JustSignal<Output: Sendable>: Signal {
  /// A `JustSignal` cannot fail.
  public typealias Failure = Never

  /// The value every observer receives.
  public let output: Output

  /// A signal that emits `output`, then finishes.
  @inlinable
  public init(_ output: Output) {
    self.output = output
  }

  /// Delivers the value, then `finished`, before returning.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    if observer.receive(.value(output)) == .continue {
      _ = observer.receive(.finished)
    }
    return .empty
  }
}
