import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct RetryWithDelayTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "retry-delay", in: "Sources/Signals/Operators/HandlingErrors/RetryWithDelay/RetryWithDelay.swift")
    let attempt = try m.cold(diagram.inputs[0], error: TestError(1))
    try expectMarbles(
      m, attempt.retry(2, delay: .fixed(m.frames(2)), scheduler: m.scheduler), diagram.output, error: TestError(1))
  }

  @Test func exponentialDelaysGrowUpToTheCap() {
    let scheduler = TestScheduler()
    let attempts = Locked<[SignalInstant]>([])
    let failing = DeferredSignal { () -> FailSignal<Int, TestError> in
      attempts.withLock { $0.append(scheduler.now) }
      return FailSignal(TestError(1))
    }
    let log = EventLog<Int, TestError>()
    let backoff = SignalBackoff.exponential(initial: .seconds(1), maximum: .seconds(5))
    let token = failing.retry(4, delay: backoff, scheduler: scheduler).subscribe(log)
    scheduler.run()
    // Waits of 1, 2, 4, then 5 (the cap) seconds.
    #expect(attempts.withLock { $0 }.map(\.offset) == [.zero, .seconds(1), .seconds(3), .seconds(7), .seconds(12)])
    #expect(log.events == [.failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func aSeededJitterGivesTheSameDelaysForEachSubscription() {
    let backoff = SignalBackoff.exponential(
      initial: .seconds(1), multiplier: 3, maximum: .seconds(20), jitter: 0.5, using: SplitMix(seed: 42))
    func attemptTimes() -> [Duration] {
      let scheduler = TestScheduler()
      let attempts = Locked<[Duration]>([])
      let failing = DeferredSignal { () -> FailSignal<Int, TestError> in
        attempts.withLock { $0.append(scheduler.now.offset) }
        return FailSignal(TestError(1))
      }
      let token = failing.retry(3, delay: backoff, scheduler: scheduler).subscribe(EventLog<Int, TestError>())
      scheduler.run()
      withExtendedLifetime(token) {}
      return attempts.withLock { $0 }
    }
    let first = attemptTimes()
    #expect(first == attemptTimes())
    let waits = zip(first.dropFirst(), first).map { $0 - $1 }
    for (wait, base) in zip(waits, [Duration.seconds(1), .seconds(3), .seconds(9)]) {
      #expect(wait <= base && wait >= base / 2, "jitter 0.5 takes at most half of each delay")
    }
    #expect(Set(waits.map { $0 / .seconds(1) }).count == 3)
  }

  @Test func theBackoffDrawsFromItsGenerator() {
    var backoff = SignalBackoff.fixed(.seconds(10), jitter: 1, using: SplitMix(seed: 7))
    var generator = SplitMix(seed: 7)
    let expected = Duration.seconds(10) * (1 - Double.random(in: 0..<1, using: &generator))
    #expect(backoff.delay(forRetry: 1) == expected)
    #expect(backoff.baseDelay(forRetry: 3) == .seconds(10))
  }

  @Test func exponentialDelaysNeverOverflow() {
    let backoff = SignalBackoff.exponential(initial: .seconds(1))
    #expect(backoff.baseDelay(forRetry: 10_000) == .seconds(1e12))
    #expect(backoff.baseDelay(forRetry: Int.max) == .seconds(1e12))
    #expect(SignalBackoff.exponential(initial: .zero).baseDelay(forRetry: 5_000) == .zero)
    #expect(SignalBackoff.exponential(initial: .seconds(1), multiplier: 1).baseDelay(forRetry: Int.max) == .seconds(1))
  }

  @Test func aDurationIsAFixedDelay() {
    let scheduler = TestScheduler()
    let attempts = Locked(0)
    let flaky = DeferredSignal { () -> AnySignal<Int, TestError> in
      let attempt = attempts.withLock { count -> Int in
        count += 1
        return count
      }
      if attempt < 3 { return FailSignal(TestError(attempt)).eraseToAnySignal() }
      return JustSignal(attempt).setFailureType(to: TestError.self).eraseToAnySignal()
    }
    let log = EventLog<Int, TestError>()
    let token = flaky.retry(5, delay: .seconds(2), scheduler: scheduler).subscribe(log)
    scheduler.advance(by: .milliseconds(3_999))
    #expect(attempts.withLock { $0 } == 2)
    scheduler.advance(by: .milliseconds(1))
    #expect(log.events == [.value(3), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func cancellingWhileWaitingCancelsTheTimer() {
    let scheduler = TestScheduler()
    let subscriptions = Locked(0)
    let failing = DeferredSignal { () -> FailSignal<Int, TestError> in
      subscriptions.withLock { $0 += 1 }
      return FailSignal(TestError(1))
    }
    let log = EventLog<Int, TestError>()
    let token = failing.retry(3, delay: .seconds(1), scheduler: scheduler).subscribe(log)
    #expect(scheduler.pendingCount == 1)
    token.cancel()
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(subscriptions.withLock { $0 } == 1)
    #expect(log.events.isEmpty)
  }

  @Test func valuesOfEveryAttemptPassAndAFinishEndsIt() {
    let scheduler = TestScheduler()
    let attempts = Locked<[PassthroughSignal<Int, TestError>]>([])
    let upstream = DeferredSignal { () -> PassthroughSignal<Int, TestError> in
      let attempt = PassthroughSignal<Int, TestError>()
      attempts.withLock { $0.append(attempt) }
      return attempt
    }
    let log = EventLog<Int, TestError>()
    let token = upstream.retry(1, delay: .seconds(1), scheduler: scheduler).subscribe(log)
    attempts.withLock { $0[0] }.send(1)
    attempts.withLock { $0[0] }.send(completion: .failed(TestError(1)))
    scheduler.advance(by: .seconds(1))
    let second = attempts.withLock { $0[1] }
    second.send(2)
    second.send(completion: .finished)
    #expect(log.events == [.value(1), .value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func retryZeroPassesTheFirstFailureAtOnce() {
    let scheduler = TestScheduler()
    let log = EventLog<Int, TestError>()
    let token = FailSignal<Int, TestError>(TestError(2)).retry(0, delay: .seconds(1), scheduler: scheduler)
      .subscribe(log)
    #expect(log.events == [.failed(TestError(2))])
    #expect(scheduler.pendingCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func cancellingReleasesTheUpstream() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] in
        withExtendedLifetime(witness) {}
        return $0
      }.retry(2, delay: .seconds(1), scheduler: TestScheduler())
    }
  }

  @Test func stoppingReleasesTheUpstream() {
    expectStopReleasesUpstream { $0.retry(2, delay: .seconds(1), scheduler: TestScheduler()) }
  }
}

