import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct TryFilterTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("try-filter", in: "Sources/Signals/Operators/Filtering/TryFilter.swift")
    var values = digitValues
    values["x"] = -1
    let input = try m.hot(diagram.inputs[0], values: values, error: TestError(1))
    let odd = input.tryFilter { (value) throws(TestError) in
      if value < 0 { throw TestError(1) }
      return !value.isMultiple(of: 2)
    }
    try expectMarbles(m, odd, diagram.output, values: digitValues, error: TestError(1))
  }

  @Test func passesTheValuesThatSatisfyThePredicate() {
    #expect(syncEvents([1, 2, 3].signal.tryFilter { $0 != 2 }) == [.value(1), .value(3), .finished])
  }

  @Test func aThrowFailsAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryFilter { (value) throws(TestError) in
      if value < 0 { throw TestError(value) }
      return true
    }.subscribe(log)
    subject.send(1)
    subject.send(-2)
    subject.send(3)
    #expect(log.events == [.value(1), .failed(TestError(-2))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anUntypedThrowGivesAnyErrorAndTheUpstreamFailurePassesThrough() {
    let signal: TryFilterSignal<SequenceSignal<[Int], Never>, any Error> = [1, 2].signal.tryFilter { value in
      if value == 2 { throw TestError(2) }
      return true
    }
    #expect(syncEventsOfAnyError(signal) == [.value(1), .failed(TestError(2))])
    let failing = FailSignal<Int, TestError>(TestError(4)).tryFilter { (_: Int) throws -> Bool in true }
    #expect(syncEventsOfAnyError(failing) == [.failed(TestError(4))])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryFilter { [witness] (_) throws(TestError) in
        _ = witness
        return true
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.tryFilter { (_) throws(TestError) in true } }
  }
}

/// Typed and untyped `try` forms side by side: which one a closure picks (decided in Decisions.md).
@Suite struct TryOverloadTests {
  @Test func aClosureThatDoesNotThrowKeepsTheFailureType() {
    let kept: TryFilterSignal<PassthroughSignal<Int, TestError>, TestError> =
      PassthroughSignal<Int, TestError>().tryFilter { $0 > 0 }
    let never: ContainsSignal<SequenceSignal<[Int], Never>, Never> = [1].signal.tryContains { $0 > 0 }
    _ = (kept, never)
  }

  @Test func aClosureThatThrowsAnotherErrorGivesAnyError() {
    struct Other: Error {}
    let upstream = PassthroughSignal<Int, TestError>()
    let anyError: TryFilterSignal<PassthroughSignal<Int, TestError>, any Error> = upstream.tryFilter { value in
      if value < 0 { throw Other() }
      return true
    }
    _ = anyError
  }

  @Test func aSignalThatFailsWithAnyErrorIsNotAmbiguous() {
    let upstream = AnySignal<Int, any Error>([1, 2, 3].signal.tryMap { $0 })
    let signal = upstream.tryFilter { value in
      if value > 5 { throw TestError() }
      return value != 2
    }.tryScan(0, +).tryReduce(0) { $0 + $1 }
    #expect(syncEventsOfAnyError(signal) == [.value(1 + 4), .finished])
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryFilter`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryFilter: [ContractCase] = [
    ContractCase(
      "tryFilter(typed)", [.identity, .deepChain, .shortChain, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).tryFilter { [witness = context.witness] (_) throws(TestError) in
        touch(witness)
        return true
      }.eraseToAnySignal()
    },
    ContractCase("tryFilter(untyped)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      contractUnerased(
        context.input(0).tryFilter { [witness = context.witness] (_: Int) throws -> Bool in
          touch(witness)
          return true
        })
    },
  ]
}
