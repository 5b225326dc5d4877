import Signals
import SignalsTesting
import Testing

@Suite struct DropWhileTests {
  @Test func dropsWhileThePredicateHoldsThenPassesEverything() {
    let calls = Locked(0)
    let log = EventLog<Int, Never>()
    _ = [1, 2, 5, 1, 0].signal.drop { value in
      calls.withLock { $0 += 1 }
      return value < 3
    }.subscribe(log)
    #expect(log.events == [.value(5), .value(1), .value(0), .finished])
    #expect(calls.withLock { $0 } == 3)
  }

  @Test func failurePassesThrough() {
    let log = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(1)).drop { _ in true }.subscribe(log)
    #expect(log.events == [.failed(TestError(1))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.drop { [witness] _ in
        _ = witness
        return false
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.drop { _ in false } }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `drop(while:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let dropWhile: [ContractCase] = [
    ContractCase("drop(while:)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).drop { [witness = context.witness] value in
        touch(witness)
        return value < -1_000
      }.eraseToAnySignal()
    }
  ]
}
