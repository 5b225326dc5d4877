import Signals
import SignalsTesting
import Testing

@Suite struct ReplaceErrorTests {
  @Test func replacesTheFailureWithAValueThenFinishes() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, Never>()
    let token = subject.replaceError(with: 0).subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError()))
    #expect(log.events == [.value(1), .value(0), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func finishedPassesThroughWithoutTheReplacement() {
    let log = EventLog<Int, Never>()
    _ = SequenceSignal([1], failureType: TestError.self).replaceError(with: 0).subscribe(log)
    #expect(log.events == [.value(1), .finished])
  }

  @Test func stopOnTheReplacementSuppressesFinished() {
    let log = EventLog<Int, Never> { _ in .stop }
    _ = FailSignal<Int, TestError>(TestError()).replaceError(with: 9).subscribe(log)
    #expect(log.events == [.value(9)])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.replaceError(with: 0)
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.replaceError(with: 0) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `replaceError(with:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let replaceError: [ContractCase] = [
    ContractCase("replaceError(with:)", [.identity, .finishesWithInputs]) { context in
      context.input(0).replaceError(with: -1).setFailureType(to: TestError.self).eraseToAnySignal()
    }
  ]
}
