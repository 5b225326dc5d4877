import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct TryCatchTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("try-catch", in: "Sources/Signals/Operators/HandlingErrors/TryCatch.swift")
    let fallback = try m.cold(try diagram.lane("fallback"), error: TestError(2))
    let upstream = try m.hot(try diagram.lane("upstream"), error: TestError(1))
    try expectMarbles(m, upstream.tryCatch { (_) throws(TestError) in fallback }, diagram.output)
  }

  @Test func aThrowingHandlerFailsWithItsErrorAndSubscribesNothing() {
    let upstream = PassthroughSignal<Int, TestError>()
    let fallback = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = upstream.tryCatch { (error) throws(TestError) -> PassthroughSignal<Int, TestError> in
      throw TestError(error.code + 10)
    }.subscribe(log)
    upstream.send(1)
    upstream.send(completion: .failed(TestError(1)))
    #expect(log.events == [.value(1), .failed(TestError(11))])
    #expect(!upstream.hasObservers)
    #expect(!fallback.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func theFallbacksEventsPassThroughItsFailureIncluded() {
    let signal = FailSignal<Int, TestError>(TestError(1)).tryCatch { (_) throws(TestError) in
      [7].signal.setFailureType(to: TestError.self).append(FailSignal(TestError(5)))
    }
    #expect(syncEvents(signal) == [.value(7), .failed(TestError(5))])
  }

  @Test func valuesAndFinishedOfTheUpstreamPassThrough() {
    let signal = [1, 2].signal.setFailureType(to: TestError.self).tryCatch { (_) throws(TestError) in
      JustSignal(0).setFailureType(to: TestError.self)
    }
    #expect(syncEvents(signal) == [.value(1), .value(2), .finished])
  }

  @Test func anUntypedThrowGivesAnyErrorAndTheFallbackFailureToo() {
    struct Other: Error {}
    let thrown: TryCatchSignal<FailSignal<Int, TestError>, JustSignal<Int>, any Error> = FailSignal<Int, TestError>(
      TestError(1)
    ).tryCatch { error in
      if error.code == 1 { throw TestError(21) }
      return JustSignal(0)
    }
    #expect(syncEventsOfAnyError(thrown) == [.failed(TestError(21))])
    let fallbackFails = FailSignal<Int, TestError>(TestError(1)).tryCatch { error -> FailSignal<Int, TestError> in
      if error.code == 99 { throw Other() }
      return FailSignal(TestError(3))
    }
    #expect(syncEventsOfAnyError(fallbackFails) == [.failed(TestError(3))])
  }

  @Test func cancellingAfterTheSwitchCancelsTheFallback() {
    let upstream = PassthroughSignal<Int, TestError>()
    let fallback = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = upstream.tryCatch { (_) throws(TestError) in fallback }.subscribe(log)
    upstream.send(completion: .failed(TestError(1)))
    #expect(fallback.hasObservers)
    token.cancel()
    #expect(!fallback.hasObservers)
    fallback.send(1)
    #expect(log.events.isEmpty)
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.tryCatch { [witness] (_) throws(TestError) in
        _ = witness
        return JustSignal(0).setFailureType(to: TestError.self)
      }
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.tryCatch { (_) throws(TestError) in EmptySignal<Int, TestError>() } }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `tryCatch`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let tryCatch: [ContractCase] = [
    ContractCase("tryCatch(typed)", inputs: 2, [.finishesWithInputs, .holdsWitness, .concurrent]) { context in
      context.input(0).tryCatch { [witness = context.witness, fallback = context.input(1)] (_) throws(TestError) in
        touch(witness)
        return fallback
      }.eraseToAnySignal()
    },
    ContractCase("tryCatch(throwing)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      contractUnerased(
        context.input(0).tryCatch { [witness = context.witness] error -> EmptySignal<Int, TestError> in
          touch(witness)
          throw error
        })
    },
  ]
}
