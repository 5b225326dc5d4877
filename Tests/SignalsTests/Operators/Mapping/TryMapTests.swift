import Signals
import SignalsTesting
import Testing

@Suite struct TryMapTests {
  struct Other: Error, Equatable {}

  @Test func transformsValuesAndPassesFinished() {
    let log = EventLog<Int, Never>()
    _ = [1, 2].signal.tryMap { $0 * 10 }.subscribe(log)
    #expect(log.events == [.value(10), .value(20), .finished])
  }

  @Test func typedThrowKeepsTheFailureTypeAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<String, TestError>()
    let mapped: TryMapSignal<PassthroughSignal<Int, TestError>, String, TestError> = subject.tryMap {
      value throws(TestError) in
      if value == 2 { throw TestError(2) }
      return "\(value)"
    }
    let token = mapped.subscribe(log)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(log.events == [.value("1"), .failed(TestError(2))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func upstreamFailurePassesThrough() {
    let log = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(4)).tryMap { $0 }.subscribe(log)
    #expect(log.events == [.failed(TestError(4))])
  }

  @Test func untypedThrowGivesAnyError() {
    let subject = PassthroughSignal<Int, TestError>()
    let errors = Locked<[String]>([])
    let mapped: TryMapSignal<PassthroughSignal<Int, TestError>, Int, any Error> = subject.tryMap { value in
      if value > 1 { throw Other() }
      return value
    }
    let token = mapped.sink(
      receiveCompletion: { completion in
        if case .failed(let error) = completion { errors.withLock { $0.append("\(type(of: error))") } }
      },
      receiveValue: { _ in })
    subject.send(1)
    subject.send(2)
    #expect(errors.withLock { $0 } == ["Other"])
    withExtendedLifetime(token) {}
  }

  @Test func untypedFormMapsTheUpstreamFailureToAnyError() {
    let failure = Locked<(any Error)?>(nil)
    let token = FailSignal<Int, TestError>(TestError(5))
      .tryMap { (value: Int) throws(any Error) -> Int in value }
      .sink(receiveCompletion: { completion in failure.withLock { $0 = completion.error } }, receiveValue: { _ in })
    #expect(failure.withLock { $0 } as? TestError == TestError(5))
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryMap { [witness] value throws(TestError) in
        _ = witness
        return value
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.tryMap { $0 } }
  }
}

@Suite struct TryMapOverloadTests {
  @Test func aThrowingClosureOnANeverFailingSignalFailsWithAnyError() {
    let failure = Locked<(any Error)?>(nil)
    let token = [1, 2].signal.tryMap { value in
      if value == 2 { throw TestError(2) }
      return value
    }.sink(receiveCompletion: { completion in failure.withLock { $0 = completion.error } }, receiveValue: { _ in })
    #expect(failure.withLock { $0 } as? TestError == TestError(2))
    withExtendedLifetime(token) {}
  }

  @Test func aSignalThatFailsWithAnyErrorIsNotAmbiguous() {
    let upstream = AnySignal<Int, any Error>([1, 2].signal.tryMap { $0 })
    let log = Locked<[Int]>([])
    let token = upstream.tryMap { value in
      if value > 5 { throw TestError() }
      return value * 2
    }.sink(receiveCompletion: { _ in }, receiveValue: { value in log.withLock { $0.append(value) } })
    #expect(log.withLock { $0 } == [2, 4])
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryMap`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryMap: [ContractCase] = [
    ContractCase("tryMap(typed)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) {
      context in
      context.input(0).tryMap { [witness = context.witness] (value: Int) throws(TestError) -> Int in
        touch(witness)
        if value == -7 { throw TestError(7) }
        return value
      }.eraseToAnySignal()
    },
    ContractCase(
      "tryMap(untyped)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).tryMap { [witness = context.witness] (value: Int) throws -> Int in
        touch(witness)
        return value
      }.mapError { $0 as? TestError ?? TestError(-1) }.eraseToAnySignal()
    },
  ]
}
