import Signals
import SignalsTesting
import Testing

@Suite struct CountTests {
  @Test func emitsTheNumberOfValuesOnFinish() {
    let log = EventLog<Int, Never>()
    _ = ["a", "b", "c"].signal.count().subscribe(log)
    #expect(log.events == [.value(3), .finished])
  }

  @Test func emptyUpstreamCountsZero() {
    let log = EventLog<Int, Never>()
    _ = EmptySignal<String, Never>().count().subscribe(log)
    #expect(log.events == [.value(0), .finished])
  }

  @Test func failurePassesThroughWithoutACount() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.count().subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.count()
    }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `count()`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let count: [ContractCase] = [
    ContractCase("count", [.finishesWithInputs, .failsWithInput]) {
      context in
      context.input(0).count().eraseToAnySignal()
    }
  ]
}
