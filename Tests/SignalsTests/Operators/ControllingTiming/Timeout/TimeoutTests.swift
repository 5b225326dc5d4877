import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct TimeoutTests {
  let m = MarbleTest(frame: .milliseconds(100))
  typealias Failure = TimeoutFailure<TestError>

  func input(_ diagram: String) throws -> AnySignal<String, TestError> {
    try m.hot(diagram, error: TestError(1))
  }

  @Test func valuesPassAndRestartTheInterval() throws {
    // Each gap is exactly the interval: an event due at the deadline was scheduled before the timer.
    let signal = try input("-a--b--c|").timeout(m.frames(3), scheduler: m.scheduler)
    try expectMarbles(m, signal, "-a--b--c|")
  }

  @Test func failsWithTimedOutWhenTheUpstreamIsSilentTooLong() throws {
    let signal = try input("-a-----b|").timeout(m.frames(3), scheduler: m.scheduler)
    try expectMarbles(m, signal, "-a--#", error: .timedOut)
  }

  @Test func aValueAtTheDeadlineScheduledBeforeTheTimerIsInTime() {
    // The tie rule, with a scheduler (TimeoutStateMachine has it on the machine alone): the value was
    // scheduled before the subscription, so at 3 s it runs before the timer.
    let scheduler = TestScheduler()
    let input = PassthroughSignal<Int, Never>()
    scheduler.schedule(after: .seconds(3)) { input.send(1) }
    let log = EventLog<Int, TimeoutFailure<Never>>()
    let token = input.timeout(.seconds(3), scheduler: scheduler).subscribe(log)
    scheduler.advance(by: .seconds(3))
    #expect(log.events == [.value(1)])
    withExtendedLifetime(token) {}
  }

  @Test func aValueAtTheDeadlineScheduledAfterTheTimerIsLate() {
    // Scheduled after the subscription (so after its timer), the value at 3 s comes too late.
    let scheduler = TestScheduler()
    let input = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, TimeoutFailure<Never>>()
    let token = input.timeout(.seconds(3), scheduler: scheduler).subscribe(log)
    scheduler.schedule(after: .seconds(3)) { input.send(1) }
    scheduler.advance(by: .seconds(3))
    #expect(log.events == [.failed(.timedOut)])
    #expect(!input.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func theFirstIntervalIsMeasuredFromSubscription() throws {
    let signal = try input("------a|").timeout(m.frames(3), scheduler: m.scheduler)
    try expectMarbles(m, signal, "---#", error: .timedOut)

    let n = MarbleTest(frame: .milliseconds(100))
    let late = try n.cold("--a|").timeout(n.frames(3), scheduler: n.scheduler)
    n.scheduler.advance(by: n.frames(4))
    try expectMarbles(n, late, "------a|")
  }

  @Test func anUpstreamFailureIsWrapped() throws {
    let signal = try input("-a#").timeout(m.frames(3), scheduler: m.scheduler)
    try expectMarbles(m, signal, "-a#", error: .upstream(TestError(1)))
  }

  @Test func finishingInTimeCancelsTheTimer() throws {
    let signal = try input("-a|").timeout(m.frames(3), scheduler: m.scheduler)
    try expectMarbles(m, signal, "-a|")
  }

  @Test func timingOutCancelsTheUpstream() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, TimeoutFailure<Never>>()
    let token = subject.timeout(m.frames(2), scheduler: m.scheduler).subscribe(log)
    m.scheduler.advance(by: m.frames(2))
    #expect(log.events == [.failed(.timedOut)])
    #expect(!subject.hasObservers)
    subject.send(1)
    #expect(log.events.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test func customErrorKeepsTheUpstreamFailureType() throws {
    let calls = Locked(0)
    let signal = try input("-a----").timeout(m.frames(2), scheduler: m.scheduler) {
      calls.withLock { $0 += 1 }
      return TestError(9)
    }
    try expectMarbles(m, signal, "-a-#", error: TestError(9))
    #expect(calls.withLock { $0 } == 1)
  }

  @Test func customErrorIsNotCalledWhenInTime() throws {
    let signal = try input("-a#").timeout(m.frames(2), scheduler: m.scheduler) { TestError(9) }
    try expectMarbles(m, signal, "-a#", error: TestError(1))
  }

  @Test func fallbackTakesOverAtTheTimeout() throws {
    let fallback = try m.cold("xy|", error: TestError(2))
    let signal = try input("-a-----b|").timeout(m.frames(3), scheduler: m.scheduler, fallback: fallback)
    try expectMarbles(m, signal, "-a--xy|")
  }

  @Test func fallbackFailurePassesThrough() throws {
    let fallback = try m.cold("-#", error: TestError(2))
    let signal = try input("-a-----b|").timeout(m.frames(3), scheduler: m.scheduler, fallback: fallback)
    try expectMarbles(m, signal, "-a---#", error: TestError(2))
  }

  @Test func fallbackIsNotSubscribedWhenInTime() throws {
    let subscribed = Locked(false)
    let fallback = AnySignal<String, TestError> { _ in
      subscribed.withLock { $0 = true }
      return .empty
    }
    let signal = try input("-a-b|").timeout(m.frames(3), scheduler: m.scheduler, fallback: fallback)
    try expectMarbles(m, signal, "-a-b|")
    #expect(!subscribed.withLock { $0 })
  }

  @Test func fallbackIsNotTimed() throws {
    let fallback = try m.cold("-------z|", error: TestError(2))
    let signal = try input("").timeout(m.frames(1), scheduler: m.scheduler, fallback: fallback)
    try expectMarbles(m, signal, "--------z|")
  }

  enum IntroEnd: Equatable { case completed, timedOut }

  func introOutcome(_ m: MarbleTest, animationEnd diagram: String) throws -> some Signal<IntroEnd, Never> {
    try m.hot(diagram, values: ["x": ()]).map { IntroEnd.completed }
      .timeout(.seconds(3), scheduler: m.scheduler, fallback: JustSignal(IntroEnd.timedOut))
  }

  @Test func introAnimationEndingBeforeTheSafetyTimeoutCompletes() throws {
    // 100 ms frames: the animation ends at 2.6 s, the safety timeout would fire at 3 s.
    // The animation's end trigger sends once and finishes.
    let outcome = try introOutcome(m, animationEnd: "--------------------------(x|)")
    try expectMarbles(m, outcome, "--------------------------(c|)", values: ["c": .completed])
  }

  @Test func introAnimationEndingAfterTheSafetyTimeoutTimesOut() throws {
    let outcome = try introOutcome(m, animationEnd: "-----------------------------------x")
    try expectMarbles(m, outcome, "------------------------------(t|)", values: ["t": .timedOut])
  }

  @Test(arguments: [Duration.zero, .milliseconds(-200)])
  func zeroOrNegativeIntervalFiresAtSubscriptionAfterSynchronousEvents(interval: Duration) throws {
    try expectMarbles(m, JustSignal("a").timeout(interval, scheduler: m.scheduler), "(a|)")
    let n = MarbleTest(frame: .milliseconds(100))
    try expectMarbles(n, NeverSignal<String, Never>().timeout(interval, scheduler: n.scheduler), "#", error: .timedOut)
    let k = MarbleTest(frame: .milliseconds(100))
    try expectMarbles(k, try k.hot("a-b|").timeout(interval, scheduler: k.scheduler), "(a#)", error: .timedOut)
  }

  @Test func cancellingReleasesTheTimerAndUpstream() {
    let result = releasesEverythingOnCancel { $0.timeout(.seconds(1), scheduler: $1) }
    #expect(result.payloadReleased)
    #expect(result.upstreamReleased)
    #expect(result.pendingAfterCancel == 0)
    #expect(!result.deliveredAfterCancel)
  }
}

