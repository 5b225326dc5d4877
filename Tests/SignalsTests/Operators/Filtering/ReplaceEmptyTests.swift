import Signals
import SignalsTesting
import Testing

@Suite struct ReplaceEmptyTests {
  @Test func emitsTheReplacementWhenTheUpstreamFinishesEmpty() {
    let log = EventLog<Int, Never>()
    _ = EmptySignal<Int, Never>().replaceEmpty(with: 0).subscribe(log)
    #expect(log.events == [.value(0), .finished])
  }

  @Test func passesValuesWithoutTheReplacement() {
    let log = EventLog<Int, Never>()
    _ = [1, 2].signal.replaceEmpty(with: 0).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
  }

  @Test func failureIsNotReplaced() {
    let log = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(1)).replaceEmpty(with: 0).subscribe(log)
    #expect(log.events == [.failed(TestError(1))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.replaceEmpty(with: 0)
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.replaceEmpty(with: 0) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `replaceEmpty(with:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let replaceEmpty: [ContractCase] = [
    ContractCase("replaceEmpty", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).replaceEmpty(with: -1).eraseToAnySignal()
    }
  ]
}
