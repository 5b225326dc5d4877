import Signals

/// An observer that records every event it receives with its instant: subscribe it to a signal of any
/// type, no lock box of your own needed.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let ticks = TimerSignal(every: .seconds(1), on: scheduler).prefix(3)
/// let recorder = SignalRecorder<Int, Never>(scheduler: scheduler)
/// let subscription = ticks.subscribe(recorder)
/// scheduler.advance(by: .seconds(5))
/// // recorder.values == [1, 2, 3]; recorder.completion == .finished
/// subscription.cancel()
/// ```
///
/// It is a class: subscribing it twice records both subscriptions' events in one list. Events are
/// recorded with the scheduler's `now` when they arrive; it is thread-safe.
/// ``MarbleTest/record(_:frames:)`` and ``MarbleTest/start(created:subscribed:cancelled:_:)`` use one.
public final class SignalRecorder<Input: Sendable, Failure: Error>: SignalObserver, Sendable {
  private let scheduler: any SignalScheduler
  private let answer: @Sendable (Event<Input, Failure>) -> SignalControl
  private let log = Locked<[MarbleRecording<Input, Failure>.Entry]>([])

  /// A recorder timing events on `scheduler`'s clock, answering each event with `answer` (by default
  /// `continue`; answer `stop` to end the subscription from the observer's side).
  public init(
    scheduler: some SignalScheduler,
    answer: @escaping @Sendable (Event<Input, Failure>) -> SignalControl = { _ in .continue }
  ) {
    self.scheduler = scheduler
    self.answer = answer
  }

  /// Records `event` at the scheduler's current instant, then answers.
  public func receive(_ event: Event<Input, Failure>) -> SignalControl {
    let now = scheduler.now
    log.withLock { $0.append(MarbleRecording.Entry(time: now, event: event)) }
    return answer(event)
  }

  /// Every event so far with its instant, in the order received.
  public var entries: [MarbleRecording<Input, Failure>.Entry] { log.withLock { $0 } }

  /// Every event so far, in the order received.
  public var events: [Event<Input, Failure>] { entries.map(\.event) }

  /// The values so far, in order.
  public var values: [Input] { entries.compactMap(\.event.value) }

  /// How the signal ended, if it did.
  public var completion: SignalCompletion<Failure>? {
    entries.lazy.compactMap(\.event.completion).first
  }

  /// The events so far as a recording on frames of `frame` from `origin` (to draw or compare as marbles).
  public func recording(origin: SignalInstant = .zero, frame: Duration) -> MarbleRecording<Input, Failure> {
    MarbleRecording(events: entries, origin: origin, frame: frame)
  }
}
