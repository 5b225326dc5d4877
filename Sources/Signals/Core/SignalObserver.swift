/// What an observer answers after each event: keep delivering, or stop.
@frozen
public enum SignalControl: Sendable, Hashable {
  /// Keep delivering events.
  case `continue`
  /// Deliver nothing more to this observer and release its upstream subscription.
  ///
  /// Operators that end early (`prefix(_:)`, `first()`, …) answer
  /// `stop` after sending their own terminal event downstream.
  ///
  /// The signal that gets this answer ends that subscription itself: it delivers nothing more and
  /// releases the observer and what the subscription holds. So an observer that answers `stop` need not
  /// also cancel the subscription it answers, and Signals' operators do not (one cancel less per ending).
  /// A signal you implement must honour `stop` the same way.
  case stop
}

/// Receives the events of a signal.
///
/// Most code never implements this protocol: ``Signal/sink(receiveValue:)``,
/// ``Signal/sink(receiveCompletion:receiveValue:)`` and ``Signal/observe(_:)`` cover everyday use.
/// Implement it to write an operator or a reusable consumer.
///
/// Events arrive one at a time (never concurrently), in the grammar
/// `value* (finished | failed)?`. After a terminal event the return value is ignored.
///
/// Subscribing the same observer value twice makes two independent subscriptions:
/// the observer is copied into each and receives every event once per subscription.
public protocol SignalObserver<Input, Failure>: Sendable {
  /// The type of values this observer accepts.
  associatedtype Input: Sendable
  /// The type of error this observer accepts.
  associatedtype Failure: Error

  /// Receives one event and says whether to keep delivering.
  func receive(_ event: Event<Input, Failure>) -> SignalControl

  /// What a `finished` sent to this observer after its subscription was cancelled does: an engine detail
  /// for operators that answer one event with two (`first()` answers a value with the value and
  /// `finished`). Keep the default, ``_SignalLateFinish/mustBeWithheld``, unless the observer is one of
  /// Signals' own (the rule is written once, in `Sources/Signals/Engines/TrailingFinishGuard.swift`).
  static var _lateFinish: _SignalLateFinish { get }
}

extension SignalObserver {
  /// A `finished` after cancellation must not reach this observer: operators that send one after a value
  /// guard it (the default).
  @inlinable
  public static var _lateFinish: _SignalLateFinish { .mustBeWithheld }
}

/// What a `finished` sent after cancellation does to an observer; see ``SignalObserver/_lateFinish``.
///
/// The cancellation contract says that once `cancel()` returns on the delivering thread, nothing more
/// arrives. An operator that sends a value and then `finished` (first, last, reduce, collect, count,
/// output(at:)) cannot see a cancel made by its downstream during the value: by default it hands out a
/// guard's subscription that records one (an allocation per subscription). An observer that already
/// drops late events, or ignores `finished` altogether, needs no guard.
public enum _SignalLateFinish: Sendable {
  /// It would be delivered: the operator must guard it.
  case mustBeWithheld
  /// The observer's own state drops it (an operator's observer whose subscription has ended).
  case isDropped
  /// The observer ignores terminal events (a value-only sink): the operator need not even send it.
  case isIgnored
}

/// A type-erased observer that forwards every event to a closure.
@frozen
public struct AnySignalObserver<Input: Sendable, Failure: Error>: SignalObserver {
  @usableFromInline
  let handler: @Sendable (Event<Input, Failure>) -> SignalControl

  /// An observer that calls `handler` with each event and obeys its answer.
  @inlinable
  public init(_ handler: @escaping @Sendable (Event<Input, Failure>) -> SignalControl) {
    self.handler = handler
  }

  /// Wraps another observer. Wrapping an `AnySignalObserver` does not add a layer.
  @inlinable
  public init<Observer: SignalObserver>(_ observer: Observer)
  where Observer.Input == Input, Observer.Failure == Failure {
    if let erased = observer as? AnySignalObserver<Input, Failure> {
      self = erased
    } else {
      self.handler = { observer.receive($0) }
    }
  }

  /// Forwards `event` to the wrapped closure.
  @inlinable
  public func receive(_ event: Event<Input, Failure>) -> SignalControl {
    handler(event)
  }
}
