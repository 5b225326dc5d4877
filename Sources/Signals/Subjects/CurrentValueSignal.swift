/// A subject that holds a current value and replays it to each new observer.
///
/// ```swift
/// let progress = CurrentValueSignal<Double, Never>(0)
/// let token = progress.sink { print("progress", $0) }  // prints 0.0 at once
/// progress.value = 0.5                                 // prints 0.5
/// ```
///
/// Same threading and reentrancy rules as ``PassthroughSignal``. After a
/// terminal event, `send` is ignored and new observers receive only the
/// terminal event; setting `value` stores it without sending it, as
/// Combine's `CurrentValueSubject` does.
public final class CurrentValueSignal<Output: Sendable, Failure: Error>: Signal {
  @usableFromInline
  let core: SubjectCore<Output, Failure>

  /// Creates a subject holding `value`.
  @inlinable
  public init(_ value: Output) {
    core = SubjectCore(current: value)
  }

  /// The current value. Setting it sends the new value to every observer; after a terminal event, it only
  /// stores it (Combine's).
  public var value: Output {
    get {
      // `current` is never nil for a current-value subject.
      core.state.withLock { $0.current! }
    }
    set {
      var displaced: Output? = newValue  // the old value, released after unlocking
      let stored = core.state.withLock { state -> Bool in
        guard state.completion != nil else { return false }
        swap(&state.current, &displaced)
        return true
      }
      if !stored { send(newValue) }
    }
  }

  /// Stores `value` and sends it to every current observer. Ignored after a terminal event.
  @inlinable
  public func send(_ value: Output) {
    core.send(.value(value))
  }

  /// Sends an event. A terminal event ends the subject for everyone, once.
  @inlinable
  public func send(_ event: Event<Output, Failure>) {
    core.send(event)
  }

  /// Ends the subject. Later calls and sends are ignored.
  @inlinable
  public func send(completion: SignalCompletion<Failure>) {
    core.send(Event(completion))
  }

  /// Whether at least one observer is attached.
  public var hasObservers: Bool { core.hasObservers }

  /// Attaches `observer` and delivers the current value to it first; see ``Signal/subscribe(_:)``.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    .handing(core.attach(observer), to: observer)
  }
}

extension CurrentValueSignal: HandsOverSubscription {}
