import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// combineLatest() on a collection of signals: CombineExt's spelling of CombineLatestSignal of an array.

@Suite struct CombineLatestOfCollectionTests {
  static let source = "Sources/Signals/Operators/Combining/CombineLatest/CombineLatestOfCollection.swift"

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("combine-latest-of-collection", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let signals = [try m.hot(diagram.lane("first")), try m.hot(diagram.lane("second"))]
    let combined = signals.combineLatest().map { $0.joined() }
    try expectMarbles(m, combined, try diagram.lane("combineLatest"), values: ["x": "ab", "y": "cb", "z": "cd"])
  }

  @Test func isCombineLatestSignalOfTheCollectionsSignals() {
    let subjects = [PassthroughSignal<Int, Never>(), PassthroughSignal<Int, Never>()]
    let combined: CombineLatestSignal<PassthroughSignal<Int, Never>> = subjects.combineLatest()
    #expect(combined.upstreams.count == 2)
    let slice: CombineLatestSignal<PassthroughSignal<Int, Never>> = subjects[1...].combineLatest()
    #expect(slice.upstreams.count == 1)
  }
}

extension ContractCase {
  /// combineLatest()'s case of the contract registry.
  static let combineLatestOfCollection: [ContractCase] = [
    ContractCase("[signals].combineLatest()", inputs: 3, [.finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.inputs.map(\.signal).combineLatest().map { $0.reduce(0, &+) }.eraseToAnySignal()
    }
  ]
}

extension BadInputRow {
  /// combineLatest()'s rows of the bad-input table.
  static let combineLatestOfCollection: [BadInputRow] = [
    BadInputRow(api: "combineLatest() of a collection", input: "an empty collection", behaviour: "finishes at once") {
      events([PassthroughSignal<Int, Never>]().combineLatest()) == [.finished]
    }
  ]
}
