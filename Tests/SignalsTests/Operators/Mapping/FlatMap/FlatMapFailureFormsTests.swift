import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// flatMap where the upstream or the inner signals cannot fail, without `setFailureType`: Combine's overloads.

@Suite struct FlatMapFailureFormsTests {
  static let source = "Sources/Signals/Operators/Mapping/FlatMap/FlatMapFailureForms.swift"

  @Test func theDocumentedFailingInnerIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("flat-map-failing-inner", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let a = try m.hotInput(diagram.lane("a"), error: TestError(1))
    let b = try m.hotInput(diagram.lane("b"), error: TestError(1))
    let upstream: AnySignal<String, Never> = try m.hot(diagram.lane("upstream"))
    let merged: FlatMapSignal<SetFailureTypeSignal<AnySignal<String, Never>, TestError>, TestInput<String, TestError>> =
      upstream.flatMap { $0 == "a" ? a : b }
    try expectMarbles(m, merged, try diagram.lane("flatMap"), error: TestError(1))
    #expect(a.subscriptionMarbles == ["-^---!"], "cancelled by b's failure")
  }

  @Test func theDocumentedFailingUpstreamIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("flat-map-failing-upstream", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let a = try m.hotInput(diagram.lane("a"))
    let upstream = try m.hot(diagram.lane("upstream"), error: TestError(2))
    let merged: FlatMapSignal<AnySignal<String, TestError>, SetFailureTypeSignal<TestInput<String, Never>, TestError>> =
      upstream.flatMap { _ in a }
    try expectMarbles(m, merged, try diagram.lane("flatMap"), error: TestError(2))
    #expect(a.subscriptionMarbles == ["-^---!"])
  }

  @Test func neitherFailingKeepsTheResultTypeOfBefore() {
    // Chosen over both forms: the same type as flatMap's own form gives, so code written for 0.2 keeps it.
    let merged: FlatMapSignal<PassthroughSignal<Int, Never>, JustSignal<Int>> =
      PassthroughSignal<Int, Never>().flatMap { JustSignal($0) }
    #expect(merged.maxConcurrency == .max)
  }

  @Test func theFormsKeepTheConcurrencyAndBuffering() {
    let upstream = PassthroughSignal<Int, Never>()
    let inners = PassthroughSignal<Int, TestError>()
    let limited = upstream.flatMap(maxConcurrency: 1, buffering: .bufferingOldest(2)) { _ in inners.prefix(1) }
    let log = EventLog<Int, TestError>()
    let token = limited.subscribe(log)
    upstream.send(1)
    upstream.send(2)
    inners.send(10)  // ends the first inner; the second is subscribed
    inners.send(20)
    #expect(log.values == [10, 20])
    #expect(limited.maxConcurrency == 1)
    withExtendedLifetime(token) {}
  }

  @Test func anInnerFailureCancelsTheUpstreamThatCannotFail() {
    let upstream = PassthroughSignal<Int, Never>()
    let inner = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = upstream.flatMap { _ in inner }.subscribe(log)
    upstream.send(1)
    inner.send(completion: .failed(TestError(3)))
    #expect(log.events == [.failed(TestError(3))])
    #expect(!upstream.hasObservers)
    withExtendedLifetime(token) {}
  }
}

extension ContractCase {
  /// The failure-type forms' cases of the contract registry.
  static let flatMapFailureForms: [ContractCase] = [
    ContractCase(
      "flatMap(inner that cannot fail)",
      [.identity, .deepChain, .shortChain, .finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).flatMap { [witness = context.witness] value in
        touch(witness)
        return JustSignal(value)
      }.eraseToAnySignal()
    },
    ContractCase("flatMap(upstream that cannot fail)", [.identity, .finishesWithInputs, .holdsWitness]) { context in
      context.input(0).replaceError(with: -1).flatMap { [witness = context.witness] value in
        touch(witness)
        return JustSignal(value).setFailureType(to: TestError.self)
      }.eraseToAnySignal()
    },
  ]
}

extension BadInputRow {
  /// The failure-type forms' rows of the bad-input table.
  static let flatMapFailureForms: [BadInputRow] = [
    BadInputRow(
      api: "flatMap(maxConcurrency:buffering:_:) of a signal that cannot fail", input: "no inner signal at all",
      behaviour: "finishes when the upstream does"
    ) {
      events(EmptySignal<Int, Never>().flatMap { _ in FailSignal<Int, TestError>(TestError(1)) }) == [.finished]
    }
  ]
}

extension PreconditionRow {
  /// The failure-type forms' precondition rows.
  static let flatMapFailureForms: [PreconditionRow] = [
    PreconditionRow(
      api: "flatMap(maxConcurrency:) of a signal that cannot fail", input: "0",
      message: "Signals: flatMap(maxConcurrency:) needs at least 1"
    ) { _ = PassthroughSignal<Int, Never>().flatMap(maxConcurrency: 0) { FailSignal<Int, TestError>(TestError($0)) } }
  ]
}
