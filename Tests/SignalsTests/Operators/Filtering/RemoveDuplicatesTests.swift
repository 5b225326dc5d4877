import Signals
import SignalsTesting
import Testing

@Suite struct RemoveDuplicatesTests {
  @Test func dropsConsecutiveDuplicates() {
    let log = EventLog<Int, Never>()
    _ = [1, 1, 2, 2, 2, 1, 3, 3].signal.removeDuplicates().subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(1), .value(3), .finished])
  }

  @Test func comparesWithTheLastEmittedValue() {
    // "close enough" is not transitive: 1.0, 1.4, 1.8 — 1.8 is compared with 1.0 (the last emitted), not 1.4.
    let log = EventLog<Double, Never>()
    _ = [1.0, 1.4, 1.8, 2.0].signal.removeDuplicates { abs($0 - $1) < 0.5 }.subscribe(log)
    #expect(log.values == [1.0, 1.8])
  }

  @Test func failurePassesThrough() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.removeDuplicates().subscribe(log)
    subject.send(1)
    subject.send(1)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.value(1), .failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.removeDuplicates { [witness] in
        _ = witness
        return $0 == $1
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.removeDuplicates() }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `removeDuplicates`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let removeDuplicates: [ContractCase] = [
    ContractCase("removeDuplicates", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).removeDuplicates { [witness = context.witness] old, new in
        touch(witness)
        return old == new
      }.eraseToAnySignal()
    },
    ContractCase("removeDuplicates()", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).removeDuplicates().eraseToAnySignal()
    },
  ]
}
