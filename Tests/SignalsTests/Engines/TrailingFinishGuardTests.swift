import Signals
import SignalsTesting
import Testing

// first, last, reduce, collect, count and output(at:) send a value and then `finished`. In front of an
// operator whose own state drops events once its subscription ended (`timeout`, also through stateless
// forwarders such as `map`), they make no guard and send the `finished` straight on (`DropsLateFinish`):
// these tests pin that the events are those of the guarded path, that a cancel during the value still keeps
// the `finished` out, and that everything is released either way.

extension GuardedOperator {
  /// The operator, then `map` and a 60 s `timeout` with a fallback, observed: its downstream (through the
  /// map) is the timeout's upstream observer, which drops late events itself.
  func subscribeTimed(
    _ input: PassthroughSignal<Int, Never>, on scheduler: TestScheduler,
    _ receive: @escaping @Sendable (Event<String, Never>) -> Void
  ) -> SignalSubscription {
    func timed<Upstream: Signal<String, Never>>(_ upstream: Upstream) -> SignalSubscription {
      upstream.timeout(.seconds(60), scheduler: scheduler, fallback: JustSignal("timed out")).observe(receive)
    }
    switch self {
    case .first: return timed(input.first().map { "\($0)" })
    case .firstWhere: return timed(input.first { $0 > 1 }.map { "\($0)" })
    case .last: return timed(input.last().map { "\($0)" })
    case .reduce: return timed(input.reduce(0, +).map { "\($0)" })
    case .collect: return timed(input.collect().map { "\($0)" })
    case .collectCount: return timed(input.collect(2).map { "\($0)" })
    case .count: return timed(input.count().map { "\($0)" })
    case .outputAt: return timed(input.output(at: 1).map { "\($0)" })
    }
  }
}

@Suite struct TrailingFinishGuardTests {
  @Test func whatThePublicObserversNeed() {
    func ignores<Observer>(_: Observer.Type) -> Bool {
      (Observer.self as? any EngineObserver.Type)?.lateFinish == .ignored
    }
    func drops<Observer>(_: Observer.Type) -> Bool {
      (Observer.self as? any EngineObserver.Type)?.lateFinish == .dropped
    }
    #expect(ignores(ValueSinkObserver<Int>.self), "a value-only sink ignores the finish")
    #expect(!ignores(SinkObserver<Int, Never>.self), "a sink of events gets it")
    #expect(!drops(SinkObserver<Int, Never>.self), "through a guard")
    #expect(!ignores(AnySignalObserver<Int, Never>.self))
    #expect(!drops(AnySignalObserver<Int, Never>.self))
  }

  @Test(arguments: GuardedOperator.allCases)
  func inFrontOfATimeoutTheEventsAreThoseOfTheGuardedPath(_ kind: GuardedOperator) {
    let scheduler = TestScheduler()
    let guarded = PassthroughSignal<Int, Never>()
    let timed = PassthroughSignal<Int, Never>()
    let expected = Locked<[Event<String, Never>]>([])
    let events = Locked<[Event<String, Never>]>([])
    let guardedToken = kind.apply(guarded).observe { event in expected.withLock { $0.append(event) } }
    let timedToken = kind.subscribeTimed(timed, on: scheduler) { event in events.withLock { $0.append(event) } }
    for value in 1...5 {
      guarded.send(value)
      timed.send(value)
      scheduler.advance(by: .seconds(1))
    }
    guarded.send(completion: .finished)
    timed.send(completion: .finished)
    #expect(expected.withLock { $0.last } == .finished)
    #expect(events.withLock { $0 } == expected.withLock { $0 })
    #expect(!timed.hasObservers, "the subscription ended")
    #expect(scheduler.pendingCount == 0, "the timer was cancelled")
    withExtendedLifetime((guardedToken, timedToken)) {}
  }

  @Test(arguments: [GuardedOperator.first, .firstWhere, .outputAt])
  func aCancelDuringTheValueKeepsTheFinishedOut(_ kind: GuardedOperator) {
    let scheduler = TestScheduler()
    let input = PassthroughSignal<Int, Never>()
    let events = Locked<[Event<String, Never>]>([])
    let token = Locked<SignalSubscription?>(nil)
    let subscription = kind.subscribeTimed(input, on: scheduler) { event in
      events.withLock { $0.append(event) }
      if case .value = event { token.withLock { $0 }?.cancel() }
    }
    token.withLock { $0 = subscription }
    for value in 1...3 { input.send(value) }
    scheduler.advance(by: .seconds(100))
    #expect(events.withLock { $0 } == [.value(kind == .first ? "1" : "2")])
    #expect(!input.hasObservers, "the upstream was released")
    #expect(scheduler.pendingCount == 0, "no timer is left")
  }
}
