import Signals
import SignalsTesting
import Testing

/// `map` after `map` is one operator (so a chain of them stays specialized whatever its length): the same
/// events and subscription as the two, in the same order; and a fused chain of `map`s and `filter`s gives the
/// events of the unfused one.
@Suite struct MapTests {
  @Test func aMapOfAMapIsOneMapOfTheUpstream() {
    let subject = PassthroughSignal<Int, Never>()
    let fused: MapSignal<PassthroughSignal<Int, Never>, String> = subject.map { $0 + 1 }.map { String($0 * 10) }
    let log = EventLog<String, Never>()
    let subscription = fused.subscribe(log)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(log.events == [.value("20"), .value("30"), .finished])
    withExtendedLifetime(subscription) {}
  }

  @Test func transformsRunInOrderOncePerValue() {
    let calls = Locked<[String]>([])
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let subscription = subject.map { value in
      calls.withLock { $0.append("first \(value)") }
      return value * 2
    }.map { value in
      calls.withLock { $0.append("second \(value)") }
      return value + 1
    }.map { value in
      calls.withLock { $0.append("third \(value)") }
      return value
    }.subscribe(log)
    subject.send(1)
    subject.send(5)
    #expect(calls.withLock { $0 } == ["first 1", "second 2", "third 3", "first 5", "second 10", "third 11"])
    #expect(log.events == [.value(3), .value(11)])
    withExtendedLifetime(subscription) {}
  }

  @Test func aFusedChainGivesTheEventsOfTheUnfusedOne() {
    // The unfused form, built with the initializers, against the fused one: values, then a failure.
    let subject = PassthroughSignal<Int, TestError>()
    let unfused = FilterSignal(
      upstream: FilterSignal(
        upstream: MapSignal(upstream: MapSignal(upstream: subject) { $0 + 1 }) { $0 * 3 }, isIncluded: { $0 > 3 }),
      isIncluded: { !$0.isMultiple(of: 2) })
    let fused = subject.map { $0 + 1 }.map { $0 * 3 }.filter { $0 > 3 }.filter { !$0.isMultiple(of: 2) }
    let unfusedLog = EventLog<Int, TestError>()
    let fusedLog = EventLog<Int, TestError>()
    let subscriptions = [unfused.subscribe(unfusedLog), fused.subscribe(fusedLog)]
    for value in 0...6 { subject.send(value) }
    subject.send(completion: .failed(TestError(7)))
    #expect(fusedLog.events == unfusedLog.events)
    #expect(fusedLog.events == [.value(9), .value(15), .value(21), .failed(TestError(7))])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func cancellingAFusedMapReleasesTheUpstream() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.map { $0 + 1 }
    }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `map`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let map: [ContractCase] = [
    ContractCase("map", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).map { [witness = context.witness] value in
        touch(witness)
        return value
      }.eraseToAnySignal()
    },
    ContractCase("filter(even).map", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).filter { $0.isMultiple(of: 2) }.map { [witness = context.witness] value in
        touch(witness)
        return value * 3
      }.eraseToAnySignal()
    },
  ]
}
