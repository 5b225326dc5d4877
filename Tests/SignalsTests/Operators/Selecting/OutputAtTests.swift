import Signals
import SignalsTesting
import Testing

@Suite struct OutputAtTests {
  @Test func emitsTheValueAtTheIndexThenFinishes() {
    let log = EventLog<String, Never>()
    _ = ["a", "b", "c"].signal.output(at: 1).subscribe(log)
    #expect(log.events == [.value("b"), .finished])
  }

  @Test func reachingTheIndexReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.output(at: 0).subscribe(log)
    subject.send(7)
    #expect(!subject.hasObservers)
    #expect(log.events == [.value(7), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func upstreamEndingBeforeTheIndexEndsTheSameWay() {
    let log = EventLog<Int, Never>()
    _ = [1].signal.output(at: 3).subscribe(log)
    #expect(log.events == [.finished])
    let failed = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(1)).output(at: 3).subscribe(failed)
    #expect(failed.events == [.failed(TestError(1))])
  }

  @Test func terminatesAnInfiniteSequence() {
    let log = EventLog<Int, Never>()
    _ = (0...).signal.output(at: 100).subscribe(log)
    #expect(log.events == [.value(100), .finished])
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func negativeIndexIsAPreconditionFailure() async {
      await #expect(processExitsWith: .failure) {
        _ = JustSignal(1).output(at: -1)
      }
    }
  #endif

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.output(at: 5)
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.output(at: 0) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `output(at:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let outputAt: [ContractCase] = [
    ContractCase("output(at:)", [.finishesWithInputs]) { context in
      context.input(0).output(at: 1).eraseToAnySignal()
    }
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `output(at:)`'s rows of the bad-input table (`BadInputTests.swift`).
  static let outputAt: [BadInputRow] = [
    BadInputRow(api: "output(at:)", input: "an index past the end", behaviour: "finishes without a value") {
      events([1, 2].signal.output(at: 5)) == [.finished]
    }
  ]
}

extension PreconditionRow {
  /// `output(at:)`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let outputAt: [PreconditionRow] = [
    PreconditionRow(api: "output(at:)", input: "-1", message: "Signals: output(at:) needs an index of at least 0") {
      _ = PassthroughSignal<Int, Never>().output(at: -1)
    }
  ]
}