// MARK: The documented diagrams, and the first value only (RxJS's timeout({ first, each }))

extension TimeoutTests {
  static let source = "Sources/Signals/Operators/ControllingTiming/Timeout/Timeout.swift"

  @Test func theDocumentedTimeoutIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("timeout", in: Self.source)
    let signal = try input(diagram.inputs[0]).timeout(m.frames(3), scheduler: m.scheduler)
    try expectMarbles(m, signal, diagram.output, error: .timedOut)
  }

  @Test func theDocumentedFallbackIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("timeout-fallback", in: Self.source)
    let fallback = try m.cold(try diagram.lane("fallback"), error: TestError(2))
    let signal = try input(try diagram.lane("upstream")).timeout(
      m.frames(3), scheduler: m.scheduler, fallback: fallback)
    try expectMarbles(m, signal, diagram.output)
  }

  @Test(arguments: ["timeout-first", "timeout-first-late"])
  func theDocumentedFirstValueTimeoutIsWhatTheOperatorDoes(name: String) throws {
    let diagram = try DocDiagram(name, in: Self.source)
    let signal = try input(diagram.inputs[0]).timeout(first: m.frames(3), scheduler: m.scheduler)
    try expectMarbles(m, signal, diagram.output, error: .timedOut)
  }

  @Test func theDocumentedFirstAndEachTimeoutIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("timeout-first-each", in: Self.source)
    let signal = try input(diagram.inputs[0]).timeout(first: m.frames(3), each: m.frames(2), scheduler: m.scheduler)
    try expectMarbles(m, signal, diagram.output, error: .timedOut)
  }

  @Test func afterTheFirstValueNoTimerIsLeft() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, TimeoutFailure<Never>>()
    let token = subject.timeout(first: .seconds(1), scheduler: m.scheduler).subscribe(log)
    #expect(m.scheduler.pendingCount == 1)
    subject.send(1)
    #expect(m.scheduler.pendingCount == 0)
    subject.send(2)
    #expect(m.scheduler.pendingCount == 0)
    m.scheduler.advance(by: .seconds(100))
    subject.send(3)
    #expect(log.events == [.value(1), .value(2), .value(3)])
    withExtendedLifetime(token) {}
  }

  @Test func theFirstValueExactlyAtItsDeadlineIsInTime() throws {
    try expectMarbles(
      m, try input("---a-------b|").timeout(first: m.frames(3), scheduler: m.scheduler), "---a-------b|")
  }

  @Test func aTerminalEventBeforeTheFirstValuePassesThrough() throws {
    try expectMarbles(m, try input("-|").timeout(first: m.frames(3), scheduler: m.scheduler), "-|")
    let n = MarbleTest(frame: .milliseconds(100))
    let failing = try n.hot("--#", error: TestError(1)).timeout(first: n.frames(3), scheduler: n.scheduler)
    try expectMarbles(n, failing, "--#", error: .upstream(TestError(1)))
  }

  @Test func eachRestartsFromEveryValueWithItsOwnInterval() throws {
    // The first value may take 5 frames; after it, gaps of 2 at most.
    let signal = try input("----a-b-c---d|").timeout(first: m.frames(5), each: m.frames(2), scheduler: m.scheduler)
    try expectMarbles(m, signal, "----a-b-c-#", error: .timedOut)
  }

  @Test func aFirstValueTimeoutWithACustomErrorKeepsTheFailureType() throws {
    let late = try input("-----a|").timeout(first: m.frames(3), scheduler: m.scheduler) { TestError(9) }
    try expectMarbles(m, late, "---#", error: TestError(9))
    let n = MarbleTest(frame: .milliseconds(100))
    let inTime = try n.hot("-a-----b|", error: TestError(1)).timeout(first: n.frames(3), scheduler: n.scheduler) {
      TestError(9)
    }
    try expectMarbles(n, inTime, "-a-----b|")
  }

  @Test func aFirstValueTimeoutWithAFallbackSwitchesOnlyWhenTheFirstValueIsLate() throws {
    let fallback = try m.cold("xy|", error: TestError(2))
    let late = try input("-----a|").timeout(first: m.frames(3), scheduler: m.scheduler, fallback: fallback)
    try expectMarbles(m, late, "---xy|")
    let n = MarbleTest(frame: .milliseconds(100))
    let inTime = try n.hot("-a------b|", error: TestError(1))
      .timeout(first: n.frames(3), scheduler: n.scheduler, fallback: try n.cold("xy|", error: TestError(2)))
    try expectMarbles(n, inTime, "-a------b|")
  }

  @Test func theIntervalsAreKeptOnTheSignal() {
    let subject = PassthroughSignal<Int, Never>()
    let firstOnly = subject.timeout(first: .seconds(3), scheduler: m.scheduler)
    #expect(firstOnly.interval == .seconds(3) && firstOnly.each == nil)
    let both = subject.timeout(first: .seconds(3), each: .seconds(1), scheduler: m.scheduler)
    #expect(both.interval == .seconds(3) && both.each == .seconds(1))
    let plain = subject.timeout(.seconds(2), scheduler: m.scheduler)
    #expect(plain.interval == .seconds(2) && plain.each == .seconds(2))
  }

  @Test(arguments: [Duration.zero, .milliseconds(-200)])
  func aZeroOrNegativeFirstOrEachCountsAsZero(interval: Duration) throws {
    try expectMarbles(
      m, NeverSignal<String, Never>().timeout(first: interval, scheduler: m.scheduler), "#", error: .timedOut)
    let n = MarbleTest(frame: .milliseconds(100))
    let each = try n.hot("-a-b|").timeout(first: n.frames(3), each: interval, scheduler: n.scheduler)
    try expectMarbles(n, each, "-(a#)", error: .timedOut)
  }

  @Test func aFirstValueTimeoutReleasesEverythingOnCancel() {
    let result = releasesEverythingOnCancel { $0.timeout(first: .seconds(1), scheduler: $1) }
    #expect(result.payloadReleased)
    #expect(result.upstreamReleased)
    #expect(result.pendingAfterCancel == 0)
    #expect(!result.deliveredAfterCancel)
  }
}

