import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite struct AllSatisfyTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("all-satisfy", in: "Sources/Signals/Operators/Matching/AllSatisfy.swift")
    let input = try m.hot(diagram.inputs[0], values: digitValues)
    try expectMarbles(m, input.allSatisfy { $0.isMultiple(of: 2) }, diagram.output, values: ["f": false])
  }

  @Test func answersTrueWhenEveryValueSatisfiesIt() {
    #expect(syncEvents([2, 4].signal.allSatisfy { $0.isMultiple(of: 2) }) == [.value(true), .finished])
  }

  /// Decided (Decisions.md): no value fails the predicate, so `true`, as in Combine and `Sequence`.
  @Test func anEmptyUpstreamAnswersTrue() {
    #expect(syncEvents(EmptySignal<Int, Never>().allSatisfy { _ in false }) == [.value(true), .finished])
  }

  @Test func answersFalseAtTheFirstFailingValueAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Bool, TestError>()
    let token = subject.allSatisfy { $0 > 0 }.subscribe(log)
    subject.send(1)
    subject.send(0)
    #expect(log.events == [.value(false), .finished])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func aFailureBeforeTheAnswerPassesThrough() {
    let signal = FailSignal<Int, TestError>(TestError(2)).allSatisfy { _ in true }
    #expect(syncEvents(signal) == [.failed(TestError(2))])
  }

  @Test func aThrowingPredicateFails() {
    let typed = [1, -1].signal.setFailureType(to: TestError.self).tryAllSatisfy { (value) throws(TestError) in
      if value < 0 { throw TestError(value) }
      return true
    }
    #expect(syncEvents(typed) == [.failed(TestError(-1))])
    let untyped: AllSatisfySignal<SequenceSignal<[Int], Never>, any Error> = [1, 2].signal.tryAllSatisfy { value in
      if value == 2 { throw TestError(2) }
      return true
    }
    #expect(syncEventsOfAnyError(untyped) == [.failed(TestError(2))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.allSatisfy { [witness] value in
        _ = witness
        return value > -100
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.allSatisfy { $0 > 1 } }
  }
}

/// `allSatisfy`'s step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct AllSatisfyStepTests {
  @Test func allSatisfyDecidesFalseAtAFailingValueAndTrueAtTheFinish() {
    let step = PredicateStep<Int, Never>(predicate: { $0 > 0 }, decides: false)
    #expect(match(step, [1, 0, 3]) == false)
    #expect(match(step, [1, 3]) == true)
    #expect(match(step, []) == true)
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `allSatisfy`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let allSatisfy: [ContractCase] = [
    ContractCase("allSatisfy", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).allSatisfy { [witness = context.witness] _ in
        touch(witness)
        return true
      }.map { $0 ? 1 : 0 }.eraseToAnySignal()
    },
    ContractCase("tryAllSatisfy that decides", [.finishesWithInputs, .holdsWitness]) { context in
      context.input(0).tryAllSatisfy { [witness = context.witness] (value) throws(TestError) in
        touch(witness)
        return value < 5
      }.map { $0 ? 1 : 0 }.eraseToAnySignal()
    },
  ]
}
