import Signals
import SignalsTesting
import Testing

@Suite struct ReduceTests {
  @Test func emitsTheFinalResultOnFinish() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.reduce(0, +).subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events.isEmpty)
    subject.send(completion: .finished)
    #expect(log.events == [.value(3), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func emptyUpstreamYieldsTheInitialResult() {
    let log = EventLog<Int, Never>()
    _ = EmptySignal<Int, Never>().reduce(7, +).subscribe(log)
    #expect(log.events == [.value(7), .finished])
  }

  @Test func failureSkipsThePartialResult() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.reduce(0, +).subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(2)))
    #expect(log.events == [.failed(TestError(2))])
    withExtendedLifetime(token) {}
  }

  @Test func stopOnTheResultSuppressesFinished() {
    let log = EventLog<Int, Never> { _ in .stop }
    _ = [1, 2].signal.reduce(0, +).subscribe(log)
    #expect(log.events == [.value(3)])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.reduce(0) { [witness] sum, value in
        _ = witness
        return sum + value
      }
    }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `reduce`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let reduce: [ContractCase] = [
    ContractCase(
      "reduce", [.finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).reduce(0) { [witness = context.witness] sum, value in
        touch(witness)
        return sum &+ value
      }.eraseToAnySignal()
    }
  ]
}
