import Signals
import SignalsTesting
import Testing

@Suite struct RetryTests {
  @Test func resubscribesUntilTheUpstreamSucceeds() {
    let flaky = FlakySignal(failures: 2, then: 7)
    let log = EventLog<Int, TestError>()
    _ = flaky.retry(2).subscribe(log)
    #expect(log.events == [.value(7), .finished])
    #expect(flaky.subscriptionCount == 3)
  }

  @Test func theLastFailurePassesThroughWhenRetriesRunOut() {
    let flaky = FlakySignal(failures: 10)
    let log = EventLog<Int, TestError>()
    _ = flaky.retry(2).subscribe(log)
    #expect(log.events == [.failed(TestError(3))])
    #expect(flaky.subscriptionCount == 3)
  }

  @Test func zeroPassesTheFirstFailure() {
    let flaky = FlakySignal(failures: 1)
    let log = EventLog<Int, TestError>()
    _ = flaky.retry(0).subscribe(log)
    #expect(log.events == [.failed(TestError(1))])
    #expect(flaky.subscriptionCount == 1)
  }

  @Test func valuesOfEveryAttemptPassThrough() {
    let attempts = Locked(0)
    let signal = DeferredSignal { () -> AnySignal<Int, TestError> in
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      let values = SequenceSignal([attempt * 10], failureType: TestError.self)
      return attempt < 3 ? values.append(FailSignal(TestError(attempt))).eraseToAnySignal() : values.eraseToAnySignal()
    }
    let log = EventLog<Int, TestError>()
    _ = signal.retry(5).subscribe(log)
    #expect(log.events == [.value(10), .value(20), .value(30), .finished])
  }

  @Test func aHundredThousandSynchronousFailuresDoNotGrowTheStack() {
    let failures = 100_000
    let succeeding = FlakySignal(failures: failures, then: 1)
    let log = EventLog<Int, TestError>()
    _ = succeeding.retry(failures).subscribe(log)
    #expect(log.events == [.value(1), .finished])
    #expect(succeeding.subscriptionCount == failures + 1)

  }

  @Test func aLongSynchronousRunOfFailuresEndsWithTheLastOne() {
    let failing = FlakySignal(failures: 1_001)
    let failed = EventLog<Int, TestError>()
    _ = failing.retry(1_000).subscribe(failed)
    #expect(failed.events == [.failed(TestError(1_001))])
  }

  @Test func asynchronousFailuresResubscribe() {
    let subjects = Locked<[PassthroughSignal<Int, TestError>]>([])
    let signal = DeferredSignal { () -> PassthroughSignal<Int, TestError> in
      let subject = PassthroughSignal<Int, TestError>()
      subjects.withLock { $0.append(subject) }
      return subject
    }
    let log = EventLog<Int, TestError>()
    let token = signal.retry(1).subscribe(log)
    let first = subjects.withLock { $0[0] }
    first.send(1)
    first.send(completion: .failed(TestError(1)))
    #expect(!first.hasObservers)
    let second = subjects.withLock { $0[1] }
    second.send(2)
    second.send(completion: .failed(TestError(2)))
    #expect(log.events == [.value(1), .value(2), .failed(TestError(2))])
    #expect(subjects.withLock { $0.count } == 2)
    withExtendedLifetime(token) {}
  }

  @Test func cancellationReleasesTheCurrentAttempt() {
    let subjects = Locked<[PassthroughSignal<Int, TestError>]>([])
    weak var weakWitness: Witness?
    let log = EventLog<Int, TestError>()
    var token: SignalSubscription?
    do {
      let witness = Witness()
      weakWitness = witness
      token = DeferredSignal { [witness] () -> PassthroughSignal<Int, TestError> in
        _ = witness
        let subject = PassthroughSignal<Int, TestError>()
        subjects.withLock { $0.append(subject) }
        return subject
      }.retry(3).subscribe(log)
    }
    subjects.withLock { $0[0] }.send(completion: .failed(TestError()))
    let current = subjects.withLock { $0[1] }
    current.send(1)
    token?.cancel()
    current.send(2)
    current.send(completion: .failed(TestError()))
    #expect(log.events == [.value(1)])
    #expect(!current.hasObservers)
    #expect(subjects.withLock { $0.count } == 2)
    #expect(weakWitness == nil)
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.retry(2)
    }
  }

  @Test func cancellingDuringASynchronousRetryLoopStopsIt() {
    let attempts = Locked(0)
    let outer = Locked<SignalSubscription?>(nil)
    let signal = AnySignal<Int, TestError> { observer in
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      if attempt == 3 { outer.withLock { $0 }?.cancel() }
      _ = observer.receive(.failed(TestError(attempt)))
      return .empty
    }
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    outer.withLock { $0 = subject.append(signal).retry(10).subscribe(log) }
    subject.send(completion: .finished)
    #expect(attempts.withLock { $0 } == 3)
    #expect(log.events.isEmpty)
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.retry(1) }
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func negativeCountIsAPreconditionFailure() async {
      await #expect(processExitsWith: .failure) {
        _ = JustSignal(1).retry(-1)
      }
    }
  #endif
}

// MARK: In the contract registry

extension ContractCase {
  /// `retry(_:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let retry: [ContractCase] = [
    ContractCase("retry(2)", [.identity, .deepChain, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).retry(2).eraseToAnySignal()
    }
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `retry(_:)`'s rows of the bad-input table (`BadInputTests.swift`).
  static let retry: [BadInputRow] = [
    BadInputRow(api: "retry(_:)", input: "0", behaviour: "passes the first failure through") {
      let attempts = Locked(0)
      let failing = DeferredSignal { () -> FailSignal<Int, TestError> in
        attempts.withLock { $0 += 1 }
        return FailSignal(TestError(4))
      }
      return events(failing.retry(0)) == [.failed(TestError(4))] && attempts.withLock { $0 } == 1
    }
  ]
}

extension PreconditionRow {
  /// `retry(_:)`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let retry: [PreconditionRow] = [
    PreconditionRow(api: "retry(_:)", input: "-1", message: "Signals: retry(_:) needs a count of at least 0") {
      _ = PassthroughSignal<Int, Never>().retry(-1)
    }
  ]
}
