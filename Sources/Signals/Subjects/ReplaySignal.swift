/// A subject that replays its latest values to each new observer, then sends it what comes next.
///
/// ```swift
/// let messages = ReplaySignal<String, Never>(bufferSize: 2)
/// messages.send("hello")
/// messages.send("how are you?")
/// messages.send("still there?")
/// let token = messages.sink { print($0) }  // "how are you?", "still there?"
/// messages.send("good")                    // "good"
/// ```
///
/// RxSwift's and CombineExt's `ReplaySubject`. Each new observer first gets the latest `bufferSize` values
/// the subject was sent, oldest first, then every later event, each value once: an observer that attaches
/// while a value is being sent from another thread gets it either among the replayed values or after them,
/// never both. After a terminal event, `send` is ignored, and a new observer gets the kept values and then
/// the terminal event (RxSwift's rule; a ``PassthroughSignal`` or ``CurrentValueSignal`` sends only the
/// terminal event then).
///
/// Same threading and reentrancy rules as ``PassthroughSignal``. The subject keeps at most `bufferSize`
/// values for as long as it lives; `bufferSize: 0` keeps none, and the subject behaves as a
/// ``PassthroughSignal``.
///
/// - Precondition: `bufferSize >= 0`; a negative size stops the program with a "Signals: " message.
public final class ReplaySignal<Output: Sendable, Failure: Error>: Signal {
  @usableFromInline
  let core: SubjectCore<Output, Failure>

  /// The most values a new observer is given first.
  public let bufferSize: Int

  /// Creates a subject that replays its latest `bufferSize` values to each new observer.
  public init(bufferSize: Int) {
    if let problem = Self.problem(bufferSize: bufferSize) { preconditionFailure(problem) }
    self.bufferSize = bufferSize
    core = SubjectCore(current: nil, replay: bufferSize)
  }

  /// Why `bufferSize` cannot be a replay buffer's size, or `nil` when it can. Backs the precondition of
  /// ``init(bufferSize:)`` and of ``Signal/share(replay:)``.
  package static func problem(bufferSize: Int) -> String? {
    guard bufferSize < 0 else { return nil }
    return "Signals: a replay buffer needs a size of at least 0, got \(bufferSize)"
  }

  /// Keeps `value` among the latest and sends it to every current observer. Ignored after a terminal event.
  @inlinable
  public func send(_ value: Output) {
    core.sendRecording(.value(value))
  }

  /// Sends an event. A terminal event ends the subject for everyone, once.
  @inlinable
  public func send(_ event: Event<Output, Failure>) {
    core.sendRecording(event)
  }

  /// Ends the subject. Later calls and sends are ignored.
  @inlinable
  public func send(completion: SignalCompletion<Failure>) {
    core.sendRecording(Event(completion))
  }

  /// Whether at least one observer is attached.
  public var hasObservers: Bool { core.hasObservers }

  /// The values a new observer would be given first, oldest first.
  public var replayedValues: [Output] {
    core.state.withLock { $0.replay?.inOrder ?? [] }
  }

  /// Attaches `observer` and delivers the latest values to it first; see ``Signal/subscribe(_:)``.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    .handing(core.attach(observer), to: observer)
  }
}

extension ReplaySignal where Output == Void {
  /// Sends `()`.
  @inlinable
  public func send() {
    core.sendRecording(.value(()))
  }
}

extension ReplaySignal: HandsOverSubscription {}
