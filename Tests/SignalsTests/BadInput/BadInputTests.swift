import Foundation
import Signals
import SignalsTesting
import Testing

// Issue 6.5: every public API's documented behaviour on bad input, in one table, so a reader sees all
// of them in one place. Two kinds of rows:
// - a defined behaviour (a no-op, a clamp, an immediate end): checked in-process;
// - a precondition (a programming error): run in a child process with Swift Testing's exit tests,
//   which checks that the process stops and that the message starts with "Signals: ".

/// One row of the table: an API, a bad input, and what the documentation says happens.
struct BadInputRow: Sendable, CustomTestStringConvertible {
  let api: String
  let input: String
  let behaviour: String
  /// True when the documented behaviour holds.
  let check: @Sendable () -> Bool

  var testDescription: String { "\(api) with \(input): \(behaviour)" }
}

/// A precondition row: the child process runs `trigger` and must stop with `message`'s prefix.
struct PreconditionRow: Sendable, CustomTestStringConvertible {
  let api: String
  let input: String
  let message: String
  /// The bad call.
  let trigger: @Sendable () -> Void

  var testDescription: String { "\(api) with \(input): precondition \"\(message)…\"" }
}

/// Runs `signal` on `scheduler` for `advance`, recording (virtual ms, event).
func timeline(
  _ make: (PassthroughSignal<Int, TestError>, TestScheduler) -> AnySignal<Int, TestError>,
  sends: [(Int, Event<Int, TestError>)], until end: Int = 100
) -> [String] {
  let scheduler = TestScheduler()
  let subject = PassthroughSignal<Int, TestError>()
  let recorded = Locked<[String]>([])
  let tokens = sends.map { time, event in
    scheduler.schedule(at: SignalInstant(offset: .milliseconds(time))) { subject.send(event) }
  }
  let token = make(subject, scheduler).observe { event in
    let ms =
      scheduler.now.offset.components.attoseconds / 1_000_000_000_000_000
      + scheduler.now.offset.components.seconds * 1_000
    let text: String
    switch event {
    case .value(let value): text = "\(value)"
    case .finished: text = "|"
    case .failed(let error): text = "X\(error.code)"
    }
    recorded.withLock { $0.append("\(ms):\(text)") }
  }
  scheduler.advance(by: .milliseconds(end))
  withExtendedLifetime((tokens, token)) {}
  return recorded.withLock { $0 }
}

func events<S: Signal>(_ signal: S) -> [Event<S.Output, S.Failure>] {
  let log = EventLog<S.Output, S.Failure>()
  let token = signal.subscribe(log)
  withExtendedLifetime(token) {}
  return log.events
}

extension BadInputRow {
  /// Every row: the schedulers', subjects' and sources' here, each operator's beside its tests (its
  /// `extension BadInputRow` in Tests/SignalsTests/Operators/<group>/…).
  static let all: [BadInputRow] = [
    durations, counts, collections, lifecycle, subjectsAndSources,
    delay, debounce, throttle, timeout, prefix, dropFirst, outputAt, outputIn, retry, retryWithDelay, flatMap, merge,
    race, combineLatest, zip, withLatestFrom, appendPrepend, collect, collectByTime, comparison, multicast, subscribeOn,
    flatMapFailureForms, switchToLatestFailureForms, retryWithoutLimit, withLatestFromMany, combineLatestOfCollection,
    zipOfCollection, mergeOfCollection, nwise, materializedEvents,
  ].flatMap { $0 }

  /// Durations given to the schedulers and the timed sources.
  static let durations: [BadInputRow] = [
    BadInputRow(
      api: "TimerSignal(after:every:on:)", input: "a negative first delay",
      behaviour: "counts as zero: the first tick at the next advance"
    ) {
      let scheduler = TestScheduler()
      let log = EventLog<Int, Never>()
      let token = TimerSignal(after: .seconds(-1), every: .seconds(1), on: scheduler).prefix(2).subscribe(log)
      scheduler.advance(by: .zero)
      let first = log.events
      scheduler.advance(by: .seconds(1))
      withExtendedLifetime(token) {}
      return first == [.value(1)] && log.events == [.value(1), .value(2), .finished]
    },
    BadInputRow(api: "AfterSignal", input: "a negative delay", behaviour: "due at once (at the next advance)") {
      let scheduler = TestScheduler()
      let log = EventLog<Int, Never>()
      let token = AfterSignal(.seconds(-1), value: 7, on: scheduler).subscribe(log)
      scheduler.advance(by: .zero)
      withExtendedLifetime(token) {}
      return log.events == [.value(7), .finished] && scheduler.now == .zero
    },
    BadInputRow(
      api: "SignalScheduler.schedule(after:_:)", input: "a negative delay", behaviour: "as soon as possible"
    ) {
      let scheduler = TestScheduler()
      let ran = Locked(false)
      let token = scheduler.schedule(after: .seconds(-3)) { ran.withLock { $0 = true } }
      scheduler.advance(by: .zero)
      withExtendedLifetime(token) {}
      return ran.withLock { $0 } && scheduler.now == .zero
    },
    BadInputRow(
      api: "TestScheduler.advance(to:)", input: "an instant in the past", behaviour: "time does not go back"
    ) {
      let scheduler = TestScheduler()
      scheduler.advance(by: .seconds(2))
      scheduler.advance(to: SignalInstant(offset: .seconds(1)))
      return scheduler.now == SignalInstant(offset: .seconds(2))
    },
  ]

