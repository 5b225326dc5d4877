import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct ReplaceNilTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("replace-nil", in: "Sources/Signals/Operators/Mapping/ReplaceNil.swift")
    let input = try m.hot(diagram.inputs[0], values: ["a": "a", "n": nil, "b": "b"] as [Character: String?])
    try expectMarbles(m, input.replaceNil(with: "z"), diagram.output)
  }

  @Test func replacesEachNilAndPassesTheRest() {
    let names: [String?] = ["a", nil, "b", nil]
    #expect(
      syncEvents(names.signal.replaceNil(with: "?")) == [.value("a"), .value("?"), .value("b"), .value("?"), .finished])
  }

  @Test func aFailurePassesThrough() {
    #expect(syncEvents(FailSignal<Int?, TestError>(TestError(1)).replaceNil(with: 0)) == [.failed(TestError(1))])
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `replaceNil(with:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let replaceNil: [ContractCase] = [
    ContractCase("replaceNil(with:)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).map { $0 == -999 ? nil : $0 }.replaceNil(with: -1).eraseToAnySignal()
    }
  ]
}
