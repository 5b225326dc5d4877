import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// switchToLatest() where the upstream or the inner signals cannot fail, without `setFailureType`: Combine's
// overloads.

@Suite struct SwitchToLatestFailureFormsTests {
  static let source = "Sources/Signals/Operators/AdaptingTypes/SwitchToLatest/SwitchToLatestFailureForms.swift"

  @Test func theDocumentedFailingInnerIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("switch-to-latest-failing-inner", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let a = try m.hotInput(diagram.lane("a"), error: TestError(1))
    let b = try m.hotInput(diagram.lane("b"), error: TestError(1))
    let upstream = try m.hot(diagram.lane("upstream")).map { $0 == "a" ? a : b }
    let switched:
      SwitchToLatestSignal<
        SetFailureTypeSignal<MapSignal<AnySignal<String, Never>, TestInput<String, TestError>>, TestError>
      > =
        upstream.switchToLatest()
    try expectMarbles(m, switched, try diagram.lane("switchToLatest"), error: TestError(1))
    #expect(a.subscriptionMarbles == ["-^--!"])
  }

  @Test func theDocumentedFailingUpstreamIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("switch-to-latest-failing-upstream", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let a = try m.hotInput(diagram.lane("a"))
    let b = try m.hotInput(diagram.lane("b"))
    let upstream = try m.hot(diagram.lane("upstream"), error: TestError(2)).map { $0 == "a" ? a : b }
    let switched = upstream.switchToLatest()
    try expectMarbles(m, switched, try diagram.lane("switchToLatest"), error: TestError(2))
    #expect(b.subscriptionMarbles == ["----^--!"], "cancelled by the upstream's failure")
  }

  @Test func neitherFailingKeepsTheResultTypeOfBefore() {
    let switched: SwitchToLatestSignal<PassthroughSignal<JustSignal<Int>, Never>> =
      PassthroughSignal<JustSignal<Int>, Never>().switchToLatest()
    let log = EventLog<Int, Never>()
    let token = switched.subscribe(log)
    switched.upstream.send(JustSignal(4))
    #expect(log.values == [4])
    withExtendedLifetime(token) {}
  }
}

extension ContractCase {
  /// The failure-type forms' cases of the contract registry.
  static let switchToLatestFailureForms: [ContractCase] = [
    ContractCase(
      "switchToLatest(inners that cannot fail)", [.identity, .finishesWithInputs, .failsWithInput, .concurrent]
    ) {
      context in
      context.input(0).map { JustSignal($0) }.switchToLatest().eraseToAnySignal()
    },
    ContractCase("switchToLatest(upstream that cannot fail)", [.identity, .finishesWithInputs, .holdsWitness]) {
      context in
      context.input(0).replaceError(with: -1).map { [witness = context.witness] value in
        touch(witness)
        return JustSignal(value).setFailureType(to: TestError.self)
      }.switchToLatest().eraseToAnySignal()
    },
  ]
}

extension BadInputRow {
  /// The failure-type forms' rows of the bad-input table.
  static let switchToLatestFailureForms: [BadInputRow] = [
    BadInputRow(
      api: "switchToLatest() of a signal that cannot fail", input: "an inner signal that fails at once",
      behaviour: "fails with the inner's error and cancels the upstream"
    ) {
      let upstream = PassthroughSignal<FailSignal<Int, TestError>, Never>()
      let log = EventLog<Int, TestError>()
      let token = upstream.switchToLatest().subscribe(log)
      upstream.send(FailSignal(TestError(6)))
      withExtendedLifetime(token) {}
      return log.events == [.failed(TestError(6))] && !upstream.hasObservers
    }
  ]
}
