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
struct PreconditionRow: Sendable, Codable, CustomTestStringConvertible {
  let api: String
  let input: String
  let message: String

  var testDescription: String { "\(api) with \(input): precondition \"\(message)…\"" }
}

/// Runs `signal` on `scheduler` for `advance`, recording (virtual ms, event).
private func timeline(
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
  static let all: [BadInputRow] =
    durations + counts + collections + lifecycle + partA + partB
    // Each beside its operator's tests (Tests/SignalsTests/Operators/).
    + flatMapFailureForms + switchToLatestFailureForms + retryWithoutLimit + withLatestFromMany
    + combineLatestOfCollection + zipOfCollection + mergeOfCollection + nwise + materializedEvents

  static let durations: [BadInputRow] = [
    BadInputRow(api: "delay(for:scheduler:)", input: "a negative interval", behaviour: "counts as zero") {
      timeline({ $0.delay(for: .milliseconds(-5), scheduler: $1).eraseToAnySignal() }, sends: [(3, .value(1))])
        == ["3:1"]
    },
    BadInputRow(
      api: "delay(for:scheduler:)", input: "a zero interval", behaviour: "still asynchronous, at the same instant"
    ) {
      let scheduler = TestScheduler()
      let subject = PassthroughSignal<Int, TestError>()
      let log = EventLog<Int, TestError>()
      let token = subject.delay(for: .zero, scheduler: scheduler).subscribe(log)
      subject.send(1)
      let before = log.events
      scheduler.advance(by: .zero)
      withExtendedLifetime(token) {}
      return before.isEmpty && log.events == [.value(1)]
    },
    BadInputRow(api: "debounce(for:scheduler:)", input: "a negative interval", behaviour: "counts as zero") {
      timeline(
        { $0.debounce(for: .milliseconds(-5), scheduler: $1).eraseToAnySignal() },
        sends: [(3, .value(1)), (3, .value(2)), (4, .value(3))]) == ["3:2", "4:3"]
    },
    BadInputRow(
      api: "throttle(for:scheduler:latest:leading:trailing:)", input: "a negative interval",
      behaviour: "counts as zero: the latest value of each instant, at that instant"
    ) {
      timeline(
        { $0.throttle(for: .milliseconds(-5), scheduler: $1, latest: true).eraseToAnySignal() },
        sends: [(3, .value(1)), (3, .value(2)), (4, .value(3))]) == ["3:2", "4:3"]
    },
    BadInputRow(
      api: "throttle(for:scheduler:latest:leading:trailing:)", input: "a negative interval, leading: false",
      behaviour: "counts as zero: the latest value of each instant, at that instant"
    ) {
      timeline(
        { $0.throttle(for: .milliseconds(-5), scheduler: $1, latest: true, leading: false).eraseToAnySignal() },
        sends: [(3, .value(1)), (3, .value(2)), (4, .value(3))]) == ["3:2", "4:3"]
    },
    BadInputRow(
      api: "throttle(for:scheduler:latest:leading:trailing:)", input: "leading: false, trailing: false",
      behaviour: "validated by ThrottleSignal.problem(leading:trailing:) (the precondition's message)"
    ) {
      typealias Throttled = ThrottleSignal<PassthroughSignal<Int, Never>>
      return Throttled.problem(leading: false, trailing: false)?.hasPrefix("Signals: ") == true
        && Throttled.problem(leading: true, trailing: false) == nil
        && Throttled.problem(leading: false, trailing: true) == nil
    },
    BadInputRow(
      api: "timeout(first:each:scheduler:)", input: "a negative first interval",
      behaviour: "counts as zero: fires at the subscription instant"
    ) {
      timeline(
        { $0.timeout(first: .milliseconds(-5), scheduler: $1) { TestError(9) }.eraseToAnySignal() },
        sends: [(3, .value(1))]) == ["0:X9"]
    },
    BadInputRow(
      api: "timeout(first:each:scheduler:)", input: "a negative each interval",
      behaviour: "counts as zero: fires at the instant of the value"
    ) {
      timeline(
        {
          $0.timeout(first: .milliseconds(10), each: .milliseconds(-5), scheduler: $1) { TestError(9) }
            .eraseToAnySignal()
        },
        sends: [(3, .value(1)), (4, .value(2))]) == ["3:1", "3:X9"]
    },
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
    BadInputRow(
      api: "timeout(_:scheduler:customError:)", input: "a negative interval",
      behaviour: "counts as zero: fires at the subscription instant"
    ) {
      timeline(
        { $0.timeout(.milliseconds(-5), scheduler: $1) { TestError(9) }.eraseToAnySignal() },
        sends: [(3, .value(1))]) == ["0:X9"]
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

  static let counts: [BadInputRow] = [
    BadInputRow(api: "prefix(_:)", input: "0", behaviour: "finishes at once, never subscribes upstream") {
      let subject = PassthroughSignal<Int, Never>()
      let result = events(subject.prefix(0))
      return result == [.finished] && !subject.hasObservers
    },
    BadInputRow(api: "dropFirst(_:)", input: "0", behaviour: "drops nothing") {
      events([1, 2].signal.dropFirst(0)) == [.value(1), .value(2), .finished]
    },
    BadInputRow(api: "output(at:)", input: "an index past the end", behaviour: "finishes without a value") {
      events([1, 2].signal.output(at: 5)) == [.finished]
    },
    BadInputRow(api: "retry(_:)", input: "0", behaviour: "passes the first failure through") {
      let attempts = Locked(0)
      let failing = DeferredSignal { () -> FailSignal<Int, TestError> in
        attempts.withLock { $0 += 1 }
        return FailSignal(TestError(4))
      }
      return events(failing.retry(0)) == [.failed(TestError(4))] && attempts.withLock { $0 } == 1
    },
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
      api: "flatMap(maxConcurrency:)", input: "0", behaviour: "validated by problem(maxConcurrency:)"
    ) {
      typealias Flat = FlatMapSignal<PassthroughSignal<Int, Never>, JustSignal<Int>>
      return Flat.problem(maxConcurrency: 0)?.hasPrefix("Signals: ") == true && Flat.problem(maxConcurrency: 1) == nil
    },
    BadInputRow(
      api: "TestScheduler.advance(by:)", input: "a negative duration", behaviour: "validated by problem(advancingBy:)"
    ) {
      TestScheduler.problem(advancingBy: .seconds(-1))?.hasPrefix("Signals: ") == true
        && TestScheduler.problem(advancingBy: .zero) == nil
    },
  ]

  static let collections: [BadInputRow] = [
    BadInputRow(api: "MergeSignal", input: "an empty array", behaviour: "finishes at once") {
      events(MergeSignal<PassthroughSignal<Int, Never>>([])) == [.finished]
    },
    BadInputRow(api: "RaceSignal", input: "an empty array", behaviour: "finishes at once") {
      events(RaceSignal<PassthroughSignal<Int, Never>>([])) == [.finished]
    },
    BadInputRow(api: "CombineLatestSignal", input: "an empty array", behaviour: "finishes at once") {
      events(CombineLatestSignal<PassthroughSignal<Int, Never>>([])) == [.finished]
    },
    BadInputRow(api: "ZipSignal", input: "an empty array", behaviour: "finishes at once") {
      events(ZipSignal<PassthroughSignal<Int, Never>>([])) == [.finished]
    },
    BadInputRow(api: "SequenceSignal", input: "an empty sequence", behaviour: "finishes at once") {
      events([Int]().signal) == [.finished]
    },
    BadInputRow(api: "append(_:) / prepend(_:)", input: "no elements", behaviour: "change nothing") {
      events([1].signal.append([Int]()).prepend([Int]())) == [.value(1), .finished]
    },
    BadInputRow(api: "collect()", input: "an upstream without values", behaviour: "sends an empty array") {
      events(EmptySignal<Int, Never>().collect()) == [.value([]), .finished]
    },
  ]

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
}

extension PreconditionRow {
  static let all: [PreconditionRow] = core + partA + partB + flatMapFailureForms + retryWithoutLimit + nwise

  static let core: [PreconditionRow] = [
    PreconditionRow(api: "prefix(_:)", input: "-1", message: "Signals: prefix(_:) needs a maxLength of at least 0"),
    PreconditionRow(api: "dropFirst(_:)", input: "-1", message: "Signals: dropFirst(_:) needs a count of at least 0"),
    PreconditionRow(api: "output(at:)", input: "-1", message: "Signals: output(at:) needs an index of at least 0"),
    PreconditionRow(api: "retry(_:)", input: "-1", message: "Signals: retry(_:) needs a count of at least 0"),
    PreconditionRow(api: "collect(_:)", input: "0", message: "Signals: collect(_:) needs a count of at least 1"),
    PreconditionRow(
      api: "flatMap(maxConcurrency:)", input: "0", message: "Signals: flatMap(maxConcurrency:) needs at least 1"),
    PreconditionRow(
      api: "SignalBufferingPolicy", input: ".bufferingNewest(0)", message: "Signals: SignalBufferingPolicy"),
    PreconditionRow(api: "TimerSignal(every:on:)", input: ".zero", message: "Signals: TimerSignal(every: 0.0 seconds)"),
    PreconditionRow(
      api: "TimerSignal(after:every:on:)", input: "every: .zero", message: "Signals: TimerSignal(every: 0.0 seconds)"),
    PreconditionRow(
      api: "throttle(for:scheduler:latest:leading:trailing:)", input: "leading: false, trailing: false",
      message: "Signals: throttle(leading: false, trailing: false)"),
    PreconditionRow(api: "TestScheduler.advance(by:)", input: "-1 s", message: "Signals: TestScheduler.advance(by:"),
    PreconditionRow(
      api: "TaskSignal(on:)", input: "a TestScheduler without task executors (before macOS 15 / iOS 18)",
      message: "Signals: async work on a TestScheduler"),
  ]

  /// Runs the bad call of the row with this API (in the child process of an exit test).
  static func trigger(_ api: String) {
    let subject = PassthroughSignal<Int, Never>()
    switch api {
    case "prefix(_:)": _ = subject.prefix(-1)
    case "dropFirst(_:)": _ = subject.dropFirst(-1)
    case "output(at:)": _ = subject.output(at: -1)
    case "retry(_:)": _ = subject.retry(-1)
    case "collect(_:)": _ = subject.collect(0)
    case "flatMap(maxConcurrency:)": _ = subject.flatMap(maxConcurrency: 0) { JustSignal($0) }
    case "SignalBufferingPolicy": _ = SignalBufferingPolicy.bufferingNewest(0).limit
    case "TimerSignal(every:on:)": _ = TimerSignal(every: .zero, on: TestScheduler())
    case "TimerSignal(after:every:on:)": _ = TimerSignal(after: .seconds(1), every: .zero, on: TestScheduler())
    case "throttle(for:scheduler:latest:leading:trailing:)":
      _ = subject.throttle(for: .seconds(1), scheduler: TestScheduler(), latest: true, leading: false, trailing: false)
    case "TestScheduler.advance(by:)": TestScheduler().advance(by: .seconds(-1))
    case "flatMap(maxConcurrency:) of a signal that cannot fail":
      _ = subject.flatMap(maxConcurrency: 0) { FailSignal<Int, TestError>(TestError($0)) }
    case "RetrySignal(upstream:retries:)": _ = RetrySignal(upstream: subject, retries: -1)
    case "nwise(_:)": _ = subject.nwise(0)
    case "TaskSignal(on:)":
      // Linux has task executors: this scheduler plays an OS without them.
      let scheduler = TestScheduler(offersTaskExecutor: false, asyncWorkRefused: nil)
      _ = TaskSignal(on: scheduler) { 1 }.sink { _ in }
    default:  // an unknown row exits normally, and its exit test fails
      if !triggerPartB(api) { triggerPartA(api) }
    }
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
