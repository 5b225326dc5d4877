import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct OutputInTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("output-in", in: "Sources/Signals/Operators/Selecting/OutputIn.swift")
    try expectMarbles(m, try m.hot(diagram.inputs[0]).output(in: 1...2), diagram.output)
  }

  @Test func everyKindOfRange() {
    let letters = ["a", "b", "c", "d", "e"].signal
    #expect(syncEvents(letters.output(in: 1..<3)) == [.value("b"), .value("c"), .finished])
    #expect(syncEvents(letters.output(in: 1...3)) == [.value("b"), .value("c"), .value("d"), .finished])
    #expect(syncEvents(letters.output(in: 3...)) == [.value("d"), .value("e"), .finished])
    #expect(syncEvents(letters.output(in: ..<2)) == [.value("a"), .value("b"), .finished])
    #expect(syncEvents(letters.output(in: ...0)) == [.value("a"), .finished])
  }

  /// Decided (Decisions.md): the result finishes right after the last position of the range, without
  /// waiting for one more value, and releases the upstream.
  @Test func finishesRightAfterTheLastPositionAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.output(in: 0..<2).subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events == [.value(1), .value(2), .finished])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anUpstreamThatEndsSoonerEndsTheResultTheSameWay() {
    #expect(syncEvents([1, 2].signal.output(in: 1..<5)) == [.value(2), .finished])
    let failing = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = failing.output(in: 1..<5).subscribe(log)
    failing.send(1)
    failing.send(completion: .failed(TestError(1)))
    #expect(log.events == [.failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  /// Decided (Decisions.md): an empty range finishes at once without subscribing, as `prefix(0)` does.
  @Test func anEmptyRangeFinishesAtOnceWithoutSubscribing() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.output(in: 3..<3).subscribe(log)
    #expect(log.events == [.finished])
    #expect(!subject.hasObservers)
    #expect(syncEvents((0...).signal.output(in: ..<0)) == [.finished])
    withExtendedLifetime(token) {}
  }

  @Test func terminatesAnInfiniteSequence() {
    #expect(syncEvents((0...).signal.output(in: 100..<102)) == [.value(100), .value(101), .finished])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.output(in: 5...)
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.output(in: 0...) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `output(in:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let outputIn: [ContractCase] = [
    ContractCase("output(in: 1...2)", [.finishesWithInputs]) { context in
      context.input(0).output(in: 1...2).eraseToAnySignal()
    },
    ContractCase("output(in: 0...)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).output(in: 0...).eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `output(in:)`'s rows of the bad-input table (`BadInputTests.swift`).
  static let outputIn: [BadInputRow] = [
    BadInputRow(
      api: "output(in:)", input: "an empty range (3..<3)", behaviour: "finishes at once, without subscribing"
    ) {
      let subject = PassthroughSignal<Int, TestError>()
      let log = EventLog<Int, TestError>()
      let token = subject.output(in: 3..<3).subscribe(log)
      defer { withExtendedLifetime(token) {} }
      return log.events == [.finished] && !subject.hasObservers
    }
  ]
}

extension PreconditionRow {
  /// `output(in:)`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let outputIn: [PreconditionRow] = [
    PreconditionRow(
      api: "output(in:)", input: "-1..<3", message: "Signals: output(in:) needs positions of at least 0"
    ) { _ = PassthroughSignal<Int, Never>().output(in: -1..<3) },
    PreconditionRow(
      api: "output(in:) open below", input: "..<(-1)", message: "Signals: output(in:) needs positions of at least 0"
    ) { _ = PassthroughSignal<Int, Never>().output(in: ..<(-1)) },
    PreconditionRow(
      api: "OutputInSignal(upstream:range:)", input: "-2..<0",
      message: "Signals: output(in:) needs positions of at least 0"
    ) {
      _ = OutputInSignal(upstream: PassthroughSignal<Int, Never>(), range: -2..<0)
    },
  ]
}
