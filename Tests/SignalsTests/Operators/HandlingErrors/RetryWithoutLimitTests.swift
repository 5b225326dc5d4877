import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// retry() and RetrySignal(upstream:retries:): Combine's Publishers.Retry with `retries: nil`.

/// A source whose k-th subscription is `attempts[k - 1]` (the last one again after them).
private func attempts<S: Signal>(_ attempts: [S]) -> DeferredSignal<S> {
  let count = Locked(0)
  return DeferredSignal {
    let index = count.withLock { count in
      defer { count += 1 }
      return Swift.min(count, attempts.count - 1)
    }
    return attempts[index]
  }
}

@Suite struct RetryWithoutLimitTests {
  static let source = "Sources/Signals/Operators/HandlingErrors/RetryWithoutLimit.swift"

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("retry-without-limit", in: Self.source)
    let m = MarbleTest(frame: .milliseconds(100))
    let tries = try (1...3).map { try m.hotInput(diagram.lane("attempt \($0)"), error: TestError(1)) }
    try expectMarbles(m, attempts(tries).retry(), try diagram.lane("retry()"), error: TestError(1))
    #expect(tries.map(\.subscriptionMarbles) == [["^-!"], ["--^-!"], ["----^-!"]])
  }

  @Test func retriesEveryFailureUntilTheUpstreamFinishes() {
    let failures = 1_000
    let upstream = attempts(
      Array(repeating: FailSignal<Int, TestError>(TestError(1)).eraseToAnySignal(), count: failures)
        + [JustSignal(7).setFailureType(to: TestError.self).eraseToAnySignal()])
    #expect(events(upstream.retry()) == [.value(7), .finished])
  }

  @Test func isRetryOfTheLargestCount() {
    let upstream = PassthroughSignal<Int, TestError>()
    #expect(upstream.retry().times == .max)
    #expect(upstream.retry().retries == nil)
    #expect(upstream.retry(3).retries == 3)
    #expect(RetrySignal(upstream: upstream, retries: nil).times == .max)
    #expect(RetrySignal(upstream: upstream, retries: 2).times == 2)
  }

  @Test func cancellingStopsRetrying() {
    let upstream = PassthroughSignal<Int, TestError>()
    let subscriptions = Locked(0)
    let counted = upstream.handleEvents(receiveSubscription: { subscriptions.withLock { $0 += 1 } })
    let log = EventLog<Int, TestError>()
    let token = counted.retry().subscribe(log)
    upstream.send(1)
    token.cancel()
    upstream.send(2)
    #expect(log.values == [1])
    #expect(subscriptions.withLock { $0 } == 1)
    #expect(!upstream.hasObservers)
  }
}

extension ContractCase {
  /// retry()'s cases of the contract registry: the input's failure is retried, and the next attempt
  /// finishes (an ended subject would fail again at once, forever).
  static let retryWithoutLimit: [ContractCase] = [
    ContractCase("retry() (a second attempt that finishes)", [.identity, .finishesWithInputs, .holdsWitness]) {
      context in
      let first = Locked(true)
      return DeferredSignal { [input = context.input(0), witness = context.witness] () -> AnySignal<Int, TestError> in
        touch(witness)
        let isFirst = first.withLock { isFirst in
          defer { isFirst = false }
          return isFirst
        }
        return isFirst ? input : EmptySignal().eraseToAnySignal()
      }.retry().eraseToAnySignal()
    }
  ]
}

extension BadInputRow {
  /// retry()'s rows of the bad-input table.
  static let retryWithoutLimit: [BadInputRow] = [
    BadInputRow(
      api: "retry()", input: "an upstream that fails during subscribe 100,000 times, then finishes",
      behaviour: "retried in a loop, with no stack growth, then finishes"
    ) {
      let upstream = attempts(
        Array(repeating: FailSignal<Int, TestError>(TestError(1)).eraseToAnySignal(), count: 100_000)
          + [EmptySignal<Int, TestError>().eraseToAnySignal()])
      return events(upstream.retry()) == [.finished]
    }
  ]
}

extension PreconditionRow {
  /// retry()'s precondition rows: Combine retries without a limit on a negative count.
  static let retryWithoutLimit: [PreconditionRow] = [
    PreconditionRow(
      api: "RetrySignal(upstream:retries:)", input: "-1", message: "Signals: retry(_:) needs a count of at least 0"
    ) { _ = RetrySignal(upstream: PassthroughSignal<Int, Never>(), retries: -1) }
  ]
}
