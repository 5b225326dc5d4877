import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite struct TryScanTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("try-scan", in: "Sources/Signals/Operators/Mapping/TryScan.swift")
    let input = try m.hot(diagram.inputs[0], values: digitValues, error: TestError(0))
    let sums = input.tryScan(0) { (total: Int, value: Int) throws(TestError) in
      guard value != 0 else { throw TestError(0) }
      return total + value
    }
    try expectMarbles(m, sums, diagram.output, values: digitValues, error: TestError(0))
  }

  @Test func emitsEachIntermediateResult() {
    #expect(syncEvents([1, 2, 3].signal.tryScan(0, +)) == [.value(1), .value(3), .value(6), .finished])
  }

  @Test func aThrowFailsAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryScan(0) { (total, value) throws(TestError) in
      if value < 0 { throw TestError(value) }
      return total + value
    }.subscribe(log)
    subject.send(1)
    subject.send(-2)
    subject.send(3)
    #expect(log.events == [.value(1), .failed(TestError(-2))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func eachSubscriptionStartsFromTheInitialResult() {
    let signal = [1, 2].signal.tryScan(10, +)
    #expect(syncEvents(signal) == [.value(11), .value(13), .finished])
    #expect(syncEvents(signal) == [.value(11), .value(13), .finished])
  }

  @Test func anUntypedThrowGivesAnyErrorAndTheUpstreamFailurePassesThrough() {
    let thrown: TryScanSignal<SequenceSignal<[Int], Never>, Int, any Error> = [1, 2].signal.tryScan(0) { total, value in
      if value == 2 { throw TestError(2) }
      return total + value
    }
    #expect(syncEventsOfAnyError(thrown) == [.value(1), .failed(TestError(2))])
    let failing = FailSignal<Int, TestError>(TestError(5)).tryScan(0) { (total: Int, value: Int) throws -> Int in
      total + value
    }
    #expect(syncEventsOfAnyError(failing) == [.failed(TestError(5))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryScan(0) { [witness] (total, value) throws(TestError) in
        _ = witness
        return total + value
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.tryScan(0, +) }
  }
}

/// `tryScan`'s step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct TryScanStepTests {
  @Test func tryScanSendsEachAccumulation() throws {
    let step = TryScanStep<Int, Int, TestError>(initialState: 10) { (total, value) throws(TestError) in total + value }
    #expect(try scan(step, [1, 2, 3]) == [11, 13, 16])
  }

  @Test func tryScanThrowsTheClosuresError() {
    let step = TryScanStep<Int, Int, TestError>(initialState: 0) { (_, value) throws(TestError) in
      throw TestError(value)
    }
    #expect(throws: TestError(7)) { try scan(step, [7]) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryScan`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryScan: [ContractCase] = [
    ContractCase(
      "tryScan(typed)", [.identity, .deepChain, .shortChain, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).tryScan(0) { [witness = context.witness] (_, value) throws(TestError) in
        touch(witness)
        return value
      }.eraseToAnySignal()
    },
    ContractCase("tryScan(untyped)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      contractUnerased(
        context.input(0).tryScan(0) { [witness = context.witness] (_: Int, value: Int) throws -> Int in
          touch(witness)
          return value
        })
    },
  ]
}