/// A small seeded generator (SplitMix64), for repeatable jitter in tests.
struct SplitMix: RandomNumberGenerator, Sendable {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `retry(_:delay:scheduler:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let retryWithDelay: [ContractCase] = [
    ContractCase(
      "retry(2, delay:)", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).retry(2, delay: .seconds(1), scheduler: context.scheduler).eraseToAnySignal()
    },
    ContractCase(
      "retry(2, delay: exponential, jitter)", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler]
    ) { context in
      let backoff = SignalBackoff.exponential(initial: .seconds(1), maximum: .seconds(3), jitter: 0.5)
      return context.input(0).retry(2, delay: backoff, scheduler: context.scheduler).eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `retry(_:delay:scheduler:)` and `SignalBackoff`'s rows of the bad-input table (`BadInputTests.swift`).
  static let retryWithDelay: [BadInputRow] = [
    BadInputRow(
      api: "SignalBackoff", input: "a negative delay or maximum, a multiplier below 1, a jitter outside 0...1",
      behaviour: "validated by SignalBackoff.problem(initial:multiplier:maximum:jitter:)"
    ) {
      let problem = SignalBackoff.problem(initial:multiplier:maximum:jitter:)
      return problem(.seconds(-1), 2, nil, 0)?.hasPrefix("Signals: ") == true
        && problem(.seconds(1), 2, .seconds(-1), 0) != nil && problem(.seconds(1), 0.5, nil, 0) != nil
        && problem(.seconds(1), .nan, nil, 0) != nil && problem(.seconds(1), .infinity, nil, 0) != nil
        && problem(.seconds(1), 2, nil, 1.5) != nil && problem(.seconds(1), 2, nil, -0.1) != nil
        && problem(.zero, 1, .zero, 1) == nil
    },
    BadInputRow(
      api: "retry(_:delay:scheduler:)", input: "0 retries", behaviour: "passes the first failure at once, no timer"
    ) {
      let scheduler = TestScheduler()
      let result = events(FailSignal<Int, TestError>(TestError(1)).retry(0, delay: .seconds(1), scheduler: scheduler))
      return result == [.failed(TestError(1))] && scheduler.pendingCount == 0
    },
  ]
}

extension PreconditionRow {
  /// `retry(_:delay:scheduler:)` and `SignalBackoff`'s precondition rows of the bad-input table (`BadInputTests.swift`).
  static let retryWithDelay: [PreconditionRow] = [
    PreconditionRow(
      api: "SignalBackoff.fixed(_:)", input: "a negative delay",
      message: "Signals: SignalBackoff needs a delay of at least zero"
    ) { _ = SignalBackoff.fixed(.seconds(-1)) },
    PreconditionRow(
      api: "retry(_:delay:scheduler:)", input: "a negative Duration",
      message: "Signals: SignalBackoff needs a delay of at least zero"
    ) {
      _ = PassthroughSignal<Int, Never>().retry(1, delay: .seconds(-1), scheduler: TestScheduler())
    },
    PreconditionRow(
      api: "SignalBackoff.exponential", input: "multiplier 0.5",
      message: "Signals: SignalBackoff needs a finite multiplier of at least 1"
    ) {
      _ = SignalBackoff.exponential(initial: .seconds(1), multiplier: 0.5)
    },
    PreconditionRow(
      api: "SignalBackoff.exponential(jitter:)", input: "2",
      message: "Signals: SignalBackoff needs a jitter from 0 to 1"
    ) {
      _ = SignalBackoff.exponential(initial: .seconds(1), jitter: 2)
    },
    PreconditionRow(
      api: "retry(_:delay:scheduler:) count", input: "-1",
      message: "Signals: retry(_:delay:scheduler:) needs a count of at least 0"
    ) {
      _ = PassthroughSignal<Int, Never>().retry(-1, delay: .seconds(1), scheduler: TestScheduler())
    },
  ]
}
