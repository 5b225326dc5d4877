import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct MaterializeTests {
  let m = MarbleTest(frame: .milliseconds(100))

  /// An event as the text a diagram names it by: a value's own text, `|` or `#`.
  static func text(_ event: Event<String, TestError>) -> String {
    switch event {
    case .value(let value): value
    case .finished: "|"
    case .failed: "#"
    }
  }

  @Test func theDocumentedMaterializeIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("materialize", in: "Sources/Signals/Operators/Mapping/Materialize.swift")
    let events = try m.hot(diagram.inputs[0], error: TestError(1)).materialize().map(Self.text)
    try expectMarbles(m, events, diagram.output, values: ["v": "a", "w": "b", "e": "#"])
  }

  @Test func theDocumentedDematerializeIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("dematerialize", in: "Sources/Signals/Operators/Mapping/Dematerialize.swift")
    let described: [Character: Event<String, TestError>] = [
      "v": .value("a"), "w": .value("b"), "e": .failed(TestError(1)),
    ]
    let input = try m.hot(diagram.inputs[0], values: described)
    try expectMarbles(m, input.dematerialize(), diagram.output, error: TestError(1))
  }

  /// Decided (Decisions.md): the terminal event is a value too, then the result finishes, as in
  /// CombineExt and RxSwift; the result cannot fail.
  @Test func theTerminalEventIsAValueThenTheResultFinishes() {
    let failing: MaterializeSignal<FailSignal<Int, TestError>> = FailSignal(TestError(2)).materialize()
    #expect(syncEvents(failing) == [.value(.failed(TestError(2))), .finished])
    #expect(syncEvents([1].signal.materialize()) == [.value(.value(1)), .value(.finished), .finished])
  }

  @Test func aStopOnTheTerminalValueKeepsTheFinishedOut() {
    let log = EventLog<Event<Int, Never>, Never> { event in event.value?.isTerminal == true ? .stop : .continue }
    _ = [1].signal.materialize().subscribe(log)
    #expect(log.events == [.value(.value(1)), .value(.finished)])
  }

  @Test func dematerializeEndsAtTheFirstTerminalEventAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Event<Int, TestError>, Never>()
    let log = EventLog<Int, TestError>()
    let token = subject.dematerialize().subscribe(log)
    subject.send(Event<Int, TestError>.value(1))
    subject.send(Event<Int, TestError>.finished)
    subject.send(Event<Int, TestError>.value(2))
    #expect(log.events == [.value(1), .finished])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anUpstreamThatFinishesWithoutATerminalEventFinishes() {
    let events: [Event<Int, TestError>] = [.value(1), .value(2)]
    #expect(syncEvents(events.signal.dematerialize()) == [.value(1), .value(2), .finished])
  }

  @Test func dematerializeUndoesMaterialize() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.materialize().dematerialize().subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(3)))
    #expect(log.events == [.value(1), .failed(TestError(3))])
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.materialize().dematerialize()
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.materialize().dematerialize() }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `materialize()` and `dematerialize()`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let materialize: [ContractCase] = [
    ContractCase("materialize", [.finishesWithInputs]) { context in
      contractErased(context.input(0).materialize().map { $0.value ?? ($0.isTerminal ? -1 : -2) })
    },
    ContractCase(
      "materialize().dematerialize()", [.identity, .deepChain, .shortChain, .finishesWithInputs, .failsWithInput]
    ) { context in
      context.input(0).materialize().dematerialize().eraseToAnySignal()
    },
  ]
}
