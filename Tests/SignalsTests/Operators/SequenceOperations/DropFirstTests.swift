import Signals
import SignalsTesting
import Testing

@Suite struct DropFirstTests {
  @Test func dropsTheFirstValueByDefault() {
    let log = EventLog<Int, Never>()
    _ = [1, 2, 3].signal.dropFirst().subscribe(log)
    #expect(log.events == [.value(2), .value(3), .finished])
  }

  @Test func dropsTheFirstCountValues() {
    let log = EventLog<Int, Never>()
    _ = [1, 2, 3, 4].signal.dropFirst(3).subscribe(log)
    #expect(log.events == [.value(4), .finished])
  }

  @Test func zeroPassesEverything() {
    let log = EventLog<Int, Never>()
    _ = [1, 2].signal.dropFirst(0).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
  }

  @Test func terminalEventsPassWhileDropping() {
    let log = EventLog<Int, TestError>()
    _ = SequenceSignal([1], failureType: TestError.self).dropFirst(5).subscribe(log)
    #expect(log.events == [.finished])
    let failed = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(1)).dropFirst(5).subscribe(failed)
    #expect(failed.events == [.failed(TestError(1))])
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func negativeCountIsAPreconditionFailure() async {
      await #expect(processExitsWith: .failure) {
        _ = JustSignal(1).dropFirst(-1)
      }
    }
  #endif

  @Test func cancellation() {
    expectCancellationContract(sending: [1, 2, 3, 4]) { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.dropFirst(1)
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.dropFirst(1) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `dropFirst(_:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let dropFirst: [ContractCase] = [
    ContractCase("dropFirst(2)", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).dropFirst(2).eraseToAnySignal()
    }
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `dropFirst(_:)`'s rows of the bad-input table (`BadInputTests.swift`).
  static let dropFirst: [BadInputRow] = [
    BadInputRow(api: "dropFirst(_:)", input: "0", behaviour: "drops nothing") {
      events([1, 2].signal.dropFirst(0)) == [.value(1), .value(2), .finished]
    }
  ]
}

extension PreconditionRow {
  /// `dropFirst(_:)`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let dropFirst: [PreconditionRow] = [
    PreconditionRow(api: "dropFirst(_:)", input: "-1", message: "Signals: dropFirst(_:) needs a count of at least 0") {
      _ = PassthroughSignal<Int, Never>().dropFirst(-1)
    }
  ]
}
