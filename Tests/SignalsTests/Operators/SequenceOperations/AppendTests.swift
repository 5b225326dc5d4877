import Signals
import SignalsTesting
import Testing

@Suite struct AppendTests {
  @Test func appendsValuesAfterFinished() {
    let log = EventLog<Int, Never>()
    _ = [1, 2].signal.append(3, 4).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(3), .value(4), .finished])
  }

  @Test func appendsASequence() {
    let log = EventLog<Int, Never>()
    _ = JustSignal(0).append(1...3).subscribe(log)
    #expect(log.values == [0, 1, 2, 3])
    #expect(log.completion == .finished)
  }

  @Test func waitsForTheUpstreamToFinish() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.append(9).subscribe(log)
    subject.send(1)
    #expect(log.events == [.value(1)])
    subject.send(completion: .finished)
    #expect(log.events == [.value(1), .value(9), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func failureSkipsTheAppendedValues() {
    let log = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(1)).append(9).subscribe(log)
    #expect(log.events == [.failed(TestError(1))])
  }

  @Test func stopDuringTheAppendedValuesEndsThem() {
    let log = EventLog<Int, Never> { $0.value == 2 ? .stop : .continue }
    _ = EmptySignal<Int, Never>().append(1, 2, 3).subscribe(log)
    #expect(log.events == [.value(1), .value(2)])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.append(7)
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.append(7) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `append` of values's cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let append: [ContractCase] = [
    ContractCase("append", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).append(100, 101).eraseToAnySignal()
    }
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `append` and `prepend` of values's rows of the bad-input table (`BadInputTests.swift`).
  static let appendPrepend: [BadInputRow] = [
    BadInputRow(api: "append(_:) / prepend(_:)", input: "no elements", behaviour: "change nothing") {
      events([1].signal.append([Int]()).prepend([Int]())) == [.value(1), .finished]
    }
  ]
}
