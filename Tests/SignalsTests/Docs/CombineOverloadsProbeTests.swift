import Signals
import SignalsTesting
import Testing

// "Coming from Combine" says how Signals spells Combine's overloads for upstream and inner signals of
// different failure types (flatMap, switchToLatest: iOS 14, macOS 11) and Publishers.Retry without a limit.
// This file writes them as a Combine user would, so that the table's claims compile, and checks each in a
// line.

private struct LoadError: Error, Equatable {}

@Suite struct CombineOverloadsProbeTests {
  @Test func flatMapWithoutSetFailureType() {
    // Combine: upstream Never, inner LoadError: `Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>>`.
    let taps = PassthroughSignal<Int, Never>()
    let loads:
      FlatMapSignal<SetFailureTypeSignal<PassthroughSignal<Int, Never>, LoadError>, FailSignal<String, LoadError>> =
        taps.flatMap { _ in FailSignal<String, LoadError>(LoadError()) }
    // Combine: upstream LoadError, inner Never: `Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self>`.
    let feeds = PassthroughSignal<Int, LoadError>()
    let pages: FlatMapSignal<PassthroughSignal<Int, LoadError>, SetFailureTypeSignal<JustSignal<String>, LoadError>> =
      feeds.flatMap(maxConcurrency: 2) { JustSignal("page \($0)") }
    let logs = (EventLog<String, LoadError>(), EventLog<String, LoadError>())
    let tokens = [loads.subscribe(logs.0), pages.subscribe(logs.1)]
    taps.send(1)
    feeds.send(2)
    #expect(logs.0.events == [.failed(LoadError())])
    #expect(logs.1.values == ["page 2"])
    withExtendedLifetime(tokens) {}
  }

  @Test func switchToLatestWithoutSetFailureType() {
    let queries = PassthroughSignal<String, Never>()
    let results = queries.map { _ in FailSignal<[String], LoadError>(LoadError()) }.switchToLatest()
    let sessions = PassthroughSignal<JustSignal<String>, LoadError>()
    let names = sessions.switchToLatest()
    let logs = (EventLog<[String], LoadError>(), EventLog<String, LoadError>())
    let tokens = [results.subscribe(logs.0), names.subscribe(logs.1)]
    queries.send("swift")
    sessions.send(JustSignal("ada"))
    sessions.send(completion: .failed(LoadError()))
    #expect(logs.0.events == [.failed(LoadError())])
    #expect(logs.1.events == [.value("ada"), .failed(LoadError())])
    withExtendedLifetime(tokens) {}
  }

  @Test func retryWithoutALimit() {
    let attempts = Locked(0)
    let flaky = DeferredSignal { () -> AnySignal<Int, LoadError> in
      let attempt = attempts.withLock { count in
        count += 1
        return count
      }
      return attempt < 5
        ? FailSignal(LoadError()).eraseToAnySignal()
        : JustSignal(attempt).setFailureType(to: LoadError.self).eraseToAnySignal()
    }
    // Combine: Publishers.Retry(upstream: flaky, retries: nil).
    let retried = RetrySignal(upstream: flaky, retries: nil)
    let log = EventLog<Int, LoadError>()
    let token = retried.subscribe(log)
    #expect(log.events == [.value(5), .finished])
    // RxSwift's spelling, and the count Combine's method takes.
    #expect(flaky.retry().retries == nil && flaky.retry(3).retries == 3)
    withExtendedLifetime(token) {}
  }
}
