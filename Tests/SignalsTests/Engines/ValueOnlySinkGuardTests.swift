import Signals
import SignalsTesting
import Testing

// first, last, reduce, collect, count and output(at:) answer one upstream event with a value and `finished`,
// and guard the `finished` from an observer that cancelled during the value. A value-only sink
// (`sink(receiveValue:)`) ignores terminal events, so for it they make no guard: these tests pin that
// such a sink still gets exactly the values an event sink gets, and that the subscription ends and cancels
// as it does with the guard.

/// The operators that guard their `finished`, applied to a subject of `Int`.
enum GuardedOperator: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case first, firstWhere, last, reduce, collect, collectCount, count, outputAt

  var testDescription: String { rawValue }

  func apply(_ input: PassthroughSignal<Int, Never>) -> AnySignal<String, Never> {
    switch self {
    case .first: AnySignal(input.first().map { "\($0)" })
    case .firstWhere: AnySignal(input.first { $0 > 1 }.map { "\($0)" })
    case .last: AnySignal(input.last().map { "\($0)" })
    case .reduce: AnySignal(input.reduce(0, +).map { "\($0)" })
    case .collect: AnySignal(input.collect().map { "\($0)" })
    case .collectCount: AnySignal(input.collect(2).map { "\($0)" })
    case .count: AnySignal(input.count().map { "\($0)" })
    case .outputAt: AnySignal(input.output(at: 1).map { "\($0)" })
    }
  }

  /// The same operator, not erased, so that the sink's observer reaches it (and it makes no guard).
  func subscribeValueOnly(
    _ input: PassthroughSignal<Int, Never>, _ receive: @escaping @Sendable (String) -> Void
  ) -> SignalSubscription {
    switch self {
    case .first: input.first().sink { receive("\($0)") }
    case .firstWhere: input.first { $0 > 1 }.sink { receive("\($0)") }
    case .last: input.last().sink { receive("\($0)") }
    case .reduce: input.reduce(0, +).sink { receive("\($0)") }
    case .collect: input.collect().sink { receive("\($0)") }
    case .collectCount: input.collect(2).sink { receive("\($0)") }
    case .count: input.count().sink { receive("\($0)") }
    case .outputAt: input.output(at: 1).sink { receive("\($0)") }
    }
  }
}

@Suite struct ValueOnlySinkGuardTests {
  @Test(arguments: GuardedOperator.allCases)
  func aValueOnlySinkGetsTheValuesAnEventSinkGets(_ kind: GuardedOperator) {
    let guarded = PassthroughSignal<Int, Never>()
    let unguarded = PassthroughSignal<Int, Never>()
    let events = Locked<[Event<String, Never>]>([])
    let values = Locked<[String]>([])
    let eventToken = kind.apply(guarded).observe({ event in events.withLock { $0.append(event) } })
    let valueToken = kind.subscribeValueOnly(unguarded) { value in values.withLock { $0.append(value) } }
    for value in 1...5 {
      guarded.send(value)
      unguarded.send(value)
    }
    guarded.send(completion: .finished)
    unguarded.send(completion: .finished)
    let expected = events.withLock { $0 }.compactMap { event -> String? in
      if case .value(let value) = event { return value }
      return nil
    }
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