  /// Counts and sizes.
  static let counts: [BadInputRow] = [
    BadInputRow(api: "SignalBufferingPolicy", input: ".unbounded", behaviour: "no limit") {
      SignalBufferingPolicy.unbounded.limit == nil
    },
    BadInputRow(
      api: "TimerSignal(every:on:)", input: "a zero or negative interval",
      behaviour: "validated by TimerSignal.problem(interval:) (the precondition's message)"
    ) {
      TimerSignal.problem(interval: .zero)?.hasPrefix("Signals: ") == true
        && TimerSignal.problem(interval: .seconds(-1)) != nil && TimerSignal.problem(interval: .seconds(1)) == nil
    },
    BadInputRow(
      api: "TestScheduler.advance(by:)", input: "a negative duration", behaviour: "validated by problem(advancingBy:)"
    ) {
      TestScheduler.problem(advancingBy: .seconds(-1))?.hasPrefix("Signals: ") == true
        && TestScheduler.problem(advancingBy: .zero) == nil
    },
  ]

  /// Empty collections.
  static let collections: [BadInputRow] = [
    BadInputRow(api: "SequenceSignal", input: "an empty sequence", behaviour: "finishes at once") {
      events([Int]().signal) == [.finished]
    }
  ]

  /// Calls after an end, or twice.
  static let lifecycle: [BadInputRow] = [
    BadInputRow(api: "PassthroughSignal.send", input: "after finish", behaviour: "ignored") {
      let subject = PassthroughSignal<Int, TestError>()
      let log = EventLog<Int, TestError>()
      let token = subject.subscribe(log)
      subject.send(completion: .finished)
      subject.send(1)
      subject.send(completion: .failed(TestError(1)))
      withExtendedLifetime(token) {}
      return log.events == [.finished]
    },
    BadInputRow(
      api: "CurrentValueSignal.value", input: "set after finish",
      behaviour: "stored, not sent (Combine's); send(_:) after finish is ignored"
    ) {
      let subject = CurrentValueSignal<Int, Never>(1)
      let log = EventLog<Int, Never>()
      let token = subject.subscribe(log)
      subject.send(completion: .finished)
      subject.value = 2
      let stored = subject.value == 2
      subject.send(3)
      withExtendedLifetime(token) {}
      return stored && subject.value == 2 && log.events == [.value(1), .finished]
    },
    BadInputRow(api: "FutureSignal's promise", input: "called twice", behaviour: "only the first call counts") {
      let future = FutureSignal<Int, TestError> { promise in
        promise(.success(1))
        promise(.success(2))
        promise(.failure(TestError(3)))
      }
      return events(future) == [.value(1), .finished]
    },
    BadInputRow(api: "SignalSubscription.cancel()", input: "twice", behaviour: "the second is a no-op") {
      let count = Locked(0)
      let subscription = SignalSubscription { count.withLock { $0 += 1 } }
      subscription.cancel()
      subscription.cancel()
      return count.withLock { $0 } == 1
    },
    BadInputRow(api: "SignalSubscription.cancel()", input: "before the first event", behaviour: "nothing is delivered")
    {
      let subject = PassthroughSignal<Int, Never>()
      let log = EventLog<Int, Never>()
      subject.map { $0 }.subscribe(log).cancel()
      subject.send(1)
      subject.send(completion: .finished)
      return log.events.isEmpty && !subject.hasObservers
    },
    BadInputRow(
      api: "Signal.subscribe(_:)", input: "the same observer twice",
      behaviour: "two independent subscriptions: every event once per subscription"
    ) {
      let subject = PassthroughSignal<Int, Never>()
      let log = EventLog<Int, Never>()
      let first = subject.subscribe(log)
      let second = subject.subscribe(log)
      subject.send(1)
      first.cancel()
      subject.send(2)
      withExtendedLifetime(second) {}
      return log.values == [1, 1, 2]
    },
    BadInputRow(api: "SignalSubscription.empty", input: "cancelled", behaviour: "a no-op") {
      SignalSubscription.empty.cancel()
      return true
    },
  ]

