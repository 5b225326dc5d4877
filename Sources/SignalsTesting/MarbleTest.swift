import Signals

/// Marble-diagram inputs and expectations on a ``TestScheduler``.
///
/// ```swift
/// let m = MarbleTest(frame: .milliseconds(100))
/// let input = try m.hot("-a-b----c-|", values: ["a": 1, "b": 2, "c": 3])
/// let result = try m.expect(
///   input.debounce(for: .milliseconds(300), scheduler: m.scheduler),
///   toProduce: "------b---(c|)", values: ["b": 2, "c": 3])
/// #expect(result == nil, "\(result!)")
/// ```
///
/// (`b` comes 3 frames after it, at frame 6; the input finishes at frame 10 while `c` waits, so `c`
/// comes at once, with the finish. The package's test `DocExampleTests` runs this code.)
///
/// Inputs can also come from event lists at ticks of the frame, as in RxTest (`hotInput(_:)`,
/// `coldInput(_:)`), and record their subscriptions (``TestInput``); ``start(created:subscribed:cancelled:_:)``
/// records a signal as RxTest's `start` does. See <doc:EventListsAndSubscriptions>.
///
/// Frame `n` of every diagram is the instant `origin + n × frame`, where
/// ``origin`` is the scheduler's time when the `MarbleTest` was made — except
/// a cold input, whose frame zero is the instant it is subscribed to. See
/// ``MarbleDiagram`` for the grammar.
///
/// **Equal times.** Everything runs on the test scheduler, which runs actions
/// due at the same instant in the order they were scheduled. A hot input
/// schedules all its events when it is created (before any operator
/// subscribes); a cold input schedules all of its events when it is
/// subscribed to. So an input's event and an operator's timer due at the same
/// instant run in the order they were scheduled: usually the input's event
/// first, because the operator scheduled its timer later.
public final class MarbleTest: Sendable {
  /// The virtual-time scheduler every input and recording runs on.
  public let scheduler: TestScheduler
  /// The duration of one frame (one `-`).
  public let frame: Duration
  /// The instant of frame zero: the scheduler's time when this was made.
  public let origin: SignalInstant
  /// How many frames a group `(ab)` of this test's diagrams lasts: one (the default), or, to paste RxJS
  /// diagrams as they are, as many as its characters (see ``MarbleDiagram/GroupLength``).
  public let groupLength: MarbleDiagram.GroupLength

  /// The hot inputs' scheduled events, kept pending for as long as the test lives.
  private let retained = Locked<[ScheduledWork]>([])

  /// A marble test on `scheduler`, one frame lasting `frame`, groups lasting `groupLength`.
  ///
  /// For diagrams pasted from RxJS, pass `groupLength: .rxjs` (and `frame: .milliseconds(1)`, the frame
  /// of RxJS's `run` mode, if times in milliseconds matter).
  ///
  /// - Precondition: `frame` is positive.
  public init(
    scheduler: TestScheduler = TestScheduler(), frame: Duration = .milliseconds(100),
    groupLength: MarbleDiagram.GroupLength = .oneFrame
  ) {
    if let problem = Self.problem(frame: frame) { preconditionFailure(problem) }
    self.scheduler = scheduler
    self.frame = frame
    self.origin = scheduler.now
    self.groupLength = groupLength
  }

  /// Cancels the hot inputs' events that have not run: an input outlives its test only as a silent one.
  deinit {
    for work in retained.withLock({ $0 }) { work.cancel() }
  }

  /// The test's frame and origin.
  var grid: TestGrid { TestGrid(frame: frame, origin: origin) }

  /// Keeps `work` pending for as long as the test lives.
  func retain(_ work: [ScheduledWork]) {
    retained.withLock { $0 += work }
  }

  /// Parses `text` with the test's group length.
  func parse(_ text: String) throws(MarbleError) -> MarbleDiagram {
    try MarbleDiagram(text, groupLength: groupLength)
  }

