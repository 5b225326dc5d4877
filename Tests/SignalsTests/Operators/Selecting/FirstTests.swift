import Signals
import SignalsTesting
import Testing

@Suite struct FirstTests {
  @Test func emitsTheFirstValueThenFinishesAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.first().subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events == [.value(1), .finished])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func emptyUpstreamJustFinishes() {
    let log = EventLog<Int, Never>()
    _ = EmptySignal<Int, Never>().first().subscribe(log)
    #expect(log.events == [.finished])
  }

  @Test func failureBeforeAValuePassesThrough() {
    let log = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(1)).first().subscribe(log)
    #expect(log.events == [.failed(TestError(1))])
  }

  @Test func firstWhereSkipsNonMatchingValues() {
    let log = EventLog<Int, Never>()
    _ = (1...).signal.first { $0 % 4 == 0 }.subscribe(log)
    #expect(log.events == [.value(4), .finished])
  }

  @Test func firstWhereWithoutMatchJustFinishes() {
    let log = EventLog<Int, Never>()
    _ = [1, 3].signal.first { $0 % 2 == 0 }.subscribe(log)
    #expect(log.events == [.finished])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.first { [witness] _ in
        _ = witness
        return false
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.first() }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `first`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let first: [ContractCase] = [
    ContractCase("first", [.finishesWithInputs]) { context in
      context.input(0).first().eraseToAnySignal()
    },
    ContractCase("first(where:)", [.finishesWithInputs, .holdsWitness]) {
      context in
      context.input(0).first { [witness = context.witness] value in
        touch(witness)
        return value > 5
      }.eraseToAnySignal()
    },
  ]
}
