import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

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

/// `max` and `min`'s step, driven alone: no observer, thread or lock (`StepSupport.swift`).
@Suite struct ComparisonStepTests {
  @Test func comparisonKeepsTheFirstOfEqualValuesAndNothingWhenEmpty() {
    let byTens = { @Sendable (a: Int, b: Int) throws(Never) -> Bool in a / 10 < b / 10 }
    #expect(reduce(ComparisonStep(areInIncreasingOrder: byTens, keepsLargest: true), [21, 5, 29, 13]) == 21)
    #expect(reduce(ComparisonStep(areInIncreasingOrder: byTens, keepsLargest: false), [21, 5, 9, 13]) == 5)
    #expect(reduce(ComparisonStep(areInIncreasingOrder: byTens, keepsLargest: true), []) == nil)
  }

  @Test func aThrowingOrderThrows() {
    let step = ComparisonStep<Int, TestError>(
      areInIncreasingOrder: { (_, b) throws(TestError) in throw TestError(b) }, keepsLargest: true)
    #expect(throws: TestError(2)) { try reduce(step, [1, 2]) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `max` and `min`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let comparison: [ContractCase] = [
    ContractCase("max", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).max().eraseToAnySignal()
    },
    ContractCase("min(by:)", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      context.input(0).min { [witness = context.witness] a, b in
        touch(witness)
        return a < b
      }.eraseToAnySignal()
    },
    ContractCase("tryMax(by:) untyped", [.finishesWithInputs, .failsWithInput, .holdsWitness]) { context in
      contractUnerased(
        context.input(0).tryMax { [witness = context.witness] (a: Int, b: Int) throws -> Bool in
          touch(witness)
          return a < b
        })
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `max` and `min`'s rows of the bad-input table (`BadInputTests.swift`).
  static let comparison: [BadInputRow] = [
    BadInputRow(api: "max()", input: "an upstream that finishes empty", behaviour: "only finished (no largest value)") {
      syncEvents(EmptySignal<Int, Never>().max()) == [.finished]
    }
  ]
}
