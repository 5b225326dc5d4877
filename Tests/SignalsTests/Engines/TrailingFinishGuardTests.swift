import Signals
import SignalsTesting
import Testing

// The operators that answer one upstream event with a value and `finished` (first, last, reduce, collect,
// count, output(at:) and output(in:), the reducing and matching step families, materialize) guard the
// `finished` from an observer that cancelled during the value. They make no guard where none is needed: for
// a value-only sink (`sink(receiveValue:)` ignores terminal events) and in front of an operator whose own
// state drops events once its subscription ended (`timeout`, also through stateless forwarders such as
// `map`: `DropsLateFinish`). These tests pin that every path sends the events of the guarded one, that a
// cancel during the value keeps the `finished` out, and that everything is released either way.

/// The operators that guard their `finished`, on a subject of `Int`.
enum GuardedOperator: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case first, firstWhere, last, reduce, collect, collectCount, count, outputAt
  case tryReduce, max, tryMin, tryLast, contains, allSatisfy, tryFirst, outputIn, materialize

  var testDescription: String { rawValue }

  /// The operators that end before the upstream does, on the values 1...5.
  static let endingEarly: [Self] = [.first, .firstWhere, .outputAt, .contains, .allSatisfy, .tryFirst, .outputIn]

  /// `use` of the operator applied to `input`, not erased, so that the observer `use` subscribes reaches it.
  func applied<Use: GuardedOperatorUse>(to input: PassthroughSignal<Int, Never>, _ use: Use) -> Use.Result {
    switch self {
    case .first: use(input.first())
    case .firstWhere: use(input.first { $0 > 1 })
    case .last: use(input.last())
    case .reduce: use(input.reduce(0, +))
    case .collect: use(input.collect())
    case .collectCount: use(input.collect(2))
    case .count: use(input.count())
    case .outputAt: use(input.output(at: 1))
    case .tryReduce: use(input.tryReduce(0) { (sum, value) throws(Never) in sum + value })
    case .max: use(input.max())
    case .tryMin: use(input.tryMin { (a, b) throws(Never) in a < b })
    case .tryLast: use(input.tryLast { (value) throws(Never) in value < 4 })
    case .contains: use(input.contains(2))
    case .allSatisfy: use(input.allSatisfy { $0 < 3 })
    case .tryFirst: use(input.tryFirst { (value) throws(Never) in value > 1 })
    case .outputIn: use(input.output(in: 1...2))
    case .materialize: use(input.materialize())
    }
  }

  /// The operator's values as text, erased: an event sink observes it through the guard.
  func apply(_ input: PassthroughSignal<Int, Never>) -> AnySignal<String, Never> {
    applied(to: input, Erased())
  }

  /// The operator observed by a value-only sink (which makes it build no guard).
  func subscribeValueOnly(
    _ input: PassthroughSignal<Int, Never>, _ receive: @escaping @Sendable (String) -> Void
  ) -> SignalSubscription {
    applied(to: input, ValueOnly(receive: receive))
  }

  /// The operator, then `map` and a 60 s `timeout` with a fallback, observed: its downstream (through the
  /// map) is the timeout's upstream observer, which drops late events itself.
  func subscribeTimed(
    _ input: PassthroughSignal<Int, Never>, on scheduler: TestScheduler,
    _ receive: @escaping @Sendable (Event<String, Never>) -> Void
  ) -> SignalSubscription {
    applied(to: input, Timed(scheduler: scheduler, receive: receive))
  }
}

/// What a test does with a guarded operator, given the operator's own signal type.
protocol GuardedOperatorUse {
  associatedtype Result
  func callAsFunction<Guarded: Signal>(_ signal: Guarded) -> Result where Guarded.Failure == Never
}

private struct Erased: GuardedOperatorUse {
  func callAsFunction<Guarded: Signal>(_ signal: Guarded) -> AnySignal<String, Never>
  where Guarded.Failure == Never {
    AnySignal(signal.map { "\($0)" })
  }
}

private struct ValueOnly: GuardedOperatorUse {
  let receive: @Sendable (String) -> Void

  func callAsFunction<Guarded: Signal>(_ signal: Guarded) -> SignalSubscription where Guarded.Failure == Never {
    signal.sink { [receive] in receive("\($0)") }
  }
}

private struct Timed: GuardedOperatorUse {
  let scheduler: TestScheduler
  let receive: @Sendable (Event<String, Never>) -> Void

  func callAsFunction<Guarded: Signal>(_ signal: Guarded) -> SignalSubscription where Guarded.Failure == Never {
    signal.map { "\($0)" }.timeout(.seconds(60), scheduler: scheduler, fallback: JustSignal("timed out"))
      .observe(receive)
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

  // MARK: A value-only sink

  @Test(arguments: GuardedOperator.allCases)
  func aValueOnlySinkGetsTheValuesAnEventSinkGets(_ kind: GuardedOperator) {
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

  @Test(arguments: [GuardedOperator.first, .firstWhere, .outputAt])
  func anOperatorThatEndsEarlyLetsGoOfTheUpstreamAndTheClosure(_ kind: GuardedOperator) {
    let input = PassthroughSignal<Int, Never>()
    let sink = WitnessedSink(kind, input)
    input.send(1)
    input.send(2)
    input.send(3)
    #expect(sink.values.withLock { $0 } == (kind == .first ? ["1"] : ["2"]))
    #expect(!input.hasObservers)
    #expect(sink.isReleased(), "released when the operator ended, while the subscription is still held")
    sink.token.cancel()
  }

  @Test(arguments: GuardedOperator.allCases)
  func cancellingBeforeTheValueReleasesEverything(_ kind: GuardedOperator) {
    let input = PassthroughSignal<Int, Never>()
    let sink = WitnessedSink(kind, input)
    sink.token.cancel()
    input.send(1)
    input.send(2)
    input.send(completion: .finished)
    #expect(sink.values.withLock { $0 }.isEmpty)
    #expect(!input.hasObservers)
    #expect(sink.isReleased())
  }

  // MARK: Through the guard

  @Test(arguments: GuardedOperator.endingEarly)
  func aCancelDuringTheValueKeepsTheFinishedOut(_ kind: GuardedOperator) {
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

  @Test(arguments: GuardedOperator.allCases)
  func aCancelDuringTheValueOnFinishKeepsTheFinishedOut(_ kind: GuardedOperator) {
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

  // MARK: In front of a timeout (no guard)

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
  func inFrontOfATimeoutACancelDuringTheValueKeepsTheFinishedOut(_ kind: GuardedOperator) {
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

/// A value-only subscription whose closure captures a witness, to tell when the operator lets go of it.
private struct WitnessedSink {
  let values = Locked<[String]>([])
  let token: SignalSubscription
  /// Whether the closure (and so the witness it captured) was released.
  let isReleased: () -> Bool

  init(_ kind: GuardedOperator, _ input: PassthroughSignal<Int, Never>) {
    weak var witness: CombineWitness?
    let values = values
    let captured = CombineWitness()
    witness = captured
    token = kind.subscribeValueOnly(input) { value in
      _ = captured
      values.withLock { $0.append(value) }
    }
    isReleased = { witness == nil }
  }
}
