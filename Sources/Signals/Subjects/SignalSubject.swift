/// A signal you can send events into by hand: Signals' subjects, and what `multicast(subject:)` takes.
///
/// Combine's `Subject`. ``PassthroughSignal``, ``CurrentValueSignal`` and ``ReplaySignal`` conform. Sending
/// is thread-safe; a subject delivers serially and queues reentrant sends (see <doc:EventContract>).
///
/// <!-- setup
/// func fire(_ trigger: some SignalSubject<Void, Never>) {
///   // snippet
/// }
/// -->
/// ```swift
/// trigger.send()
/// ```
public protocol SignalSubject<Output, Failure>: Signal, AnyObject {
  /// Sends `event` to the subject's observers. After a terminal event, further events are ignored.
  func send(_ event: Event<Output, Failure>)
}

extension SignalSubject {
  /// Sends `value` to the subject's observers.
  @inlinable
  public func send(_ value: Output) {
    send(Event.value(value))
  }

  /// Ends the subject.
  @inlinable
  public func send(completion: SignalCompletion<Failure>) {
    send(Event(completion))
  }
}

extension SignalSubject where Output == Void {
  /// Sends `()`: fires a trigger.
  @inlinable
  public func send() {
    send(Event.value(()))
  }
}

extension Signal {
  /// Sends this signal's events into `subject`, until the returned subscription is cancelled or released.
  ///
  /// <!-- setup
  /// let ticks = TimerSignal(every: .seconds(1), on: DispatchSignalScheduler.main)
  /// -->
  /// ```swift
  /// let latestTick = CurrentValueSignal<Int, Never>(0)
  /// let feeding = ticks.subscribe(latestTick)
  /// ```
  ///
  /// Combine's `subscribe(_:)` of a `Subject`. The subject ends when this signal does.
  public func subscribe<Subject: SignalSubject>(_ subject: Subject) -> SignalSubscription
  where Subject.Output == Output, Subject.Failure == Failure {
    subscribe(SubjectInputObserver(subject))
  }
}

extension PassthroughSignal: SignalSubject {}
extension CurrentValueSignal: SignalSubject {}
extension ReplaySignal: SignalSubject {}

/// Sends the events it receives into a subject: how `multicast` connects its upstream.
@usableFromInline
struct SubjectInputObserver<Subject: SignalSubject>: SignalObserver {
  @usableFromInline let subject: Subject

  @inlinable
  init(_ subject: Subject) {
    self.subject = subject
  }

  @inlinable
  func receive(_ event: Event<Subject.Output, Subject.Failure>) -> SignalControl {
    subject.send(event)
    return event.isTerminal ? .stop : .continue
  }
}
