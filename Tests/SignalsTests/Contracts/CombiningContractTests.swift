import Signals
import Testing

/// The contract every combining operator keeps, checked on each: answering `stop` and
/// cancelling release every upstream, and nothing is delivered afterwards.
@Suite struct CombiningContractTests {
  enum Operator: String, CaseIterable, Sendable {
    case merge, race, combineLatest, zip, flatMap, switchToLatest, prefixUntilOutput, share

    /// The operator applied to two subjects; the sends `a 1, b 1, a 2, b 2` make it emit at least once.
    func apply(_ a: PassthroughSignal<Int, Never>, _ b: PassthroughSignal<Int, Never>) -> AnySignal<Int, Never> {
      switch self {
      case .merge: return a.merge(with: b).eraseToAnySignal()
      case .race: return a.race(with: b).eraseToAnySignal()
      case .combineLatest: return CombineLatestSignal([a, b]).map { $0.reduce(0, +) }.eraseToAnySignal()
      case .zip: return ZipSignal([a, b]).map { $0.reduce(0, +) }.eraseToAnySignal()
      case .flatMap: return a.flatMap { _ in b }.eraseToAnySignal()
      case .switchToLatest: return a.map { _ in b }.switchToLatest().eraseToAnySignal()
      case .prefixUntilOutput: return b.prefix(untilOutputFrom: a.filter { $0 == 2 }).eraseToAnySignal()
      case .share: return a.merge(with: b).share().eraseToAnySignal()
      }
    }
  }

  private func sendAll(_ a: PassthroughSignal<Int, Never>, _ b: PassthroughSignal<Int, Never>) {
    a.send(1)
    b.send(1)
    a.send(2)
    b.send(2)
  }

  @Test(arguments: Operator.allCases)
  func stopAfterTheFirstValueReleasesEveryUpstream(_ operator: Operator) {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>(answer: { _ in .stop })
    let token = `operator`.apply(a, b).subscribe(log)
    sendAll(a, b)
    #expect(log.events.count == 1)
    #expect(log.values.count == 1)
    #expect(!a.hasObservers && !b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test(arguments: Operator.allCases)
  func cancelReleasesEveryUpstreamAndStopsDelivery(_ operator: Operator) {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = `operator`.apply(a, b).subscribe(log)
    a.send(1)
    b.send(1)
    let delivered = log.events.count
    #expect(delivered >= 1)
    token.cancel()
    a.send(2)
    b.send(2)
    #expect(log.events.count == delivered)
    #expect(!a.hasObservers && !b.hasObservers)
  }

  @Test(arguments: Operator.allCases)
  func cancelFromInsideTheObserverStopsAtOnce(_ operator: Operator) {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let token = Locked<SignalSubscription?>(nil)
    let log = EventLog<Int, Never>(answer: { _ in
      token.withLock { $0 }?.cancel()
      return .continue
    })
    let subscription = `operator`.apply(a, b).subscribe(log)
    token.withLock { $0 = subscription }
    sendAll(a, b)
    #expect(log.events.count == 1)
    #expect(!a.hasObservers && !b.hasObservers)
  }
}