  /// Why `frame` cannot be a marble frame, or `nil` when it can. Backs the precondition of ``init(scheduler:frame:)``.
  package static func problem(frame: Duration) -> String? {
    guard frame <= .zero else { return nil }
    return "Signals: a marble frame must be a positive duration, got \(frame)"
  }

  /// The instant of frame `n`.
  public func instant(ofFrame n: Int) -> SignalInstant {
    origin + frame * n
  }

  /// The duration of `n` frames.
  public func frames(_ n: Int) -> Duration {
    frame * n
  }

  // MARK: Hot inputs

  /// A hot input: a subject that sends the diagram's events at their frames,
  /// whoever is subscribed (late subscribers miss earlier events).
  ///
  /// All its events are scheduled now. With `^`, frames count from the `^`
  /// and events before it are never sent (they happened before the test).
  /// ``hotInput(_:values:error:)`` makes the same input as a ``TestInput``, which also records its
  /// subscriptions.
  ///
  /// - Parameters:
  ///   - diagram: the events and their frames (see ``MarbleDiagram``).
  ///   - values: what each character stands for (see ``MarbleDiagram``).
  ///   - error: the error `#` stands for.
  /// - Throws: ``MarbleError`` if the diagram does not parse or fit `values`.
  public func hot<Output: Sendable, Failure: Error>(
    _ diagram: String, values: [Character: Output], error: Failure
  ) throws(MarbleError) -> AnySignal<Output, Failure> {
    try makeHot(diagram, values: values, error: error).eraseToAnySignal()
  }

  /// A hot input that cannot fail; see ``hot(_:values:error:)``.
  public func hot<Output: Sendable>(
    _ diagram: String, values: [Character: Output]
  ) throws(MarbleError) -> AnySignal<Output, Never> {
    try makeHot(diagram, values: values, error: nil).eraseToAnySignal()
  }

  /// A hot input of one-character strings (`"a"` is `"a"`); see ``hot(_:values:error:)``.
  public func hot(_ diagram: String) throws(MarbleError) -> AnySignal<String, Never> {
    try makeHot(diagram, values: [:], error: nil).eraseToAnySignal()
  }

  /// A hot input of one-character strings that fails with `error` at `#`; see ``hot(_:values:error:)``.
  public func hot<Failure: Error>(_ diagram: String, error: Failure) throws(MarbleError) -> AnySignal<String, Failure> {
    try makeHot(diagram, values: [:], error: error).eraseToAnySignal()
  }

  func makeHot<Output: Sendable, Failure: Error>(
    _ text: String, values: [Character: Output], error: Failure?
  ) throws(MarbleError) -> TestInput<Output, Failure> {
    let diagram = try parse(text)
    let events = try diagram.events(values: values, error: error)
    var batches: [(instant: SignalInstant, events: [Event<Output, Failure>])] = []
    var index = 0
    while index < events.count {
      let frame = events[index].frame
      var batch: [Event<Output, Failure>] = []
      while index < events.count && events[index].frame == frame {
        if let event = events[index].event.event { batch.append(event) }
        index += 1
      }
      guard frame >= 0 else { continue }
      batches.append((instant(ofFrame: frame), batch))
    }
    let (input, work) = TestInput.hot(batches, test: self)
    retain(work)
    return input
  }

  // MARK: Cold inputs

  /// A cold input: each subscription gets the diagram's events, frame zero
  /// being the instant it subscribed.
  ///
  /// All of a subscription's events are scheduled when it subscribes, frame
  /// zero's included (they run at the next advance of the scheduler, or in
  /// the current one). Cancelling, or answering `SignalControl.stop`,
  /// cancels the events not yet sent. ``coldInput(_:values:error:)`` makes the same input as a
  /// ``TestInput``, which also records its subscriptions.
  ///
  /// - Throws: ``MarbleError`` if the diagram does not parse, fit `values`, or has a `^`.
  public func cold<Output: Sendable, Failure: Error>(
    _ diagram: String, values: [Character: Output], error: Failure
  ) throws(MarbleError) -> AnySignal<Output, Failure> {
    try makeCold(diagram, values: values, error: error).eraseToAnySignal()
  }

