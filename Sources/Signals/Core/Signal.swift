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

  /// Subscribes `observer` on behalf of an operator, which keeps the returned handle and always cancels
  /// it itself: an implementation detail of Signals' own operators, not for use in apps.
  ///
  /// Unlike ``subscribe(_:)``, the handle is not an object of its own, so a chain of Signals' operators
  /// allocates one subscription object (the one handed to the app), not one per operator. Releasing a
  /// handle does not cancel. Signals of your own need not implement it: the default implementation wraps
  /// ``subscribe(_:)``'s subscription.
  func _subscribeHandle<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure

  /// This signal as one value delivered after a delay, then `finished`, if that is all it is (an
  /// ``AfterSignal``): an operator may then run it as a timer of its own instead of subscribing it. An
  /// implementation detail of Signals' own operators; `nil` by default.
  var _scheduledValue: _ScheduledValue<Output>? { get }
}

extension Signal {
  /// Wraps ``subscribe(_:)``'s subscription: cancelling the handle cancels it, and releasing the handle
  /// releases it (which cancels it too).
  @inlinable
  public func _subscribeHandle<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure {
    SignalSubscriptionHandle(subscribe(observer))
  }

  /// `nil`: a signal is subscribed, unless it describes itself as one scheduled value.
  @inlinable
  public var _scheduledValue: _ScheduledValue<Output>? { nil }
}
