import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct TryPrefixWhileTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "try-prefix-while", in: "Sources/Signals/Operators/SequenceOperations/TryPrefixWhile.swift")
    let input = try m.hot(diagram.inputs[0], values: digitValues)
    try expectMarbles(
      m, input.tryPrefix { (value) throws(Never) in value < 3 }, diagram.output, values: digitValues)
  }

  @Test func theFirstFailingValueFinishesAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryPrefix { (value) throws(TestError) in value < 3 }.subscribe(log)
    subject.send(1)
    subject.send(5)
    subject.send(2)
    #expect(log.events == [.value(1), .finished])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func aThrowFailsAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryPrefix { (value) throws(TestError) in
      if value < 0 { throw TestError(value) }
      return true
    }.subscribe(log)
    subject.send(1)
    subject.send(-2)
    #expect(log.events == [.value(1), .failed(TestError(-2))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anUntypedThrowGivesAnyErrorAndTheUpstreamFailurePassesThrough() {
    let signal: TryPrefixWhileSignal<SequenceSignal<[Int], Never>, any Error> = [1, 2].signal.tryPrefix { value in
      if value == 2 { throw TestError(2) }
      return true
    }
    #expect(syncEventsOfAnyError(signal) == [.value(1), .failed(TestError(2))])
    let failing = FailSignal<Int, TestError>(TestError(4)).tryPrefix { (_: Int) throws -> Bool in true }
    #expect(syncEventsOfAnyError(failing) == [.failed(TestError(4))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryPrefix { [witness] (_) throws(TestError) in
        _ = witness
        return true
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.tryPrefix { (_) throws(TestError) in true } }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryPrefix(while:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryPrefixWhile: [ContractCase] = [
    ContractCase("tryPrefix(while:)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).tryPrefix { [witness = context.witness] (value) throws(TestError) in
        touch(witness)
        return value < 1_000_000
      }.eraseToAnySignal()
    }
  ]
}
