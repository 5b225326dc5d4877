import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite struct TryDropWhileTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "try-drop-while", in: "Sources/Signals/Operators/SequenceOperations/TryDropWhile.swift")
    let input = try m.hot(diagram.inputs[0], values: digitValues)
    try expectMarbles(
      m, input.tryDrop { (value) throws(Never) in value < 3 }, diagram.output, values: digitValues)
  }

  @Test func oncePassingThePredicateIsNotAskedAgainSoCannotThrow() {
    let asked = Locked(0)
    let signal = [1, 5, -1, 2].signal.tryDrop { (value: Int) throws -> Bool in
      asked.withLock { $0 += 1 }
      if value < 0 { throw TestError(value) }
      return value < 3
    }
    #expect(syncEventsOfAnyError(signal) == [.value(5), .value(-1), .value(2), .finished])
    #expect(asked.withLock { $0 } == 2)
  }

  @Test func aThrowWhileDroppingFailsAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryDrop { (value) throws(TestError) in
      if value < 0 { throw TestError(value) }
      return value < 3
    }.subscribe(log)
    subject.send(1)
    subject.send(-4)
    subject.send(7)
    #expect(log.events == [.failed(TestError(-4))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func theUpstreamFailurePassesThrough() {
    let signal = FailSignal<Int, TestError>(TestError(3)).tryDrop { (value: Int) throws -> Bool in value < 0 }
    #expect(syncEventsOfAnyError(signal) == [.failed(TestError(3))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryDrop { [witness] (value) throws(TestError) in
        _ = witness
        return value < 0
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.tryDrop { (value) throws(TestError) in value < 0 } }
  }
}

/// `tryDrop(while:)`'s step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct TryDropWhileStepTests {
  @Test func tryDropWhileStopsAskingAtTheFirstValueThatFails() {
    let step = TryDropWhileStep<Int, Never> { $0 < 3 }
    #expect(scan(step, [1, 2, 5, 1]) == [nil, nil, 5, 1])
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryDrop(while:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryDropWhile: [ContractCase] = [
    ContractCase(
      "tryDrop(while:)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).tryDrop { [witness = context.witness] (value) throws(TestError) in
        touch(witness)
        return value < -1_000
      }.eraseToAnySignal()
    }
  ]
}
