import Dispatch
import Signals
import SignalsTesting
import Testing

@Suite struct ScanTests {
  @Test func emitsEachIntermediateResult() {
    let log = EventLog<Int, Never>()
    _ = [1, 2, 3].signal.scan(0, +).subscribe(log)
    #expect(log.events == [.value(1), .value(3), .value(6), .finished])
  }

  @Test func eachSubscriptionStartsFromTheInitialResult() {
    let signal = [1, 2].signal.scan(10, +)
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    _ = signal.subscribe(first)
    _ = signal.subscribe(second)
    #expect(first.values == [11, 13])
    #expect(second.values == [11, 13])
  }

  @Test func failurePassesThroughWithNothingExtra() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<String, TestError>()
    let token = subject.scan("") { $0 + "\($1)" }.subscribe(log)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.value("1"), .value("12"), .failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func concurrentSendsThroughASubjectAccumulateEveryValueInOrder() {
    let count = 1_000 * stressScale
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.scan(0) { sum, _ in sum + 1 }.subscribe(log)
    DispatchQueue.concurrentPerform(iterations: count) { _ in subject.send(1) }
    #expect(log.values == Array(1...count))
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.scan(0) { [witness] sum, value in
        _ = witness
        return sum + value
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.scan(0, +) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `scan`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let scan: [ContractCase] = [
    ContractCase("scan", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).scan(0) { [witness = context.witness] _, value in
        touch(witness)
        return value
      }.eraseToAnySignal()
    }
  ]
}
