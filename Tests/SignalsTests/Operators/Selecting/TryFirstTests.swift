import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite struct TryFirstTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("try-first-where", in: "Sources/Signals/Operators/Selecting/TryFirst.swift")
    let input = try m.hot(diagram.inputs[0], values: digitValues)
    let firstEven = input.tryFirst { (value) throws(Never) in value.isMultiple(of: 2) }
    try expectMarbles(m, firstEven, diagram.output, values: digitValues)
  }

  @Test func finishingBeforeAMatchOnlyFinishes() {
    #expect(syncEvents([1, 3].signal.tryFirst { (value) throws(Never) in value > 5 }) == [.finished])
  }

  @Test func aThrowFailsAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryFirst { (value) throws(TestError) in
      if value < 0 { throw TestError(value) }
      return value > 10
    }.subscribe(log)
    subject.send(1)
    subject.send(-5)
    subject.send(20)
    #expect(log.events == [.failed(TestError(-5))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anUntypedThrowGivesAnyErrorAndTheUpstreamFailurePassesThrough() {
    let signal: TryFirstSignal<SequenceSignal<[Int], Never>, any Error> = [1, 2].signal.tryFirst { value in
      if value == 1 { throw TestError(1) }
      return true
    }
    #expect(syncEventsOfAnyError(signal) == [.failed(TestError(1))])
    let failing = FailSignal<Int, TestError>(TestError(3)).tryFirst { (_: Int) throws -> Bool in true }
    #expect(syncEventsOfAnyError(failing) == [.failed(TestError(3))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryFirst { [witness] (value) throws(TestError) in
        _ = witness
        return value > 100
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.tryFirst { (_) throws(TestError) in true } }
  }
}

/// `tryFirst(where:)`'s step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct TryFirstStepTests {
  @Test func tryFirstDecidesTheFirstMatchAndNothingAtTheFinish() {
    let step = TryFirstStep<Int, Never> { $0 > 1 }
    #expect(match(step, [1, 3, 4]) == 3)
    #expect(match(step, [1]) == nil)
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryFirst(where:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryFirst: [ContractCase] = [
    ContractCase("tryFirst(where:)", [.finishesWithInputs, .holdsWitness]) { context in
      context.input(0).tryFirst { [witness = context.witness] (value) throws(TestError) in
        touch(witness)
        return value > 5
      }.eraseToAnySignal()
    }
  ]
}
