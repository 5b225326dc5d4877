import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct ComparisonTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("max", in: "Sources/Signals/Operators/Mathematics/Comparison.swift")
    try expectMarbles(m, try m.hot(diagram.inputs[0]).max(), diagram.output)
  }

  @Test func maxAndMinOfComparableValues() {
    #expect(syncEvents([3, 9, 1, 4].signal.max()) == [.value(9), .finished])
    #expect(syncEvents([3, 9, 1, 4].signal.min()) == [.value(1), .finished])
  }

  /// Decided (Decisions.md): an empty upstream has no largest value, so only `finished`, as in Combine.
  @Test func anEmptyUpstreamOnlyFinishes() {
    #expect(syncEvents(EmptySignal<Int, Never>().max()) == [.finished])
    #expect(syncEvents(EmptySignal<Int, Never>().min { $0 < $1 }) == [.finished])
  }

  /// Decided (Decisions.md): of equal values the first is kept, as in Combine and `Sequence.max(by:)`
  /// (RxJava keeps the last).
  @Test func ofEqualValuesTheFirstIsKept() {
    struct Entry: Sendable, Equatable {
      var rank: Int
      var name: String
    }
    let entries = [
      Entry(rank: 2, name: "a"), Entry(rank: 1, name: "b"), Entry(rank: 2, name: "c"), Entry(rank: 1, name: "d"),
    ]
    #expect(syncEvents(entries.signal.max { $0.rank < $1.rank }).first?.value?.name == "a")
    #expect(syncEvents(entries.signal.min { $0.rank < $1.rank }).first?.value?.name == "b")
    #expect(entries.max { $0.rank < $1.rank }?.name == "a", "the standard library agrees")
    #expect(entries.min { $0.rank < $1.rank }?.name == "b", "the standard library agrees")
  }

  @Test func anUpstreamFailurePassesThroughWithoutTheValueKept() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.max().subscribe(log)
    subject.send(5)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func aThrowingOrderFailsAtOnceAndReleasesTheUpstream() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = subject.tryMin { (a, b) throws(TestError) in
      if Swift.min(a, b) < 0 { throw TestError(Swift.min(a, b)) }
      return a < b
    }.subscribe(log)
    subject.send(3)
    subject.send(-1)
    #expect(log.events == [.failed(TestError(-1))])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func untypedTryMaxAndTryMinGiveAnyError() {
    let max: ComparisonSignal<SequenceSignal<[Int], Never>, any Error> = [1, 5, 2].signal.tryMax { a, b in
      if b == 99 { throw TestError(99) }
      return a < b
    }
    #expect(syncEventsOfAnyError(max) == [.value(5), .finished])
    let min: ComparisonSignal<SequenceSignal<[Int], Never>, any Error> = [1, 99].signal.tryMin { a, b in
      if a == 99 { throw TestError(99) }
      return a < b
    }
    #expect(syncEventsOfAnyError(min) == [.failed(TestError(99))])
  }

  @Test func theFirstValueIsKeptWithoutAskingTheOrder() {
    let asked = Locked(0)
    let signal = JustSignal(1).max { a, b in
      asked.withLock { $0 += 1 }
      return a < b
    }
    #expect(syncEvents(signal) == [.value(1), .finished])
    #expect(asked.withLock { $0 } == 0)
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.max { [witness] a, b in
        _ = witness
        return a < b
      }
    }
  }
}
