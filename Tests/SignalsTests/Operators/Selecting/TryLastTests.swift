import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite struct TryLastTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("try-last-where", in: "Sources/Signals/Operators/Selecting/TryLast.swift")
    let input = try m.hot(diagram.inputs[0], values: digitValues)
    let lastEven = input.tryLast { (value) throws(Never) in value.isMultiple(of: 2) }
    try expectMarbles(m, lastEven, diagram.output, values: digitValues)
  }

  @Test func withoutAMatchOnlyFinishes() {
    #expect(syncEvents([1, 3].signal.tryLast { (value) throws(Never) in value > 5 }) == [.finished])
  }

  @Test func aThrowFailsAtOnceAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryLast { (value) throws(TestError) in
      if value < 0 { throw TestError(value) }
      return true
    }.subscribe(log)
    subject.send(2)
    subject.send(-3)
    #expect(log.events == [.failed(TestError(-3))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anUpstreamFailureDropsTheRememberedMatch() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, any Error>()
    let token = subject.tryLast { (value: Int) throws -> Bool in value > 0 }.subscribe(log)
    subject.send(4)
    subject.send(completion: .failed(TestError(7)))
    #expect(log.events.count == 1)
    #expect(log.completion?.error as? TestError == TestError(7))
    withExtendedLifetime(token) {}
  }

  @Test func anUntypedThrowGivesAnyError() {
    let signal: TryLastSignal<SequenceSignal<[Int], Never>, any Error> = [1, 2].signal.tryLast { value in
      if value == 2 { throw TestError(2) }
      return true
    }
    #expect(syncEventsOfAnyError(signal) == [.failed(TestError(2))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryLast { [witness] (_) throws(TestError) in
        _ = witness
        return true
      }
    }
  }
}

/// `tryLast(where:)`'s step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct TryLastStepTests {
  @Test func tryLastKeepsTheLastMatch() {
    let step = TryLastStep<Int, Never> { $0.isMultiple(of: 2) }
    #expect(reduce(step, [1, 4, 2, 6, 3]) == 6)
    #expect(reduce(step, [1, 3]) == nil)
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryLast(where:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryLast: [ContractCase] = [
    ContractCase("tryLast(where:) untyped", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      contractUnerased(
        context.input(0).tryLast { [witness = context.witness] (value: Int) throws -> Bool in
          touch(witness)
          return value >= 0
        })
    }
  ]
}