extension TimeoutTests {
  @Test func reentrantUpstreamEventsAreDeliveredAfterTheCurrentOneInOrder() {
    // A source that delivers reentrantly (from inside the downstream's delivery): the
    // storage's outbox queues the nested event and delivers it after the current one.
    let upstream = Locked<AnySignalObserver<Int, Never>?>(nil)
    let source = AnySignal<Int, Never> { observer in
      upstream.withLock { $0 = observer }
      return .empty
    }
    let received = Locked<[Int]>([])
    let depth = Locked(0)
    let maxDepth = Locked(0)
    let token = source.timeout(.seconds(1), scheduler: m.scheduler).observe({ event in
      guard case .value(let value) = event else { return }
      let current = depth.withLock {
        $0 += 1
        return $0
      }
      maxDepth.withLock { $0 = max($0, current) }
      received.withLock { $0.append(value) }
      if value < 499 { _ = upstream.withLock { $0 }?.receive(.value(value + 1)) }
      depth.withLock { $0 -= 1 }
    })
    _ = upstream.withLock { $0 }?.receive(.value(0))
    #expect(received.withLock { $0 } == Array(0..<500))
    #expect(maxDepth.withLock { $0 } == 1, "the stack does not grow with reentrancy")
    withExtendedLifetime(token) {}
  }
}

