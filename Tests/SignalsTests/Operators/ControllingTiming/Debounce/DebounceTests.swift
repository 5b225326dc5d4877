import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct DebounceTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("debounce", in: "Sources/Signals/Operators/ControllingTiming/Debounce/Debounce.swift")
    let input = try m.hot(diagram.inputs[0])
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), diagram.output)
  }

  @Test func sendsTheLatestValueAfterAQuietInterval() throws {
    let input = try m.hot("-ab----c---|")
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), "----b----c-|")
  }

  @Test func valuesFurtherApartThanTheIntervalAllPass() throws {
    let input = try m.hot("a---b---|")
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), "--a---b-|")
  }

  @Test func aValueExactlyAtTheEndOfTheQuietIntervalReplacesThePendingOne() throws {
    // b arrives at frame 3, when a's timer (due at 3) is also due; the input's event was
    // scheduled first (equal-time rule), so it runs first and restarts the wait.
    let input = try m.hot("-a-b-----|")
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), "-----b---|")
  }

  @Test func finishingWithAPendingValueSendsItFirst() throws {
    let input = try m.hot("-a-b|")
    try expectMarbles(m, input.debounce(for: m.frames(3), scheduler: m.scheduler), "----(b|)")
  }

  @Test func failingWithAPendingValueSendsItFirst() throws {
    let input = try m.hot("-a-b#", values: ["a": 1, "b": 2], error: TestError(1))
    try expectMarbles(
      m, input.debounce(for: m.frames(3), scheduler: m.scheduler), "----(b#)", values: ["b": 2], error: TestError(1))
  }

  @Test func finishingWithNothingPendingJustFinishes() throws {
    let input = try m.hot("-a----|")
    try expectMarbles(m, input.debounce(for: m.frames(2), scheduler: m.scheduler), "---a--|")
  }

  @Test func failureIsForwardedAtOnce() throws {
    let input = try m.hot("--#", values: [:] as [Character: Int], error: TestError(2))
    try expectMarbles(m, input.debounce(for: m.frames(5), scheduler: m.scheduler), "--#", error: TestError(2))
  }

  @Test(arguments: [Duration.zero, .milliseconds(-100)])
  func zeroOrNegativeIntervalSendsTheLastValueOfEachInstant(interval: Duration) throws {
    let input = try m.hot("-(ab)-c|")
    try expectMarbles(m, input.debounce(for: interval, scheduler: m.scheduler), "-b-c|")
  }

  @Test func cancellingReleasesThePendingValueAndTimer() {
    let result = releasesEverythingOnCancel { $0.debounce(for: .seconds(1), scheduler: $1) }
    #expect(result.payloadReleased)
    #expect(result.upstreamReleased)
    #expect(result.pendingAfterCancel == 0)
    #expect(!result.deliveredAfterCancel)
  }

  @Test func stoppingReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never> { _ in .stop }
    let token = subject.debounce(for: m.frames(1), scheduler: m.scheduler).subscribe(log)
    subject.send(1)
    m.scheduler.run()
    subject.send(2)
    m.scheduler.run()
    #expect(log.events == [.value(1)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `debounce`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let debounce: [ContractCase] = [
    ContractCase("debounce", [.finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]) { context in
      context.input(0).debounce(for: .seconds(1), scheduler: context.scheduler).eraseToAnySignal()
    }
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `debounce`'s rows of the bad-input table (`BadInputTests.swift`).
  static let debounce: [BadInputRow] = [
    BadInputRow(api: "debounce(for:scheduler:)", input: "a negative interval", behaviour: "counts as zero") {
      timeline(
        { $0.debounce(for: .milliseconds(-5), scheduler: $1).eraseToAnySignal() },
        sends: [(3, .value(1)), (3, .value(2)), (4, .value(3))]) == ["3:2", "4:3"]
    }
  ]
}

// MARK: Against its model, on seeded random schedules (`RandomizedScheduleTests`)

extension RandomizedScheduleTests {
  @Test func debounce() {
    check("debounce", inputs: 1, salt: 7, model: Models.debounce) { inputs, scheduler, interval in
      inputs[0].debounce(for: .milliseconds(interval), scheduler: scheduler).eraseToAnySignal()
    }
  }
}

extension Models {
  /// The latest value once `interval` passed without another; a terminal event flushes the waiting value first.
  static func debounce(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    var pending: (value: Int, due: Int)?
    for timed in schedule.events {
      // Timers due strictly before this event have fired; at an equal instant the input goes first.
      if let waiting = pending, waiting.due < timed.time {
        out.append(TimedOutput(time: waiting.due, event: .value(waiting.value)))
        pending = nil
      }
      switch timed.event {
      case .value(let value): pending = (value, timed.time + schedule.interval)
      case .finished, .failed:
        if let waiting = pending { out.append(TimedOutput(time: timed.time, event: .value(waiting.value))) }
        out.append(TimedOutput(time: timed.time, event: timed.event))
        return out
      }
    }
    if let waiting = pending { out.append(TimedOutput(time: waiting.due, event: .value(waiting.value))) }
    return out
  }
}
