import Signals
import SignalsTesting
import Testing

@Suite struct MapErrorTests {
  struct Wrapped: Error, Equatable { var inner: TestError }

  @Test func transformsTheFailure() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, Wrapped>()
    let token = subject.mapError { Wrapped(inner: $0) }.subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(2)))
    #expect(log.events == [.value(1), .failed(Wrapped(inner: TestError(2)))])
    withExtendedLifetime(token) {}
  }

  @Test func finishedPassesThrough() {
    let log = EventLog<Int, Wrapped>()
    _ = SequenceSignal([1], failureType: TestError.self).mapError { Wrapped(inner: $0) }.subscribe(log)
    #expect(log.events == [.value(1), .finished])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.mapError { [witness] error in
        _ = witness
        return Wrapped(inner: error)
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.mapError { Wrapped(inner: $0) } }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `mapError`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let mapError: [ContractCase] = [
    ContractCase("mapError", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) {
      context in
      context.input(0).mapError { [witness = context.witness] error -> TestError in
        touch(witness)
        return error
      }.eraseToAnySignal()
    }
  ]
}
