/// A source of events over time: values, then at most one terminal event.
///
/// A signal is a description of work, usually a small value: nothing happens
/// until something subscribes, and each subscription is independent (unless the
/// signal is a subject or shared with `share()`).
///
/// Operators return new signals:
///
/// ```swift
/// let taps = PassthroughSignal<Void, Never>()
/// let token = taps
///   .map { 1 }
///   .scan(0, +)
///   .sink { count in print("tapped \(count) times") }
/// taps.send(())
/// ```
///
/// Every signal keeps the event contract: the grammar `value* (finished | failed)?`,
/// serial delivery, defined reentrancy and cancellation. See <doc:EventContract>.
///
/// To write a signal of your own, implement ``subscribe(_:)``; most of the time
/// ``AnySignal``'s closure initializer
/// is shorter.
public protocol Signal<Output, Failure>: Sendable {
  /// The type of the values this signal emits.
  associatedtype Output: Sendable
  /// The type of the error this signal may fail with; `Never` if it cannot fail.
  associatedtype Failure: Error

  /// Starts delivering this signal's events to `observer`.
  ///
  /// Events may be delivered synchronously, before this method returns (a
  /// ``JustSignal`` does that), or later from any thread, one at a time.
  /// Delivery stops when the signal ends, when the observer answers
  /// ``SignalControl/stop``, or when the returned subscription is cancelled
  /// or released.
  ///
  /// - Returns: A subscription that cancels delivery when cancelled or deinitialized.
  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure
}