  /// The replaying subject, the recorded source, and the signal of `nil`.
  static let subjectsAndSources: [BadInputRow] = [
    BadInputRow(
      api: "ReplaySignal(bufferSize:) / share(replay:)", input: "a negative size",
      behaviour: "validated by ReplaySignal.problem(bufferSize:)"
    ) {
      ReplaySignal<Int, Never>.problem(bufferSize: -1)?.hasPrefix("Signals: ") == true
        && ReplaySignal<Int, Never>.problem(bufferSize: 0) == nil
    },
    BadInputRow(api: "ReplaySignal(bufferSize:)", input: "0", behaviour: "replays nothing, as a passthrough subject") {
      let subject = ReplaySignal<Int, Never>(bufferSize: 0)
      subject.send(1)
      return events(subject.prefix(untilOutputFrom: JustSignal(()))) == [.finished] && subject.replayedValues.isEmpty
    },
    BadInputRow(api: "RecordSignal.Recording", input: "a value after the completion", behaviour: "validated by problem")
    {
      RecordSignal<Int, Never>.Recording.problem(recordingAfterCompletion: true, what: "a value")?
        .hasPrefix("Signals: ") == true
    },
    BadInputRow(api: "Optional.signal", input: "nil", behaviour: "finishes at once") {
      events(Int?.none.signal) == [.finished]
    },
  ]
}

extension PreconditionRow {
  /// Every precondition row: the schedulers', subjects' and sources' here, each operator's beside its tests.
  static let all: [PreconditionRow] = [
    core, throttle, prefix, dropFirst, outputAt, outputIn, retry, retryWithDelay, flatMap, collect, collectByTime,
    share, flatMapFailureForms, retryWithoutLimit, nwise,
  ].flatMap { $0 }

  static let core: [PreconditionRow] = [
    PreconditionRow(
      api: "SignalBufferingPolicy", input: ".bufferingNewest(0)", message: "Signals: SignalBufferingPolicy"
    ) { _ = SignalBufferingPolicy.bufferingNewest(0).limit },
    PreconditionRow(
      api: "TimerSignal(every:on:)", input: ".zero", message: "Signals: TimerSignal(every: 0.0 seconds)"
    ) { _ = TimerSignal(every: .zero, on: TestScheduler()) },
    PreconditionRow(
      api: "TimerSignal(after:every:on:)", input: "every: .zero", message: "Signals: TimerSignal(every: 0.0 seconds)"
    ) {
      _ = TimerSignal(after: .seconds(1), every: .zero, on: TestScheduler())
    },
    PreconditionRow(api: "TestScheduler.advance(by:)", input: "-1 s", message: "Signals: TestScheduler.advance(by:") {
      TestScheduler().advance(by: .seconds(-1))
    },
    PreconditionRow(
      api: "TaskSignal(on:)", input: "a TestScheduler without task executors (before macOS 15 / iOS 18)",
      message: "Signals: async work on a TestScheduler"
    ) {
      // Linux has task executors: this scheduler plays an OS without them.
      let scheduler = TestScheduler(offersTaskExecutor: false, asyncWorkRefused: nil)
      _ = TaskSignal(on: scheduler) { 1 }.sink { _ in }
    },
    PreconditionRow(
      api: "ReplaySignal(bufferSize:)", input: "-1", message: "Signals: a replay buffer needs a size of at least 0"
    ) { _ = ReplaySignal<Int, Never>(bufferSize: -1) },
    PreconditionRow(
      api: "RecordSignal.Recording.receive(_:)", input: "after the completion",
      message: "Signals: RecordSignal.Recording cannot record a value after its completion"
    ) {
      _ = RecordSignal<Int, Never> { recording in
        recording.receive(completion: .finished)
        recording.receive(1)
      }
    },
  ]

  /// Runs the bad call of the row with this API (in the child process of an exit test); an unknown API exits
  /// normally, and its exit test fails.
  static func trigger(_ api: String) {
    all.first { $0.api == api }?.trigger()
  }
}

@Suite("Bad input") struct BadInputTests {
  @Test("documented behaviour", arguments: BadInputRow.all)
  func definedBehaviour(_ row: BadInputRow) {
    #expect(row.check(), "\(row.api) with \(row.input) should: \(row.behaviour)")
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test("precondition failure with a \"Signals: \" message", arguments: PreconditionRow.all)
    func precondition(_ row: PreconditionRow) async throws {
      let exit = try await PreconditionRow.exitTest(row.api)
      let result = try #require(exit, "no exit test runs \(row.api): add its case to PreconditionRow.exitTest(_:)")
      let output = String(decoding: result.standardErrorContent, as: UTF8.self)
      #if DEBUG
        #expect(output.contains(row.message), "stderr: \(output)")
      #else
        // An optimized build stops at a failed precondition without printing its message: only the exit
        // is checked there.
        _ = output
      #endif
    }
  #endif
}
