import Signals

/// A test input that remembers when it was subscribed to: made by `MarbleTest.hotInput` and
/// `MarbleTest.coldInput`, from an event list or a marble diagram.
///
/// A *hot* input sends its events at their times whoever is subscribed (late subscribers miss earlier
/// events); a *cold* input sends each subscription its events at their times counted from the instant it
/// subscribed. Either records every subscription (``subscriptions``), as RxTest's `subscriptions` and
/// RxJS's `expectSubscriptions` do:
///
/// ```swift
/// let test = MarbleTest(frame: .milliseconds(1))
/// let xs = test.hotInput([.value(150, 1), .value(210, 2), .value(340, 3), .finished(600)])
/// let results = test.start { xs.map { $0 * 10 } }
/// // results.testEvents == [.value(210, 20), .value(340, 30), .finished(600)]
/// // xs.subscriptions == [TestSubscriptionRecord(200, 600)]
/// ```
///
/// A subscription ends when it is cancelled or released, when its terminal event has reached the
/// subscriber, or when the subscriber answered `SignalControl.stop`: whichever comes first, once.
public final class TestInput<Output: Sendable, Failure: Error>: Signal {
  private enum Source: Sendable {
    /// The subject the scheduled events are sent into.
    case hot(PassthroughSignal<Output, Failure>)
    /// Each subscription's events, by offset from its subscription.
    case cold([(offset: Duration, events: [Event<Output, Failure>])])
  }

  private let source: Source
  private let scheduler: TestScheduler
  private let grid: TestGrid
  private let groupLength: MarbleDiagram.GroupLength
  private let log = SubscriptionLog()

  private init(
    source: Source, scheduler: TestScheduler, grid: TestGrid, groupLength: MarbleDiagram.GroupLength
  ) {
    self.source = source
    self.scheduler = scheduler
    self.grid = grid
    self.groupLength = groupLength
  }

  /// A hot input sending `batches` at their instants into a subject; returns it with the scheduled work.
  static func hot(
    _ batches: [(instant: SignalInstant, events: [Event<Output, Failure>])],
    test: MarbleTest
  ) -> (TestInput, [ScheduledWork]) {
    let subject = PassthroughSignal<Output, Failure>()
    let work = batches.map { batch in
      ScheduledWork.schedule(on: test.scheduler, at: batch.instant) {
        for event in batch.events { subject.send(event) }
      }
    }
    let input = TestInput(
      source: .hot(subject), scheduler: test.scheduler, grid: test.grid, groupLength: test.groupLength)
    return (input, work)
  }

  /// A cold input sending each subscription `batches` at their offsets from its subscription.
  static func cold(_ batches: [(offset: Duration, events: [Event<Output, Failure>])], test: MarbleTest) -> TestInput {
    TestInput(source: .cold(batches), scheduler: test.scheduler, grid: test.grid, groupLength: test.groupLength)
  }

  /// Every subscription so far, in the order they started: ticks when on the test's frames, else instants.
  public var subscriptions: [TestSubscriptionRecord] {
    log.spans.map { span in
      TestSubscriptionRecord(grid.time(of: span.subscribed), span.ended.map(grid.time(of:)))
    }
  }

  /// Every subscription so far as an RxJS subscription diagram, frame zero being the test's origin:
  /// `^` where it started, `!` where it ended (`"--^---!"`, `"(^!)"` for both in one frame).
  ///
  /// Drawn by `SignalTimeline`: an instant between two frames is drawn in the earlier one.
  public var subscriptionMarbles: [String] {
    let timeline = SignalTimeline(frame: grid.frame, origin: grid.origin)
    return log.spans.map { span in
      var marks: [SignalTimeline.Mark] = [.subscribed(at: span.subscribed)]
      if let ended = span.ended { marks.append(.unsubscribed(at: ended)) }
      let cells = timeline.cells(of: SignalTimeline.Lane("", marks: marks))
      return MarbleRendering.spanningGroups(cells, groupLength).joined()
    }
  }

  /// Subscribes `observer`, recording the subscription's start now and its end when it comes.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let log = self.log
    let scheduler = self.scheduler
    let index = log.begin(at: scheduler.now)
    let end: @Sendable () -> Void = { log.end(index, at: scheduler.now) }
    switch source {
    case .hot(let subject):
      let inner = subject.subscribe(EndWatchingObserver(base: observer, onEnd: end))
      return SignalSubscription {
        end()
        inner.cancel()
      }
    case .cold(let batches):
      let run = ColdRun(observer: observer, onEnd: end)
      let start = scheduler.now
      run.hold(
        batches.map { batch in
          ScheduledWork.schedule(on: scheduler, at: start + batch.offset) { run.deliver(batch.events) }
        })
      return SignalSubscription { run.stop() }
    }
  }
}

/// The subscriptions of one input. `@unchecked Sendable`: state is in a `Locked`.
private final class SubscriptionLog: @unchecked Sendable {
  struct Span {
    var subscribed: SignalInstant
    var ended: SignalInstant?
  }

  private let state = Locked<[Span]>([])

  var spans: [Span] { state.withLock { $0 } }

  /// Records a subscription starting at `instant`; returns its index.
  func begin(at instant: SignalInstant) -> Int {
    state.withLock { spans in
      spans.append(Span(subscribed: instant))
      return spans.count - 1
    }
  }

  /// Records the end of subscription `index` at `instant`, unless it already ended.
  func end(_ index: Int, at instant: SignalInstant) {
    state.withLock { spans in
      if spans[index].ended == nil { spans[index].ended = instant }
    }
  }
}

/// Forwards events, and calls `onEnd` once the observer has had a terminal event or answered `stop`.
private struct EndWatchingObserver<Base: SignalObserver>: SignalObserver {
  let base: Base
  let onEnd: @Sendable () -> Void

  func receive(_ event: Event<Base.Input, Base.Failure>) -> SignalControl {
    let answer = base.receive(event)
    if answer == .stop || event.isTerminal { onEnd() }
    return answer
  }
}

/// One cold subscription's scheduled events. `@unchecked Sendable`: state is in a `Locked`.
private final class ColdRun<Observer: SignalObserver>: @unchecked Sendable {
  private struct State {
    var stopped = false
    var work: [ScheduledWork] = []
  }

  private let observer: Observer
  private let onEnd: @Sendable () -> Void
  private let state = Locked(State())

  init(observer: Observer, onEnd: @escaping @Sendable () -> Void) {
    self.observer = observer
    self.onEnd = onEnd
  }

  /// Keeps the scheduled events, or cancels them if the run already stopped.
  func hold(_ work: [ScheduledWork]) {
    let refused: [ScheduledWork] = state.withLock { state in
      if state.stopped { return work }
      state.work = work
      return []
    }
    for item in refused { item.cancel() }
  }

  func deliver(_ events: [Event<Observer.Input, Observer.Failure>]) {
    for event in events {
      guard !state.withLock({ $0.stopped }) else { return }
      if observer.receive(event) == .stop || event.isTerminal {
        stop()
        return
      }
    }
  }

  /// Ends the run: records its end and cancels the events not yet sent. Idempotent.
  func stop() {
    let work: [ScheduledWork] = state.withLock { state in
      state.stopped = true
      defer { state.work = [] }
      return state.work
    }
    onEnd()
    for item in work { item.cancel() }
  }
}
