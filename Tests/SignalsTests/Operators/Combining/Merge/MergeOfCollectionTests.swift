import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// merge() on a collection of signals: CombineExt's spelling of MergeSignal of an array (Combine's MergeMany).

@Suite struct MergeOfCollectionTests {
  static let source = "Sources/Signals/Operators/Combining/Merge/MergeOfCollection.swift"

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("merge-of-collection", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let signals = [try m.hot(diagram.lane("first")), try m.hot(diagram.lane("second"))]
    try expectMarbles(m, signals.merge(), try diagram.lane("merge"))
  }

  @Test func isMergeSignalOfTheCollectionsSignals() {
    let subjects = [PassthroughSignal<Int, Never>(), PassthroughSignal<Int, Never>()]
    let merged: MergeSignal<PassthroughSignal<Int, Never>> = subjects.merge()
    #expect(merged.upstreams.count == 2)
  }
}

extension ContractCase {
  /// merge()'s case of the contract registry.
  static let mergeOfCollection: [ContractCase] = [
    ContractCase("[signals].merge()", inputs: 3, [.identity, .finishesWithInputs, .failsWithInput, .concurrent]) {
      context in
      context.inputs.map(\.signal).merge().eraseToAnySignal()
    }
  ]
}

extension BadInputRow {
  /// merge()'s rows of the bad-input table.
  static let mergeOfCollection: [BadInputRow] = [
    BadInputRow(api: "merge() of a collection", input: "an empty collection", behaviour: "finishes at once") {
      events([PassthroughSignal<Int, Never>]().merge()) == [.finished]
    }
  ]
}
