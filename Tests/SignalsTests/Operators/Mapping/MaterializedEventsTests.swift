import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// eventValues() and eventFailures(): CombineExt's values() and failures() on a signal of materialized events.

@Suite struct MaterializedEventsTests {
  static let source = "Sources/Signals/Operators/Mapping/MaterializedEvents.swift"

  static let diagramEvents: [Character: Event<String, TestError>] = [
    "v": .value("a"), "w": .value("b"), "e": .failed(TestError(5)),
  ]

  @Test func theDocumentedValuesAreWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("event-values", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let upstream = try m.hot(diagram.inputs[0], values: Self.diagramEvents)
    try expectMarbles(m, upstream.eventValues(), diagram.output, values: ["a": "a", "b": "b"])
  }

  @Test func theDocumentedFailuresAreWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("event-failures", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let upstream = try m.hot(diagram.inputs[0], values: Self.diagramEvents)
    try expectMarbles(m, upstream.eventFailures(), diagram.output, values: ["x": TestError(5)])
  }

  @Test func afterMaterializeTheyGiveTheValuesAndTheFailure() {
    let subject = PassthroughSignal<String, TestError>()
    let outcomes = subject.materialize().share()
    let values = EventLog<String, Never>()
    let failures = EventLog<TestError, Never>()
    let tokens = [outcomes.eventValues().subscribe(values), outcomes.eventFailures().subscribe(failures)]
    subject.send("Hello")
    subject.send("World")
    subject.send(completion: .failed(TestError(1)))
    #expect(values.events == [.value("Hello"), .value("World"), .finished])
    #expect(failures.events == [.value(TestError(1)), .finished])
    withExtendedLifetime(tokens) {}
  }

  @Test func aFinishIsNoFailure() {
    let outcomes = ["x"].signal.setFailureType(to: TestError.self).materialize()
    #expect(events(outcomes.eventFailures()) == [Event<TestError, Never>.finished])
  }
}

extension ContractCase {
  /// eventValues()' and eventFailures()' cases of the contract registry.
  static let materializedEvents: [ContractCase] = [
    ContractCase("materialize().eventValues()", [.identity, .deepChain, .shortChain, .finishesWithInputs]) { context in
      context.input(0).materialize().eventValues().setFailureType(to: TestError.self).eraseToAnySignal()
    },
    ContractCase("materialize().eventFailures()", [.finishesWithInputs]) { context in
      context.input(0).materialize().eventFailures().map(\.code).setFailureType(to: TestError.self).eraseToAnySignal()
    },
  ]
}

extension BadInputRow {
  /// eventValues()' rows of the bad-input table.
  static let materializedEvents: [BadInputRow] = [
    BadInputRow(
      api: "eventValues()", input: "a signal of events with a value after a terminal event",
      behaviour: "each event on its own: the value is sent too (CombineExt's values())"
    ) {
      let handMade: [Event<Int, TestError>] = [.value(1), .finished, .value(2)]
      return events(handMade.signal.eventValues()) == [.value(1), .value(2), .finished]
    }
  ]
}
