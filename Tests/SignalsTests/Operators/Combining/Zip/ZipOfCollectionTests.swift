import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// zip() on a collection of signals: CombineExt's spelling of ZipSignal of an array.

@Suite struct ZipOfCollectionTests {
  static let source = "Sources/Signals/Operators/Combining/Zip/ZipOfCollection.swift"

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("zip-of-collection", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let signals = [try m.hot(diagram.lane("first")), try m.hot(diagram.lane("second"))]
    try expectMarbles(m, signals.zip().map { $0.joined() }, try diagram.lane("zip"), values: ["x": "ab", "y": "cd"])
  }

  @Test func isZipSignalOfTheCollectionsSignals() {
    let subjects = [PassthroughSignal<Int, Never>(), PassthroughSignal<Int, Never>()]
    let zipped: ZipSignal<PassthroughSignal<Int, Never>> = subjects.zip()
    let log = EventLog<[Int], Never>()
    let token = zipped.subscribe(log)
    subjects[0].send(1)
    subjects[0].send(2)
    subjects[1].send(3)
    #expect(log.values == [[1, 3]])
    withExtendedLifetime(token) {}
  }

  @Test func aBareZipOfTwoSequencesStillNeedsSwift() {
    // Inside an extension of a collection of signals, `zip(a, b)` would find the method: `Swift.zip`.
    let pairs = Array(Swift.zip([1, 2], ["a", "b"]))
    #expect(pairs.count == 2)
  }
}

extension ContractCase {
  /// zip()'s case of the contract registry.
  static let zipOfCollection: [ContractCase] = [
    ContractCase("[signals].zip()", inputs: 3, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.inputs.map(\.signal).zip().map { $0.reduce(0, &+) }.eraseToAnySignal()
    }
  ]
}

extension BadInputRow {
  /// zip()'s rows of the bad-input table.
  static let zipOfCollection: [BadInputRow] = [
    BadInputRow(api: "zip() of a collection", input: "an empty collection", behaviour: "finishes at once") {
      events([PassthroughSignal<Int, Never>]().zip()) == [.finished]
    }
  ]
}
