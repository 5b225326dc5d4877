import Signals
import SignalsTesting
import Testing

// The operators of the reducing and matching step families, output(in:) and materialize answer one upstream
// event with a value and `finished`, and go through the trailing-finish guard, as first and last do:
// a value-only sink gets exactly the values an event sink gets, a cancel during the value keeps the
// `finished` out, and in front of an operator that drops late events (timeout) the events are those of the
// guarded path.

/// The guarded operators of the step families, `output(in:)` and `materialize()`, applied to a subject of `Int`.
enum GuardedFamilyOperator: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case tryReduce, max, tryMin, tryLast, contains, allSatisfy, tryFirst, outputIn, materialize

  var testDescription: String { rawValue }

  /// The operators that end before the upstream does, on the values 1...5.
  static let endingEarly: [Self] = [.contains, .allSatisfy, .tryFirst, .outputIn]

  /// The operator's values as text.
  func apply(_ input: PassthroughSignal<Int, Never>) -> AnySignal<String, Never> {
    switch self {
    case .tryReduce: AnySignal(input.tryReduce(0) { (sum, value) throws(Never) in sum + value }.map { "\($0)" })
    case .max: AnySignal(input.max().map { "\($0)" })
    case .tryMin: AnySignal(input.tryMin { (a, b) throws(Never) in a < b }.map { "\($0)" })
    case .tryLast: AnySignal(input.tryLast { (value) throws(Never) in value < 4 }.map { "\($0)" })
    case .contains: AnySignal(input.contains(2).map { "\($0)" })
    case .allSatisfy: AnySignal(input.allSatisfy { $0 < 3 }.map { "\($0)" })
    case .tryFirst: AnySignal(input.tryFirst { (value) throws(Never) in value > 1 }.map { "\($0)" })
    case .outputIn: AnySignal(input.output(in: 1...2).map { "\($0)" })
    case .materialize: AnySignal(input.materialize().map { "\($0)" })
    }
  }

  /// The same operator, not erased, so that the sink's observer reaches it (and it makes no guard).
  func subscribeValueOnly(
    _ input: PassthroughSignal<Int, Never>, _ receive: @escaping @Sendable (String) -> Void
  ) -> SignalSubscription {
    switch self {
    case .tryReduce: input.tryReduce(0) { (sum, value) throws(Never) in sum + value }.sink { receive("\($0)") }
    case .max: input.max().sink { receive("\($0)") }
    case .tryMin: input.tryMin { (a, b) throws(Never) in a < b }.sink { receive("\($0)") }
    case .tryLast: input.tryLast { (value) throws(Never) in value < 4 }.sink { receive("\($0)") }
    case .contains: input.contains(2).sink { receive("\($0)") }
    case .allSatisfy: input.allSatisfy { $0 < 3 }.sink { receive("\($0)") }
    case .tryFirst: input.tryFirst { (value) throws(Never) in value > 1 }.sink { receive("\($0)") }
    case .outputIn: input.output(in: 1...2).sink { receive("\($0)") }
    case .materialize: input.materialize().sink { receive("\($0)") }
    }
  }

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
    case .tryReduce: return timed(input.tryReduce(0) { (sum, value) throws(Never) in sum + value }.map { "\($0)" })
    case .max: return timed(input.max().map { "\($0)" })
    case .tryMin: return timed(input.tryMin { (a, b) throws(Never) in a < b }.map { "\($0)" })
    case .tryLast: return timed(input.tryLast { (value) throws(Never) in value < 4 }.map { "\($0)" })
    case .contains: return timed(input.contains(2).map { "\($0)" })
    case .allSatisfy: return timed(input.allSatisfy { $0 < 3 }.map { "\($0)" })
    case .tryFirst: return timed(input.tryFirst { (value) throws(Never) in value > 1 }.map { "\($0)" })
    case .outputIn: return timed(input.output(in: 1...2).map { "\($0)" })
    case .materialize: return timed(input.materialize().map { "\($0)" })
    }
  }
}

@Suite struct GuardedFamilyOperatorTests {
  @Test(arguments: GuardedFamilyOperator.allCases)
  func aValueOnlySinkGetsTheValuesAnEventSinkGets(_ kind: GuardedFamilyOperator) {
    let guarded = PassthroughSignal<Int, Never>()
    let unguarded = PassthroughSignal<Int, Never>()
    let events = Locked<[Event<String, Never>]>([])
    let values = Locked<[String]>([])
    let eventToken = kind.apply(guarded).observe { event in events.withLock { $0.append(event) } }
    let valueToken = kind.subscribeValueOnly(unguarded) { value in values.withLock { $0.append(value) } }
    for value in 1...5 {
      guarded.send(value)
      unguarded.send(value)
    }
    guarded.send(completion: .finished)
    unguarded.send(completion: .finished)
    let expected = events.withLock { $0 }.compactMap(\.value)
    #expect(!expected.isEmpty)
    #expect(events.withLock { $0.last } == .finished)
    #expect(values.withLock { $0 } == expected)
    #expect(!unguarded.hasObservers, "the subscription ended")
    withExtendedLifetime((eventToken, valueToken)) {}
  }

  @Test(arguments: GuardedFamilyOperator.allCases)
  func inFrontOfATimeoutTheEventsAreThoseOfTheGuardedPath(_ kind: GuardedFamilyOperator) {
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

  @Test(arguments: GuardedFamilyOperator.endingEarly)
  func aCancelDuringTheValueKeepsTheFinishedOut(_ kind: GuardedFamilyOperator) {
    let input = PassthroughSignal<Int, Never>()
    let events = Locked<[Event<String, Never>]>([])
    let token = Locked<SignalSubscription?>(nil)
    let subscription = kind.apply(input).observe { event in
      events.withLock { $0.append(event) }
      if case .value = event { token.withLock { $0 }?.cancel() }
    }
    token.withLock { $0 = subscription }
    for value in 1...5 { input.send(value) }
    #expect(events.withLock { $0 }.count == 1, "one value, and no finished after the cancel")
    #expect(events.withLock { $0.first?.value } != nil)
    #expect(!input.hasObservers, "the upstream was released")
  }

  @Test(arguments: GuardedFamilyOperator.allCases)
  func aCancelDuringTheValueOnFinishKeepsTheFinishedOut(_ kind: GuardedFamilyOperator) {
    let input = PassthroughSignal<Int, Never>()
    let events = Locked<[Event<String, Never>]>([])
    let token = Locked<SignalSubscription?>(nil)
    let subscription = kind.apply(input).observe { event in
      events.withLock { $0.append(event) }
      if case .value = event { token.withLock { $0 }?.cancel() }
    }
    token.withLock { $0 = subscription }
    input.send(completion: .finished)
    #expect(!events.withLock { $0 }.contains(.finished) || events.withLock { $0 } == [.finished])
    #expect(events.withLock { $0 }.count == 1)
  }
}
