import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// nwise(_:): CombineExt's sliding window.

@Suite struct NwiseTests {
  static let source = "Sources/Signals/Operators/Mapping/Nwise.swift"

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("nwise", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let windows = try m.hot(diagram.inputs[0]).nwise(3).map { $0.joined() }
    try expectMarbles(m, windows, diagram.output, values: ["x": "abc", "y": "bcd"])
  }

  @Test func slidesOverTheValues() {
    #expect(
      events([1, 2, 3, 4, 5, 6].signal.nwise(3)) == [
        .value([1, 2, 3]), .value([2, 3, 4]), .value([3, 4, 5]), .value([4, 5, 6]), .finished,
      ])
    #expect(events([1, 2, 3].signal.nwise(4)) == [.finished])
    #expect(events([1, 2].signal.nwise(1)) == [.value([1]), .value([2]), .finished])
  }

  @Test func nwiseOfTwoIsPairwise() {
    let values = [3, 1, 4, 1, 5]
    let pairs = events(values.signal.pairwise()).compactMap(\.value).map { [$0.0, $0.1] }
    #expect(events(values.signal.nwise(2)).compactMap(\.value) == pairs)
  }

  @Test func eachSubscriptionStartsEmptyAndAFailurePassesThrough() {
    let subject = PassthroughSignal<Int, TestError>()
    let windows = subject.nwise(2)
    let first = EventLog<[Int], TestError>()
    let tokenA = windows.subscribe(first)
    subject.send(1)
    let second = EventLog<[Int], TestError>()
    let tokenB = windows.subscribe(second)
    subject.send(2)
    subject.send(completion: .failed(TestError(3)))
    #expect(first.events == [.value([1, 2]), .failed(TestError(3))])
    #expect(second.events == [.failed(TestError(3))])
    withExtendedLifetime((tokenA, tokenB)) {}
  }
}

extension ContractCase {
  /// nwise(_:)'s case of the contract registry.
  static let nwise: [ContractCase] = [
    ContractCase("nwise(3)", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).nwise(3).map { $0.reduce(0, &+) }.eraseToAnySignal()
    }
  ]
}

extension BadInputRow {
  /// nwise(_:)'s rows of the bad-input table.
  static let nwise: [BadInputRow] = [
    BadInputRow(
      api: "nwise(_:)", input: "a size of 0",
      behaviour: "validated by NwiseSignal.problem(size:) (the precondition's message)"
    ) {
      typealias Windows = NwiseSignal<PassthroughSignal<Int, Never>>
      return Windows.problem(size: 0)?.hasPrefix("Signals: ") == true && Windows.problem(size: -3) != nil
        && Windows.problem(size: 1) == nil
    }
  ]
}

extension PreconditionRow {
  /// nwise(_:)'s precondition rows.
  static let nwise: [PreconditionRow] = [
    PreconditionRow(api: "nwise(_:)", input: "0", message: "Signals: nwise(_:) needs a size of at least 1") {
      _ = PassthroughSignal<Int, Never>().nwise(0)
    }
  ]
}
