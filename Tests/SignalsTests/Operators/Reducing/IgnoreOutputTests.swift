import Signals
import SignalsTesting
import Testing

@Suite struct IgnoreOutputTests {
  @Test func passesOnlyFinished() {
    let log = EventLog<Never, Never>()
    _ = [1, 2, 3].signal.ignoreOutput().subscribe(log)
    #expect(log.events.count == 1)
    #expect(log.completion == .finished)
  }

  @Test func passesTheFailure() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Never, TestError>()
    let token = subject.ignoreOutput().subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(3)))
    #expect(log.events.count == 1)
    #expect(log.completion == .failed(TestError(3)))
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.ignoreOutput()
    }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `ignoreOutput()`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let ignoreOutput: [ContractCase] = [
    ContractCase("ignoreOutput", [.finishesWithInputs, .failsWithInput]) { context in
      contractErased(context.input(0).ignoreOutput())
    }
  ]
}
