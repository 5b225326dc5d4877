import Signals
import SignalsTesting
import Testing

@Suite struct PrependTests {
  @Test func prependsValuesBeforeTheUpstream() {
    let log = EventLog<Int, Never>()
    _ = [3, 4].signal.prepend(1, 2).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(3), .value(4), .finished])
  }

  @Test func prependsASequence() {
    let log = EventLog<Int, Never>()
    _ = JustSignal(9).prepend(1...2).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(9), .finished])
  }

  @Test func prependedValuesComeBeforeAFailure() {
    let log = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(1)).prepend(0).subscribe(log)
    #expect(log.events == [.value(0), .failed(TestError(1))])
  }

  @Test func stopOnAPrependedValueNeverSubscribesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError> { _ in .stop }
    let token = subject.prepend(1, 2).subscribe(log)
    #expect(log.events == [.value(1)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.prepend(0)
    }
  }

  @Test func downstreamStopOnAnUpstreamValuePropagates() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError> { $0.value == 1 ? .stop : .continue }
    let token = subject.prepend(0).subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events == [.value(0), .value(1)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `prepend` of values's cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let prepend: [ContractCase] = [
    ContractCase("prepend", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).prepend(-2, -1).eraseToAnySignal()
    }
  ]
}
