import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite struct TryRemoveDuplicatesTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "try-remove-duplicates", in: "Sources/Signals/Operators/Filtering/TryRemoveDuplicates.swift")
    let input = try m.hot(diagram.inputs[0], error: TestError(1))
    let changes = input.tryRemoveDuplicates { (last, value) throws(TestError) in
      if value == "x" { throw TestError(1) }
      return last == value
    }
    try expectMarbles(m, changes, diagram.output, error: TestError(1))
  }

  @Test func comparesWithTheLastValueEmittedAndNeverAsksAboutTheFirst() {
    let asked = Locked<[String]>([])
    let signal = [1, 2, 4, 5, 9].signal.tryRemoveDuplicates { (last, value) throws(Never) in
      asked.withLock { $0.append("\(last)-\(value)") }
      return value - last < 3  // close to the last one emitted: a duplicate
    }
    #expect(syncEvents(signal) == [.value(1), .value(4), .value(9), .finished])
    #expect(asked.withLock { $0 } == ["1-2", "1-4", "4-5", "4-9"])
  }

  @Test func anUntypedThrowGivesAnyError() {
    let signal: TryRemoveDuplicatesSignal<SequenceSignal<[Int], Never>, any Error> = [1, 1, 2].signal
      .tryRemoveDuplicates { last, value in
        if value == 2 { throw TestError(2) }
        return last == value
      }
    #expect(syncEventsOfAnyError(signal) == [.value(1), .failed(TestError(2))])
  }

  @Test func theUpstreamFailurePassesThrough() {
    let signal = FailSignal<Int, TestError>(TestError(3)).tryRemoveDuplicates { (a, b) throws(TestError) in a == b }
    #expect(syncEvents(signal) == [.failed(TestError(3))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryRemoveDuplicates { [witness] (a, b) throws(TestError) in
        _ = witness
        return a == b
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.tryRemoveDuplicates { (a, b) throws(TestError) in a == b } }
  }
}

/// `tryRemoveDuplicates(by:)`'s step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct TryRemoveDuplicatesStepTests {
  @Test func tryRemoveDuplicatesComparesWithTheLastValueSent() throws {
    let step = TryRemoveDuplicatesStep<Int, Never> { last, value in value - last < 3 }
    #expect(scan(step, [1, 2, 4, 5, 9]) == [1, nil, 4, nil, 9])
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryRemoveDuplicates(by:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryRemoveDuplicates: [ContractCase] = [
    ContractCase("tryRemoveDuplicates(by:)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).tryRemoveDuplicates { [witness = context.witness] (old, new) throws(TestError) in
        touch(witness)
        return old == new
      }.eraseToAnySignal()
    }
  ]
}