  /// A cold input that cannot fail; see ``cold(_:values:error:)``.
  public func cold<Output: Sendable>(
    _ diagram: String, values: [Character: Output]
  ) throws(MarbleError) -> AnySignal<Output, Never> {
    try makeCold(diagram, values: values, error: nil).eraseToAnySignal()
  }

  /// A cold input of one-character strings; see ``cold(_:values:error:)``.
  public func cold(_ diagram: String) throws(MarbleError) -> AnySignal<String, Never> {
    try makeCold(diagram, values: [:], error: nil).eraseToAnySignal()
  }

  /// A cold input of one-character strings that fails with `error` at `#`; see ``cold(_:values:error:)``.
  public func cold<Failure: Error>(_ diagram: String, error: Failure) throws(MarbleError) -> AnySignal<String, Failure>
  {
    try makeCold(diagram, values: [:], error: error).eraseToAnySignal()
  }

  func makeCold<Output: Sendable, Failure: Error>(
    _ text: String, values: [Character: Output], error: Failure?
  ) throws(MarbleError) -> TestInput<Output, Failure> {
    let diagram = try parse(text)
    if let column = diagram.subscriptionColumn {
      throw MarbleError(.subscriptionNotAllowed, column: column, diagram: text)
    }
    let events = try diagram.events(values: values, error: error).compactMap { item in
      item.event.event.map { (item.frame, $0) }
    }
    var batches: [(offset: Duration, events: [Event<Output, Failure>])] = []
    var index = 0
    while index < events.count {
      let slotFrame = events[index].0
      var batch: [Event<Output, Failure>] = []
      while index < events.count && events[index].0 == slotFrame {
        batch.append(events[index].1)
        index += 1
      }
      batches.append((frame * slotFrame, batch))
    }
    return TestInput.cold(batches, test: self)
  }

  // MARK: Recording

  /// Subscribes to `signal` now, runs the scheduler, and returns every event
  /// delivered, with its time. The subscription is cancelled at the end.
  ///
  /// - Parameters:
  ///   - signal: the signal to record.
  ///   - frames: run until frame `frames`; `nil` runs until nothing
  ///     is pending (pass a bound for a signal that never stops scheduling, such
  ///     as a repeating timer).
  public func record<Upstream: Signal>(
    _ signal: Upstream, frames: Int? = nil
  ) -> MarbleRecording<Upstream.Output, Upstream.Failure> {
    let recorder = SignalRecorder<Upstream.Output, Upstream.Failure>(scheduler: scheduler)
    let subscription = signal.subscribe(recorder)
    if let frames {
      scheduler.advance(to: instant(ofFrame: frames))
    } else {
      scheduler.run()
    }
    subscription.cancel()
    return recording(of: recorder)
  }

  // MARK: Expectations

  /// Records `signal` (see ``record(_:frames:)``) and compares it with `diagram`.
  ///
  /// Events must match in order, frame (exactly: an event between two frames
  /// never matches) and value. A `#` with no `error` matches any failure;
  /// errors are compared with `==` when `Failure` is `Equatable`, else by
  /// their descriptions.
  ///
  /// - Returns: `nil` when they match, else a ``MarbleMismatch`` whose
  ///   description shows the expected and actual diagrams one above the other.
  /// - Throws: ``MarbleError`` if `diagram` does not parse or fit `values`.
  public func expect<Upstream: Signal>(
    _ signal: Upstream, toProduce diagram: String,
    values: [Character: Upstream.Output] = [:], error: Upstream.Failure? = nil, frames: Int? = nil
  ) throws(MarbleError) -> MarbleMismatch? where Upstream.Output: Equatable {
    let parsed = try parse(diagram)
    if let column = parsed.subscriptionColumn {
      throw MarbleError(.subscriptionNotAllowed, column: column, diagram: diagram)
    }
    let expected = try parsed.events(values: values, error: error, allowAnyError: true)
    let recording = record(signal, frames: frames)
    return MarbleMismatch.compare(
      expected: expected, diagram: parsed, recording: recording,
      symbol: MarbleRendering.symbolLookup(values))
  }
}
