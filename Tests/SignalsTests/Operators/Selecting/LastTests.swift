import Signals
import SignalsTesting
import Testing

@Suite struct LastTests {
  @Test func emitsTheLastValueOnFinish() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.last().subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events.isEmpty)
    subject.send(completion: .finished)
    #expect(log.events == [.value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func emptyUpstreamJustFinishes() {
    let log = EventLog<Int, Never>()
    _ = EmptySignal<Int, Never>().last().subscribe(log)
    #expect(log.events == [.finished])
  }

  @Test func failureDropsTheRememberedValue() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.last().subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(2)))
    #expect(log.events == [.failed(TestError(2))])
    withExtendedLifetime(token) {}
  }

  @Test func lastWhereKeepsTheLastMatch() {
    let log = EventLog<Int, Never>()
    _ = [1, 2, 3, 4, 5].signal.last { $0 % 2 == 0 }.subscribe(log)
    #expect(log.events == [.value(4), .finished])
    let none = EventLog<Int, Never>()
    _ = [1, 3].signal.last { $0 % 2 == 0 }.subscribe(none)
    #expect(none.events == [.finished])
  }

  @Test func stopOnTheValueSuppressesFinished() {
    let log = EventLog<Int, Never> { _ in .stop }
    _ = [1, 2].signal.last().subscribe(log)
    #expect(log.events == [.value(2)])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.last { [witness] _ in
        _ = witness
        return true
      }
    }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `last`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let last: [ContractCase] = [
    ContractCase(
      "last(where:)", [.finishesWithInputs, .failsWithInput, .holdsWitness]
    ) {
      context in
      context.input(0).last { [witness = context.witness] value in
        touch(witness)
        return value >= 0
      }.eraseToAnySignal()
    },
    ContractCase("last", [.finishesWithInputs, .failsWithInput]) {
      context in
      context.input(0).last().eraseToAnySignal()
    },
  ]
}
