import Signals
import SignalsTesting
import Testing

/// `filter` after `filter` is one operator (so a chain of them stays specialized whatever its length): the
/// same events and subscription as the two, in the same order.
@Suite struct FilterTests {
  @Test func aFilterOfAFilterIsOneFilterOfTheUpstream() {
    let subject = PassthroughSignal<Int, Never>()
    let fused: FilterSignal<PassthroughSignal<Int, Never>> = subject.filter { $0 > 1 }.filter { $0.isMultiple(of: 2) }
    let log = EventLog<Int, Never>()
    let subscription = fused.subscribe(log)
    for value in 1...6 { subject.send(value) }
    #expect(log.events == [.value(2), .value(4), .value(6)])
    withExtendedLifetime(subscription) {}
  }

  @Test func aLaterPredicateIsNotAskedAboutAValueAnEarlierOneRefused() {
    let asked = Locked<[Int]>([])
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let subscription = subject.filter { $0 > 2 }.filter { value in
      asked.withLock { $0.append(value) }
      return value != 4
    }.subscribe(log)
    for value in 1...5 { subject.send(value) }
    #expect(asked.withLock { $0 } == [3, 4, 5])
    #expect(log.events == [.value(3), .value(5)])
    withExtendedLifetime(subscription) {}
  }

  @Test func aStopFromDownstreamReachesTheUpstreamThroughAFusedFilter() {
    expectStopReleasesUpstream { $0.filter { $0 >= 0 }.filter { $0 < 100 } }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `filter`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let filter: [ContractCase] = [
    ContractCase("filter", [.identity, .deepChain, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).filter { [witness = context.witness] _ in
        touch(witness)
        return true
      }.eraseToAnySignal()
    }
  ]
}
