/// A subject that broadcasts every value it is sent to its current observers.
///
/// It is the natural *trigger*: a `PassthroughSignal<Void, Never>` models taps,
/// an animation's end, or any event that carries no value.
///
/// ```swift
/// let skip = PassthroughSignal<Void, Never>()
/// let token = skip.sink { print("skipped") }
/// skip.send()
/// ```
///
/// Observers that subscribe later receive only later values. After a terminal
/// event, `send` is ignored and new observers receive the terminal event at once.
///
/// It is safe to send from several threads at once: deliveries to each observer
/// are serialized, and an observer that sends into the subject it observes gets
/// the nested event after the current one. See <doc:EventContract>.
public final class PassthroughSignal<Output: Sendable, Failure: Error>: Signal {
  @usableFromInline
  let core: SubjectCore<Output, Failure>

  /// Creates a subject with no observers.
  @inlinable
  public init() {
    core = SubjectCore(current: nil)
  }

  /// Sends a value to every current observer. Ignored after a terminal event.
  @inlinable
  public func send(_ value: Output) {
    core.send(.value(value))
  }

  /// Sends an event. A terminal event ends the subject for everyone, once.
  @inlinable
  public func send(_ event: Event<Output, Failure>) {
    core.send(event)
  }

  /// Ends the subject normally. Later calls and sends are ignored.
  @inlinable
  public func send(completion: SignalCompletion<Failure>) {
    core.send(Event(completion))
  }

  /// Whether at least one observer is attached.
  public var hasObservers: Bool { core.hasObservers }

  /// Attaches `observer`; see ``Signal/subscribe(_:)``.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    .handing(core.attach(observer), to: observer)
  }
}

extension PassthroughSignal where Output == Void {
  /// Sends `()`: fires a trigger.
  @inlinable
  public func send() {
    core.send(.value(()))
  }
}

extension PassthroughSignal: HandsOverSubscription {}
