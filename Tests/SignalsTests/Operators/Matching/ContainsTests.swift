import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite struct ContainsTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("contains", in: "Sources/Signals/Operators/Matching/Contains.swift")
    try expectMarbles(m, try m.hot(diagram.inputs[0]).contains("b"), diagram.output, values: ["t": true])
  }

  @Test func answersAtTheFirstMatchAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Bool, TestError>()
    let token = subject.contains(2).subscribe(log)
    subject.send(1)
    #expect(log.events.isEmpty)
    subject.send(2)
    #expect(log.events == [.value(true), .finished])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func finishingWithoutAMatchAnswersFalse() {
    #expect(syncEvents([1, 3].signal.contains { $0 > 5 }) == [.value(false), .finished])
    #expect(syncEvents(EmptySignal<Int, Never>().contains(1)) == [.value(false), .finished])
  }

  /// Decided (Decisions.md): a failure before the answer passes through, as in Combine; it is never
  /// turned into `false`.
  @Test func aFailureBeforeTheAnswerPassesThrough() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Bool, TestError>()
    let token = subject.contains(5).subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(4)))
    #expect(log.events == [.failed(TestError(4))])
    withExtendedLifetime(token) {}
  }

  @Test func aThrowingPredicateFailsAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Bool, TestError>()
    let token = subject.tryContains { (value) throws(TestError) in
      if value < 0 { throw TestError(value) }
      return value > 10
    }.subscribe(log)
    subject.send(1)
    subject.send(-1)
    #expect(log.events == [.failed(TestError(-1))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anUntypedThrowGivesAnyError() {
    let signal: ContainsSignal<SequenceSignal<[Int], Never>, any Error> = [1, 2].signal.tryContains { value in
      if value == 2 { throw TestError(2) }
      return false
    }
    #expect(syncEventsOfAnyError(signal) == [.failed(TestError(2))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.contains { [witness] value in
        _ = witness
        return value > 100
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.contains(1) }
  }
}

/// `contains`' step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct ContainsStepTests {
  @Test func containsDecidesTrueAtAMatchAndFalseAtTheFinish() {
    let step = PredicateStep<Int, Never>(predicate: { $0 == 2 }, decides: true)
    #expect(match(step, [1, 2, 3]) == true)
    #expect(match(step, [1, 3]) == false)
    #expect(match(step, []) == false)
  }

  @Test func aThrowingPredicateThrows() {
    let step = PredicateStep<Int, TestError>(
      predicate: { (value) throws(TestError) in throw TestError(value) }, decides: true)
    #expect(throws: TestError(1)) { try match(step, [1]) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `contains`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let contains: [ContractCase] = [
    ContractCase("contains", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).contains(Int.min).map { $0 ? 1 : 0 }.eraseToAnySignal()
    },
    ContractCase("contains(where:) that matches", [.finishesWithInputs, .holdsWitness]) { context in
      context.input(0).contains { [witness = context.witness] value in
        touch(witness)
        return value > 5
      }.map { $0 ? 1 : 0 }.eraseToAnySignal()
    },
    ContractCase("tryContains(where:) untyped", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      contractUnerased(
        context.input(0).tryContains { [witness = context.witness] (value: Int) throws -> Bool in
          touch(witness)
          return value == Int.min
        }.map { $0 ? 1 : 0 })
    },
  ]
}
