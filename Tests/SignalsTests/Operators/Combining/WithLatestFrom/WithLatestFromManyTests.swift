import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// withLatestFrom of two and three other signals: CombineExt's forms, the others combined as combineLatest
// combines them.

@Suite struct WithLatestFromManyTests {
  static let source = "Sources/Signals/Operators/Combining/WithLatestFrom/WithLatestFromMany.swift"

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("with-latest-from-two", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let upstream = try m.hot(diagram.lane("upstream"))
    let other1 = try m.hot(diagram.lane("other1"))
    let other2 = try m.hot(diagram.lane("other2"))
    let paired = upstream.withLatestFrom(other1, other2).map { "\($0)\($1)" }
    try expectMarbles(m, paired, try diagram.lane("withLatestFrom"), values: ["p": "1x", "q": "2x"])
  }

  @Test func twoOthersWithAResultSelector() {
    let (taps, name, age) = (
      PassthroughSignal<Int, Never>(), PassthroughSignal<String, Never>(), PassthroughSignal<Int, Never>()
    )
    let log = EventLog<String, Never>()
    let token = taps.withLatestFrom(name, age) { tap, latest in "\(tap)|\(latest.0)|\(latest.1)" }.subscribe(log)
    taps.send(1)
    name.send("bar")
    taps.send(2)
    age.send(30)
    taps.send(3)
    name.send("foo")
    taps.send(4)
    name.send(completion: .finished)
    age.send(completion: .finished)
    #expect(log.events == [.value("3|bar|30"), .value("4|foo|30")])
    taps.send(completion: .finished)
    #expect(log.events.last == .finished)
    withExtendedLifetime(token) {}
  }

  @Test func threeOthers() {
    let taps = PassthroughSignal<Int, TestError>()
    let (a, b, c) = (
      PassthroughSignal<String, TestError>(), PassthroughSignal<Bool, TestError>(), PassthroughSignal<Int, TestError>()
    )
    let plain = EventLog<String, TestError>()
    let selected = EventLog<String, TestError>()
    let tokens = [
      taps.withLatestFrom(a, b, c).map { "\($0)|\($1)|\($2)" }.subscribe(plain),
      taps.withLatestFrom(a, b, c) { tap, latest in "\(tap):\(latest.0)" }.subscribe(selected),
    ]
    a.send("x")
    b.send(true)
    taps.send(1)
    c.send(5)
    taps.send(2)
    b.send(false)
    taps.send(3)
    #expect(plain.values == ["x|true|5", "x|false|5"])
    #expect(selected.values == ["2:x", "3:x"])
    c.send(completion: .failed(TestError(8)))
    #expect(plain.completion == .failed(TestError(8)))
    withExtendedLifetime(tokens) {}
  }

  @Test func theOthersAreSubscribedFirstInOrder() {
    let order = Locked<[String]>([])
    func probed(_ name: String) -> HandleEventsSignal<PassthroughSignal<Int, Never>> {
      PassthroughSignal<Int, Never>().handleEvents(receiveSubscription: { order.withLock { $0.append(name) } })
    }
    let token = probed("upstream").withLatestFrom(probed("other1"), probed("other2"), probed("other3")).sink { _ in }
    #expect(order.withLock { $0 } == ["other1", "other2", "other3", "upstream"])
    withExtendedLifetime(token) {}
  }
}

extension ContractCase {
  /// withLatestFrom's cases of two and three other signals.
  static let withLatestFromMany: [ContractCase] = [
    ContractCase("withLatestFrom(_:_:)", inputs: 3, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).withLatestFrom(context.input(1), context.input(2)).map { $0 &+ $1 }.eraseToAnySignal()
    },
    ContractCase(
      "withLatestFrom(_:_:_:resultSelector:)", inputs: 4,
      [.finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).withLatestFrom(context.input(1), context.input(2), context.input(3)) {
        [witness = context.witness] value, latest in
        touch(witness)
        return value &+ latest.0 &+ latest.1 &+ latest.2
      }.eraseToAnySignal()
    },
  ]
}

extension BadInputRow {
  /// withLatestFrom's rows of two and three other signals.
  static let withLatestFromMany: [BadInputRow] = [
    BadInputRow(
      api: "withLatestFrom(_:_:)", input: "another signal that finishes without a value",
      behaviour: "finishes the result at once (nothing could ever be sent)"
    ) {
      let taps = PassthroughSignal<Int, TestError>()
      let log = EventLog<Int, TestError>()
      let token = taps.withLatestFrom(JustSignal(1).setFailureType(to: TestError.self), EmptySignal<Int, TestError>())
        .map { $0 &+ $1 }.subscribe(log)
      taps.send(5)
      withExtendedLifetime(token) {}
      return log.events == [.finished] && !taps.hasObservers
    }
  ]
}
