import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite struct TryReduceTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("try-reduce", in: "Sources/Signals/Operators/Reducing/TryReduce.swift")
    let input = try m.hot(diagram.inputs[0], values: digitValues)
    try expectMarbles(m, input.tryReduce(0, +), diagram.output, values: digitValues)
  }

  @Test func emitsTheFinalResultOnFinish() {
    #expect(syncEvents([1, 2, 3].signal.tryReduce(10, +)) == [.value(16), .finished])
    #expect(syncEvents(EmptySignal<Int, Never>().tryReduce(10, +)) == [.value(10), .finished])
  }

  @Test func aThrowFailsAtOnceAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryReduce(0) { (sum, value) throws(TestError) in
      if value < 0 { throw TestError(value) }
      return sum + value
    }.subscribe(log)
    subject.send(1)
    #expect(log.events.isEmpty)
    subject.send(-2)
    #expect(log.events == [.failed(TestError(-2))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anUpstreamFailureDropsThePartialResult() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryReduce(0) { (sum, value) throws(TestError) in sum + value }.subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(9)))
    #expect(log.events == [.failed(TestError(9))])
    withExtendedLifetime(token) {}
  }

  @Test func anUntypedThrowGivesAnyError() {
    let signal: TryReduceSignal<SequenceSignal<[Int], Never>, Int, any Error> = [1, 2].signal.tryReduce(0) {
      sum, value in
      if value == 2 { throw TestError(2) }
      return sum + value
    }
    #expect(syncEventsOfAnyError(signal) == [.failed(TestError(2))])
  }

  @Test func eachSubscriptionStartsFromTheInitialResult() {
    let signal = [1, 2].signal.tryReduce(0, +)
    #expect(syncEvents(signal) == [.value(3), .finished])
    #expect(syncEvents(signal) == [.value(3), .finished])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryReduce(0) { [witness] (sum, value) throws(TestError) in
        _ = witness
        return sum + value
      }
    }
  }
}

/// `tryReduce`'s step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct TryReduceStepTests {
  @Test func tryReduceFoldsFromTheInitialResult() {
    let step = TryReduceStep<Int, Int, Never>(initialState: 10) { $0 + $1 }
    #expect(reduce(step, [1, 2, 3]) == 16)
    #expect(reduce(step, []) == 10, "an empty upstream yields the initial result")
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryReduce`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryReduce: [ContractCase] = [
    ContractCase("tryReduce(typed)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).tryReduce(0) { [witness = context.witness] (sum, value) throws(TestError) in
        touch(witness)
        return sum &+ value
      }.eraseToAnySignal()
    },
    ContractCase("tryReduce(untyped)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      contractUnerased(
        context.input(0).tryReduce(0) { [witness = context.witness] (sum: Int, value: Int) throws -> Int in
          touch(witness)
          return sum &+ value
        })
    },
  ]
}
