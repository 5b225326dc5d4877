import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite struct PairwiseTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("pairwise", in: "Sources/Signals/Operators/Mapping/Pairwise.swift")
    let pairs = try m.hot(diagram.inputs[0]).pairwise().map { $0 + $1 }
    try expectMarbles(m, pairs, diagram.output, values: ["x": "ab", "y": "bc"])
  }

  @Test func eachValueComesWithTheOneBeforeIt() {
    let pairs = [1, 2, 3, 4].signal.pairwise().map { "\($0)\($1)" }
    #expect(syncEvents(pairs) == [.value("12"), .value("23"), .value("34"), .finished])
  }

  /// Decided (Decisions.md): one value makes no pair, as in CombineExt, RxSwiftExt and RxJS.
  @Test func oneValueMakesNoPairOnlyItsTerminalEvent() {
    #expect(syncEvents(JustSignal(1).pairwise().map { "\($0)\($1)" }) == [.finished])
    let failing = PassthroughSignal<Int, TestError>()
    let log = EventLog<String, TestError>()
    let token = failing.pairwise().map { "\($0)\($1)" }.subscribe(log)
    failing.send(1)
    failing.send(completion: .failed(TestError(1)))
    #expect(log.events == [.failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func prependGivesTheFirstValueAPredecessor() {
    let pairs = [5, 7].signal.prepend(0).pairwise().map { "\($0)\($1)" }
    #expect(syncEvents(pairs) == [.value("05"), .value("57"), .finished])
  }

  @Test func eachSubscriptionStartsWithoutAPreviousValue() {
    let pairs = [1, 2].signal.pairwise().map { "\($0)\($1)" }
    #expect(syncEvents(pairs) == [.value("12"), .finished])
    #expect(syncEvents(pairs) == [.value("12"), .finished])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.pairwise().map { [witness] pair in
        _ = witness
        return pair.0 + pair.1
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream(sending: [1, 2, 3, 4]) { $0.pairwise().map { $0 + $1 } }
  }
}

/// `pairwise()`'s step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct PairwiseStepTests {
  @Test func pairwisePairsEachValueWithThePreviousOne() {
    let step = PairwiseStep<String, Never>()
    #expect(scan(step, ["a", "b", "c"]).map { $0.map { $0.0 + $0.1 } } == [nil, "ab", "bc"])
    #expect(scan(step, ["a"]).map { $0.map { $0.0 + $0.1 } } == [nil], "one value: no pair")
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `pairwise()`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let pairwise: [ContractCase] = [
    ContractCase("pairwise", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).pairwise().map { $0 &+ $1 }.eraseToAnySignal()
    }
  ]
}
