import Signals
import SignalsTesting
import Testing

@Suite struct PrefixWhileTests {
  @Test func emitsWhileThePredicateHolds() {
    let log = EventLog<Int, Never>()
    _ = [1, 2, 5, 1].signal.prefix { $0 < 3 }.subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
  }

  @Test func theFailingValueReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.prefix { $0 < 3 }.subscribe(log)
    subject.send(1)
    subject.send(4)
    #expect(!subject.hasObservers)
    subject.send(2)
    #expect(log.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func terminatesAnInfiniteSequence() {
    let log = EventLog<Int, Never>()
    _ = (1...).signal.prefix { $0 <= 2 }.subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
  }

  @Test func failurePassesThrough() {
    let log = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(1)).prefix { _ in true }.subscribe(log)
    #expect(log.events == [.failed(TestError(1))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.prefix { [witness] _ in
        _ = witness
        return true
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.prefix { _ in true } }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `prefix(while:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let prefixWhile: [ContractCase] = [
    ContractCase("prefix(while:)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).prefix { [witness = context.witness] value in
        touch(witness)
        return value < 1_000_000
      }.eraseToAnySignal()
    }
  ]
}