/// A scheduler whose cancellations always come too late: every action runs, as when a real-time
/// scheduler's action starts on another thread just before the cancel.
private struct LateCancelScheduler: SignalScheduler {
  let base: TestScheduler
  var now: SignalInstant { base.now }

  @discardableResult
  func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    base.schedule(at: deadline, action)
  }

  func cancel(_ action: SignalScheduledAction) {}  // always too late: the action runs anyway
}

@Suite struct TimeoutStaleTimerTests {
  @Test func aTimerThatFiresAfterItsValueRestartedTheIntervalIsIgnored() {
    let base = TestScheduler()
    let input = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, TimeoutFailure<Never>>()
    let token = input.timeout(.seconds(3), scheduler: LateCancelScheduler(base: base)).subscribe(log)
    base.advance(by: .seconds(2))
    input.send(1)  // restarts the interval: due at 5 s; the first timer (3 s) still runs
    base.advance(by: .seconds(2))
    #expect(log.events == [.value(1)], "the first timer fired although a value restarted the interval")
    base.advance(by: .seconds(1))
    #expect(log.events == [.value(1), .failed(.timedOut)])
    withExtendedLifetime(token) {}
  }
}

/// `timeout` restarting its interval lazily (`each` at least the first interval, as in `timeout(_:)`): a
/// value only moves the deadline, and the one timer moves there when it fires early.
@Suite struct TimeoutLazyRestartTests {
  @Test func valuesMoveTheDeadlineWithoutSchedulingATimerEach() {
    let scheduler = TestScheduler()
    let input = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, TimeoutFailure<Never>>()
    let token = input.timeout(.seconds(3), scheduler: scheduler).subscribe(log)
    for second in 1...3 {
      scheduler.advance(to: .zero.advanced(by: .seconds(second)))
      input.send(second)
      #expect(scheduler.pendingCount == 1, "a value scheduled a timer of its own")
    }
    // The timer set for 3 s fires there and moves to 6 s (3 s after the last value).
    scheduler.advance(to: .zero.advanced(by: .milliseconds(5_999)))
    #expect(log.events == [.value(1), .value(2), .value(3)])
    #expect(scheduler.pendingCount == 1)
    scheduler.advance(to: .zero.advanced(by: .seconds(6)))
    #expect(log.events == [.value(1), .value(2), .value(3), .failed(.timedOut)])
    #expect(scheduler.pendingCount == 0)
    #expect(!input.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func aValueAtTheMovedDeadlineIsInTime() {
    let scheduler = TestScheduler()
    let input = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, TimeoutFailure<Never>>()
    let token = input.timeout(.seconds(3), scheduler: scheduler).subscribe(log)
    scheduler.advance(by: .seconds(2))
    input.send(1)  // deadline 5 s
    scheduler.advance(by: .seconds(3))  // the timer, moved at 3 s, is due at 5 s with nothing since
    #expect(log.events == [.value(1), .failed(.timedOut)])
    withExtendedLifetime(token) {}
  }

