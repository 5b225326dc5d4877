import Signals
import SignalsTesting

// The bad-input rows of the operators issue's part B, added to the table of BadInputTests.swift in one line
// each.

extension BadInputRow {
  static let partB: [BadInputRow] = [
    BadInputRow(
      api: "collect(.byTime(_:_:))", input: "a zero or negative interval",
      behaviour: "validated by SignalTimeGrouping.problem(interval:count:) (the precondition's message)"
    ) {
      SignalTimeGrouping.problem(interval: .zero, count: nil)?.hasPrefix("Signals: ") == true
        && SignalTimeGrouping.problem(interval: .seconds(-1), count: nil) != nil
        && SignalTimeGrouping.problem(interval: .nanoseconds(1), count: nil) == nil
    },
    BadInputRow(
      api: "collect(.byTimeOrCount(_:_:_:))", input: "a count below 1",
      behaviour: "validated by SignalTimeGrouping.problem(interval:count:)"
    ) {
      SignalTimeGrouping.problem(interval: .seconds(1), count: 0)?.hasPrefix("Signals: ") == true
        && SignalTimeGrouping.problem(interval: .seconds(1), count: 1) == nil
    },
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
    BadInputRow(
      api: "SignalBackoff", input: "a negative delay or maximum, a multiplier below 1, a jitter outside 0...1",
      behaviour: "validated by SignalBackoff.problem(initial:multiplier:maximum:jitter:)"
    ) {
      let problem = SignalBackoff.problem(initial:multiplier:maximum:jitter:)
      return problem(.seconds(-1), 2, nil, 0)?.hasPrefix("Signals: ") == true
        && problem(.seconds(1), 2, .seconds(-1), 0) != nil && problem(.seconds(1), 0.5, nil, 0) != nil
        && problem(.seconds(1), .nan, nil, 0) != nil && problem(.seconds(1), .infinity, nil, 0) != nil
        && problem(.seconds(1), 2, nil, 1.5) != nil && problem(.seconds(1), 2, nil, -0.1) != nil
        && problem(.zero, 1, .zero, 1) == nil
    },
    BadInputRow(
      api: "retry(_:delay:scheduler:)", input: "0 retries", behaviour: "passes the first failure at once, no timer"
    ) {
      let scheduler = TestScheduler()
      let result = events(FailSignal<Int, TestError>(TestError(1)).retry(0, delay: .seconds(1), scheduler: scheduler))
      return result == [.failed(TestError(1))] && scheduler.pendingCount == 0
    },
    BadInputRow(
      api: "ConnectableSignal.connect()", input: "its result discarded", behaviour: "disconnects at once"
    ) {
      let upstream = PassthroughSignal<Int, Never>()
      _ = upstream.makeConnectable().connect()
      return !upstream.hasObservers
    },
    BadInputRow(api: "RecordSignal.Recording", input: "a value after the completion", behaviour: "validated by problem")
    {
      RecordSignal<Int, Never>.Recording.problem(recordingAfterCompletion: true, what: "a value")?
        .hasPrefix("Signals: ") == true
    },
    BadInputRow(api: "Optional.signal", input: "nil", behaviour: "finishes at once") {
      events(Int?.none.signal) == [.finished]
    },
    BadInputRow(
      api: "withLatestFrom(_:)", input: "another signal that finishes without a value",
      behaviour: "finishes at once (nothing could be sent)"
    ) {
      events(JustSignal(1).withLatestFrom(EmptySignal<Int, Never>())) == [.finished]
    },
    BadInputRow(
      api: "subscribe(on:)", input: "cancelled before the subscription ran", behaviour: "never subscribes"
    ) {
      let scheduler = TestScheduler()
      let subject = PassthroughSignal<Int, Never>()
      subject.subscribe(on: scheduler).sink { _ in }.cancel()
      scheduler.run()
      return !subject.hasObservers && scheduler.pendingCount == 0
    },
  ]
}

extension PreconditionRow {
  static let partB: [PreconditionRow] = [
    PreconditionRow(
      api: "collect(.byTime(_:_:))", input: ".zero", message: "Signals: collect(.byTime) needs a positive interval"),
    PreconditionRow(
      api: "collect(.byTimeOrCount(_:_:_:))", input: "count 0",
      message: "Signals: collect(.byTimeOrCount) needs a count of at least 1"),
    PreconditionRow(
      api: "ReplaySignal(bufferSize:)", input: "-1", message: "Signals: a replay buffer needs a size of at least 0"),
    PreconditionRow(api: "share(replay:)", input: "-1", message: "Signals: a replay buffer needs a size of at least 0"),
    PreconditionRow(
      api: "SignalBackoff.fixed(_:)", input: "a negative delay",
      message: "Signals: SignalBackoff needs a delay of at least zero"),
    PreconditionRow(
      api: "retry(_:delay:scheduler:)", input: "a negative Duration",
      message: "Signals: SignalBackoff needs a delay of at least zero"),
    PreconditionRow(
      api: "SignalBackoff.exponential", input: "multiplier 0.5",
      message: "Signals: SignalBackoff needs a finite multiplier of at least 1"),
    PreconditionRow(
      api: "SignalBackoff.exponential(jitter:)", input: "2",
      message: "Signals: SignalBackoff needs a jitter from 0 to 1"),
    PreconditionRow(
      api: "retry(_:delay:scheduler:) count", input: "-1",
      message: "Signals: retry(_:delay:scheduler:) needs a count of at least 0"),
    PreconditionRow(
      api: "RecordSignal.Recording.receive(_:)", input: "after the completion",
      message: "Signals: RecordSignal.Recording cannot record a value after its completion"),
  ]

  /// Runs the bad call of the part B row with this API (in the child process of an exit test); false for an
  /// API that is not one of them.
  static func triggerPartB(_ api: String) -> Bool {
    let subject = PassthroughSignal<Int, Never>()
    let scheduler = TestScheduler()
    switch api {
    case "collect(.byTime(_:_:))": _ = subject.collect(.byTime(scheduler, .zero))
    case "collect(.byTimeOrCount(_:_:_:))": _ = subject.collect(.byTimeOrCount(scheduler, .seconds(1), 0))
    case "ReplaySignal(bufferSize:)": _ = ReplaySignal<Int, Never>(bufferSize: -1)
    case "share(replay:)": _ = subject.share(replay: -1)
    case "SignalBackoff.fixed(_:)": _ = SignalBackoff.fixed(.seconds(-1))
    case "retry(_:delay:scheduler:)": _ = subject.retry(1, delay: .seconds(-1), scheduler: scheduler)
    case "SignalBackoff.exponential": _ = SignalBackoff.exponential(initial: .seconds(1), multiplier: 0.5)
    case "SignalBackoff.exponential(jitter:)": _ = SignalBackoff.exponential(initial: .seconds(1), jitter: 2)
    case "retry(_:delay:scheduler:) count": _ = subject.retry(-1, delay: .seconds(1), scheduler: scheduler)
    case "RecordSignal.Recording.receive(_:)":
      _ = RecordSignal<Int, Never> { recording in
        recording.receive(completion: .finished)
        recording.receive(1)
      }
    default: return false
    }
    return true
  }
}
