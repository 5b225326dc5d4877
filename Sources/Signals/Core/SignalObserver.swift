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

extension AnySignalObserver: EngineObserver {}