  @Test func onTheImmediateSchedulerAValueDuringSubscriptionStillTimesOut() {
    // Every deadline is due at once on ImmediateSignalScheduler, whose clock never moves: the timer that
    // finds the deadline moved must fire rather than move again (moving would loop forever).
    let log = EventLog<Int, TimeoutFailure<Never>>()
    let current = CurrentValueSignal<Int, Never>(1)  // sends 1 while being subscribed, never finishes
    let token = current.timeout(.seconds(1), scheduler: ImmediateSignalScheduler()).subscribe(log)
    #expect(log.events == [.value(1), .failed(.timedOut)])
    withExtendedLifetime(token) {}
  }

  @Test func aShorterEachRestartsEagerly() {
    // `each` shorter than `first`: the deadline a value sets can come before the first timer's.
    let scheduler = TestScheduler()
    let input = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, TimeoutFailure<Never>>()
    let token = input.timeout(first: .seconds(5), each: .seconds(1), scheduler: scheduler).subscribe(log)
    input.send(1)
    scheduler.advance(by: .seconds(1))
    #expect(log.events == [.value(1), .failed(.timedOut)])
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `timeout`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let timeout: [ContractCase] = [
    ContractCase(
      "timeout(customError:)",
      [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent, .holdsWitness]
    ) { context in
      context.input(0).timeout(.seconds(1_000), scheduler: context.scheduler) { [witness = context.witness] in
        touch(witness)
        return TestError(99)
      }.eraseToAnySignal()
    },
    ContractCase("timeout(firing)", [.usesScheduler, .concurrent]) { context in
      // Fires during the first settle: fails with .timedOut, mapped to TestError(98).
      context.input(0).timeout(.seconds(1), scheduler: context.scheduler)
        .mapError { $0.upstreamError ?? TestError(98) }.eraseToAnySignal()
    },
    ContractCase("timeout(fallback:)", inputs: 2, [.usesScheduler, .concurrent]) { context in
      context.input(0).timeout(.seconds(1), scheduler: context.scheduler, fallback: context.input(1))
        .eraseToAnySignal()
    },
    ContractCase(
      "timeout(first:customError:)", [.identity, .finishesWithInputs, .failsWithInput, .usesScheduler, .concurrent]
    ) { context in
      context.input(0).timeout(first: .seconds(1_000), scheduler: context.scheduler) { TestError(99) }
        .eraseToAnySignal()
    },
    ContractCase("timeout(first:each:fallback:)", inputs: 2, [.usesScheduler, .concurrent]) { context in
      context.input(0).timeout(
        first: .seconds(1), each: .seconds(1), scheduler: context.scheduler, fallback: context.input(1)
      ).eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `timeout`'s rows of the bad-input table (`BadInputTests.swift`).
  static let timeout: [BadInputRow] = [
    BadInputRow(
      api: "timeout(first:each:scheduler:)", input: "a negative first interval",
      behaviour: "counts as zero: fires at the subscription instant"
    ) {
      timeline(
        { $0.timeout(first: .milliseconds(-5), scheduler: $1) { TestError(9) }.eraseToAnySignal() },
        sends: [(3, .value(1))]) == ["0:X9"]
    },
    BadInputRow(
      api: "timeout(first:each:scheduler:)", input: "a negative each interval",
      behaviour: "counts as zero: fires at the instant of the value"
    ) {
      timeline(
        {
          $0.timeout(first: .milliseconds(10), each: .milliseconds(-5), scheduler: $1) { TestError(9) }
            .eraseToAnySignal()
        },
        sends: [(3, .value(1)), (4, .value(2))]) == ["3:1", "3:X9"]
    },
    BadInputRow(
      api: "timeout(_:scheduler:customError:)", input: "a negative interval",
      behaviour: "counts as zero: fires at the subscription instant"
    ) {
      timeline(
        { $0.timeout(.milliseconds(-5), scheduler: $1) { TestError(9) }.eraseToAnySignal() },
        sends: [(3, .value(1))]) == ["0:X9"]
    },
  ]
}

// MARK: Against its model, on seeded random schedules (`RandomizedScheduleTests`)

extension RandomizedScheduleTests {
  @Test func timeout() {
    check("timeout", inputs: 1, salt: 10, intervals: 1...8, model: Models.timeout) { inputs, scheduler, interval in
      inputs[0].timeout(.milliseconds(interval), scheduler: scheduler) { TestError(99) }.eraseToAnySignal()
    }
  }
}

extension Models {
  /// Fails with the custom error (99) when `interval` passes without a value, measured from
  /// subscription (time 0) and restarted by each value; an event exactly at the deadline is in time.
  static func timeout(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    var deadline = schedule.interval
    for timed in schedule.events {
      if deadline < timed.time {
        out.append(TimedOutput(time: deadline, event: .failed(TestError(99))))
        return out
      }
      out.append(TimedOutput(time: timed.time, event: timed.event))
      if timed.event.isTerminal { return out }
      deadline = timed.time + schedule.interval
    }
    out.append(TimedOutput(time: deadline, event: .failed(TestError(99))))
    return out
  }
}

// MARK: Hammered by several threads (`StressTests`)

extension StressTests {
  @Test func timeoutThatNeverFiresPassesEveryValue() async {
    let subject = PassthroughSignal<Int, TestError>()
    let scheduler = TestScheduler()
    let recorder = ContractRecorder()
    let result = await watchdog("timeout while \(threads) threads send and one advances time") {
      let token = subject.timeout(.seconds(1_000), scheduler: scheduler) { TestError(99) }.subscribe(recorder)
      onThreads(threads + 1) { thread in
        if thread == threads {
          for _ in 0..<200 { scheduler.advance(by: .seconds(1)) }
          return
        }
        for number in 0..<perThread { subject.send(Tag.make(thread, number)) }
      }
      subject.send(.finished)
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
  }

  @Test func timeoutFiringWhileThreadsSendEndsOnce() async {
    let rounds = stressSize(50)
    let states = await watchdog("timeouts firing while \(threads) threads send") {
      (0..<rounds).map { _ -> ContractRecorder.State in
        let subject = PassthroughSignal<Int, TestError>()
        let scheduler = TestScheduler()
        let recorder = ContractRecorder()
        let token = subject.timeout(.milliseconds(1), scheduler: scheduler) { TestError(99) }.subscribe(recorder)
        onThreads(threads) { thread in
          for number in 0..<20 {
            subject.send(Tag.make(thread, number))
            if thread == 0 { scheduler.advance(by: .milliseconds(1)) }
          }
        }
        scheduler.advance(by: .seconds(1))
        withExtendedLifetime(token) {}
        stressRounds.withLock { $0 += 1 }
        return recorder.snapshot
      }
    }
    for state in states ?? [] {
      #expect(state.terminals == 1)
      #expect(state.eventsAfterTerminal == 0)
      #expect(state.overlaps == 0)
    }
  }
}
