import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct MapKeyPathTests {
  struct Download: Sendable, Equatable {
    var name: String
    var bytes: Int
    var done: Bool
  }

  let m = MarbleTest(frame: .milliseconds(100))
  let downloads = [Download(name: "a", bytes: 1, done: false), Download(name: "b", bytes: 2, done: true)].signal

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("map-key-paths", in: "Sources/Signals/Operators/Mapping/MapKeyPath.swift")
    let input = try m.hot(diagram.inputs[0], values: ["a": "ok", "b": "no"])
    let ends = input.map(\.first, \.last).map { "\($0.0!)\($0.1!)" }
    try expectMarbles(m, ends, diagram.output, values: ["x": "ok", "y": "no"])
  }

  @Test func oneTwoAndThreeKeyPaths() {
    #expect(syncEvents(downloads.map(\.bytes)) == [.value(1), .value(2), .finished])
    #expect(syncEvents(downloads.map(\.name, \.bytes).map { "\($0)\($1)" }) == [.value("a1"), .value("b2"), .finished])
    #expect(
      syncEvents(downloads.map(\.name, \.bytes, \.done).map { "\($0)\($1)\($2)" })
        == [.value("a1false"), .value("b2true"), .finished])
  }

  @Test func afterAMapTheKeyPathFusesIntoIt() {
    let one: MapSignal<SequenceSignal<[Download], Never>, Int> = downloads.map { $0 }.map(\.bytes)
    let two: MapSignal<SequenceSignal<[Download], Never>, (String, Int)> = downloads.map { $0 }.map(\.name, \.bytes)
    let three: MapSignal<SequenceSignal<[Download], Never>, (String, Int, Bool)> = downloads.map { $0 }
      .map(\.name, \.bytes, \.done)
    #expect(syncEvents(one) == [.value(1), .value(2), .finished])
    #expect(syncEvents(two.map { "\($0)\($1)" }) == [.value("a1"), .value("b2"), .finished])
    #expect(syncEvents(three.map { "\($2)" }) == [.value("false"), .value("true"), .finished])
  }

  @Test func aFailurePassesThrough() {
    #expect(syncEvents(FailSignal<String, TestError>(TestError(1)).map(\.count)) == [.failed(TestError(1))])
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `map` of key paths's cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let mapKeyPath: [ContractCase] = [
    ContractCase("map(key path)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).map(\.self).eraseToAnySignal()
    },
    ContractCase("map(two key paths)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).map(\.self, \.magnitude).map(\.0).eraseToAnySignal()
    },
    ContractCase("map(three key paths)", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).map(\.self, \.magnitude, \.bitWidth).map(\.0).eraseToAnySignal()
    },
  ]
}
