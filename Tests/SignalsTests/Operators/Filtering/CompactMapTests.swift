import Signals
import SignalsTesting
import Testing

@Suite struct CompactMapTests {
  @Test func dropsNilResults() {
    let log = EventLog<Int, Never>()
    _ = ["1", "x", "3"].signal.compactMap { Int($0) }.subscribe(log)
    #expect(log.events == [.value(1), .value(3), .finished])
  }

  @Test func failurePassesThrough() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.compactMap { $0 }.subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.value(1), .failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.compactMap { [witness] value in
        _ = witness
        return value
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.compactMap { $0 } }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `compactMap`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let compactMap: [ContractCase] = [
    ContractCase("compactMap", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) {
      context in
      context.input(0).compactMap { [witness = context.witness] value -> Int? in
        touch(witness)
        return value
      }.eraseToAnySignal()
    }
  ]
}
