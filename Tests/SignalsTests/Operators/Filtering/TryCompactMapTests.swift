import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct TryCompactMapTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("try-compact-map", in: "Sources/Signals/Operators/Filtering/TryCompactMap.swift")
    let input = try m.hot(diagram.inputs[0], error: TestError(1))
    let numbers = input.tryCompactMap { (line) throws(TestError) -> Int? in
      if line == "x" { throw TestError(1) }
      return Int(line)
    }
    try expectMarbles(m, numbers, diagram.output, values: digitValues, error: TestError(1))
  }

  @Test func passesTheNonNilResults() {
    #expect(syncEvents(["1", "a", "3"].signal.tryCompactMap { Int($0) }) == [.value(1), .value(3), .finished])
  }

  @Test func aThrowFailsAndReleasesTheUpstream() {
    let subject = PassthroughSignal<String, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryCompactMap { (line) throws(TestError) -> Int? in
      guard !line.isEmpty else { throw TestError(0) }
      return Int(line)
    }.subscribe(log)
    subject.send("1")
    subject.send("")
    subject.send("2")
    #expect(log.events == [.value(1), .failed(TestError(0))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anUntypedThrowGivesAnyErrorAndTheUpstreamFailurePassesThrough() {
    let signal: TryCompactMapSignal<SequenceSignal<[Int], Never>, Int, any Error> = [1, 2].signal.tryCompactMap {
      value in
      if value == 2 { throw TestError(2) }
      return value
    }
    #expect(syncEventsOfAnyError(signal) == [.value(1), .failed(TestError(2))])
    let failing = FailSignal<Int, TestError>(TestError(4)).tryCompactMap { (value: Int) throws -> Int? in value }
    #expect(syncEventsOfAnyError(failing) == [.failed(TestError(4))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryCompactMap { [witness] (value) throws(TestError) -> Int? in
        _ = witness
        return value
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.tryCompactMap { (value) throws(TestError) -> Int? in value } }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryCompactMap`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryCompactMap: [ContractCase] = [
    ContractCase("tryCompactMap", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).tryCompactMap { [witness = context.witness] (value) throws(TestError) -> Int? in
        touch(witness)
        return value
      }.eraseToAnySignal()
    }
  ]
}
