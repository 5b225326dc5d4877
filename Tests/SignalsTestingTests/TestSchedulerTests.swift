import Dispatch
import Signals
import SignalsTesting
import Testing

@Suite struct TestSchedulerTests {
  @Test func startsAtZeroWithNothingPending() {
    let scheduler = TestScheduler()
    #expect(scheduler.now == .zero)
    #expect(scheduler.pendingCount == 0)
    #expect(scheduler.nextDeadline == nil)
  }

  @Test func advanceRunsDueActionsInDeadlineOrderAtTheirDeadlines() {
    let scheduler = TestScheduler()
    let trace = Trace<(String, SignalInstant)>()
    let tokens = [
      scheduler.schedule(after: .seconds(3)) { trace.append(("c", scheduler.now)) },
      scheduler.schedule(after: .seconds(1)) { trace.append(("a", scheduler.now)) },
      scheduler.schedule(at: SignalInstant(offset: .seconds(2))) { trace.append(("b", scheduler.now)) },
    ]
    #expect(scheduler.pendingCount == 3)
    #expect(scheduler.nextDeadline == SignalInstant(offset: .seconds(1)))
    scheduler.advance(by: .milliseconds(2500))
    #expect(trace.all.map(\.0) == ["a", "b"])
    #expect(trace.all.map(\.1) == [SignalInstant(offset: .seconds(1)), SignalInstant(offset: .seconds(2))])
    #expect(scheduler.now == SignalInstant(offset: .milliseconds(2500)))
    #expect(scheduler.pendingCount == 1)
    scheduler.advance(to: SignalInstant(offset: .seconds(3)))
    #expect(trace.all.map(\.0) == ["a", "b", "c"])
    #expect(scheduler.pendingCount == 0)
    withExtendedLifetime(tokens) {}
  }

  @Test func equalDeadlinesRunFirstInFirstOut() {
    let scheduler = TestScheduler()
    let order = Trace<Int>()
    let tokens = (1...50).map { index in
      scheduler.schedule(after: .seconds(1)) { order.append(index) }
    }
    scheduler.advance(by: .milliseconds(999))
    #expect(order.all.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(order.all == Array(1...50))
    withExtendedLifetime(tokens) {}
  }

  @Test func workScheduledNowFromAnActionRunsInTheSameAdvance() {
    let scheduler = TestScheduler()
    let trace = Trace<String>()
    let inner = Locked<[SignalScheduledAction]>([])
    let outer = scheduler.schedule(after: .seconds(1)) {
      trace.append("outer")
      let now = scheduler.schedule { trace.append("now at \(scheduler.now)") }
      let soon = scheduler.schedule(after: .milliseconds(500)) { trace.append("soon at \(scheduler.now)") }
      let later = scheduler.schedule(after: .seconds(5)) { trace.append("later") }
      inner.withLock { $0 += [now, soon, later] }
    }
    let sameTime = scheduler.schedule(after: .seconds(1)) { trace.append("same") }
    scheduler.advance(by: .seconds(2))
    // "same" was scheduled first for 1 s, so it runs before the work the action scheduled at 1 s.
    #expect(trace.all == ["outer", "same", "now at 1.0 seconds", "soon at 1.5 seconds"])
    #expect(scheduler.pendingCount == 1)
    withExtendedLifetime((outer, sameTime)) {}
  }

  @Test func scheduleNowNeverRunsSynchronously() {
    let scheduler = TestScheduler()
    let ran = Locked(false)
    let token = scheduler.schedule { ran.withLock { $0 = true } }
    #expect(!ran.withLock { $0 })
    scheduler.advance()
    #expect(ran.withLock { $0 })
    #expect(scheduler.now == .zero)
    withExtendedLifetime(token) {}
  }

  @Test func schedulingInThePastRunsAtNowAfterWhatIsAlreadyDue() {
    let scheduler = TestScheduler()
    scheduler.advance(by: .seconds(10))
    let trace = Trace<(String, SignalInstant)>()
    let due = scheduler.schedule { trace.append(("due", scheduler.now)) }
    let past = scheduler.schedule(at: SignalInstant(offset: .seconds(3))) { trace.append(("past", scheduler.now)) }
    let negative = scheduler.schedule(after: .seconds(-2)) { trace.append(("negative", scheduler.now)) }
    #expect(scheduler.nextDeadline == SignalInstant(offset: .seconds(10)))
    scheduler.advance()
    #expect(trace.all.map(\.0) == ["due", "past", "negative"])
    #expect(trace.all.allSatisfy { $0.1 == SignalInstant(offset: .seconds(10)) })
    withExtendedLifetime((due, past, negative)) {}
  }

  @Test func cancellingRemovesTheActionAndReleasesItsClosureAtOnce() {
    let scheduler = TestScheduler()
    let released = Locked(false)
    let ran = Locked(false)
    let probe = ReleaseProbe(released)
    let token = scheduler.schedule(after: .seconds(1)) {
      probe.touch()
      ran.withLock { $0 = true }
    }
    _ = consume probe
    #expect(!released.withLock { $0 })
    scheduler.cancel(token)
    #expect(released.withLock { $0 })
    #expect(scheduler.pendingCount == 0)
    #expect(scheduler.nextDeadline == nil)
    scheduler.cancel(token)  // idempotent
    scheduler.advance(by: .seconds(2))
    #expect(!ran.withLock { $0 })
  }

  @Test func discardingTheHandleDoesNotCancelTheAction() {
    let scheduler = TestScheduler()
    let ran = Locked(false)
    do {
      _ = scheduler.schedule(after: .seconds(1)) { ran.withLock { $0 = true } }
    }
    #expect(scheduler.pendingCount == 1)
    scheduler.advance(by: .seconds(1))
    #expect(ran.withLock { $0 })
  }

  @Test func aSubscriptionMadeOfTheHandleCancelsWhenReleased() {
    let scheduler = TestScheduler()
    let ran = Locked(false)
    do {
      let subscription = SignalSubscription(
        cancelling: scheduler.schedule(after: .seconds(1)) { ran.withLock { $0 = true } }, on: scheduler)
      #expect(scheduler.pendingCount == 1)
      withExtendedLifetime(subscription) {}
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.advance(by: .seconds(1))
    #expect(!ran.withLock { $0 })
  }

  @Test func aStaleTokenDoesNotCancelTheActionThatReusedItsSlot() {
    let scheduler = TestScheduler()
    let first = scheduler.schedule(after: .seconds(1)) {}
    scheduler.advance(by: .seconds(1))
    let ran = Locked(false)
    let second = scheduler.schedule(after: .seconds(1)) { ran.withLock { $0 = true } }
    scheduler.cancel(first)  // already ran: a no-op, whatever reuses its storage
    #expect(scheduler.pendingCount == 1)
    scheduler.advance(by: .seconds(1))
    #expect(ran.withLock { $0 })
    _ = second
  }

  @Test func advanceToThePastDoesNotMoveTimeBackButRunsWhatIsDue() {
    let scheduler = TestScheduler()
    scheduler.advance(by: .seconds(5))
    let ran = Locked(false)
    let token = scheduler.schedule { ran.withLock { $0 = true } }
    scheduler.advance(to: SignalInstant(offset: .seconds(2)))
    #expect(scheduler.now == SignalInstant(offset: .seconds(5)))
    #expect(ran.withLock { $0 })
    withExtendedLifetime(token) {}
  }

  @Test func negativeAdvanceIsRefusedWithASignalsMessage() {
    let problem = TestScheduler.problem(advancingBy: .milliseconds(-1))
    #expect(problem?.hasPrefix("Signals: ") == true)
    #expect(TestScheduler.problem(advancingBy: .zero) == nil)
    #expect(TestScheduler.problem(advancingBy: .seconds(1)) == nil)
  }

  @Test func runRunsEverythingAndStopsAtTheLastDeadline() {
    let scheduler = TestScheduler()
    let count = Locked(0)
    let tokens = [3, 1, 2].map { seconds in
      scheduler.schedule(after: .seconds(seconds)) { count.withLock { $0 += 1 } }
    }
    let summary = scheduler.run()
    #expect(summary == TestScheduler.RunSummary(actionsRun: 3, pendingCount: 0))
    #expect(summary.isIdle)
    #expect(count.withLock { $0 } == 3)
    #expect(scheduler.now == SignalInstant(offset: .seconds(3)))
    withExtendedLifetime(tokens) {}
  }

  @Test func runStopsAnEndlessRepeatingActionAtItsLimitAndSaysSo() {
    let scheduler = TestScheduler()
    let tokens = Locked<[SignalScheduledAction]>([])
    @Sendable func repeating() {
      let token = scheduler.schedule(after: .milliseconds(10)) { repeating() }
      tokens.withLock { $0 = [token] }
    }
    repeating()
    let summary = scheduler.run(limit: 1000)
    #expect(summary.actionsRun == 1000)
    #expect(!summary.isIdle)
    #expect(summary.pendingCount == 1)
    #expect(summary.description.hasPrefix("Signals: "))
    #expect(summary.description.contains("repeating timer"))
    #expect(scheduler.now == SignalInstant(offset: .seconds(10)))
    for token in tokens.withLock({ $0 }) { scheduler.cancel(token) }
    #expect(scheduler.run().isIdle)
  }

  @Test func cancelAllDropsEverythingWithoutRunning() {
    let scheduler = TestScheduler()
    let ran = Locked(0)
    let tokens = (1...10).map { index in scheduler.schedule(after: .seconds(index)) { ran.withLock { $0 += 1 } } }
    scheduler.cancelAll()
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(ran.withLock { $0 } == 0)
    #expect(scheduler.now == .zero)
    for token in tokens { scheduler.cancel(token) }  // stale tokens stay harmless
    let after = scheduler.schedule(after: .seconds(1)) { ran.withLock { $0 += 1 } }
    if let first = tokens.first { scheduler.cancel(first) }
    scheduler.run()
    #expect(ran.withLock { $0 } == 1)
    _ = after
  }

  /// Random schedules and cancellations against a sorted reference: the heap, the slots and compaction.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func matchesASortedReferenceUnderRandomSchedulingAndCancellation(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let scheduler = TestScheduler()
    let order = Trace<Int>()
    var tokens: [Int: SignalScheduledAction] = [:]
    var expected: [(deadline: Int, id: Int)] = []
    for id in 0..<(3000 * stressScale) {
      let deadline = Int.random(in: 0..<200, using: &random)
      tokens[id] = scheduler.schedule(after: .milliseconds(deadline)) { order.append(id) }
      expected.append((deadline, id))
      if Int.random(in: 0..<3, using: &random) < 2, let victim = tokens.keys.randomElement(using: &random) {
        if let token = tokens.removeValue(forKey: victim) { scheduler.cancel(token) }
        expected.removeAll { $0.id == victim }
      }
    }
    #expect(scheduler.pendingCount == expected.count)
    scheduler.advance(by: .milliseconds(100))
    let dueFirst = expected.filter { $0.deadline <= 100 }
    #expect(scheduler.pendingCount == expected.count - dueFirst.count)
    scheduler.run()
    let reference = expected.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }.map(\.id)
    #expect(order.all == reference)
  }

  @Test func isThreadSafeAndNeverHoldsItsLockWhileAnActionRuns() {
    let scheduler = TestScheduler()
    let count = Locked(0)
    let tokens = Locked<[SignalScheduledAction]>([])
    let perThread = 500 * stressScale
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<perThread {
        // Each action calls back into the scheduler: schedules, reads now, cancels.
        let token = scheduler.schedule(after: .milliseconds(index % 20)) {
          _ = scheduler.now
          _ = scheduler.pendingCount
          let nested = scheduler.schedule { count.withLock { $0 += 1 } }
          tokens.withLock { $0.append(nested) }
          count.withLock { $0 += 1 }
        }
        tokens.withLock { $0.append(token) }
        if thread == 0 && index % 50 == 0 { scheduler.advance(by: .milliseconds(1)) }
      }
    }
    scheduler.run()
    #expect(count.withLock { $0 } == 2 * 4 * perThread)
  }
}

@Suite struct TestSchedulerKeyTests {
  /// The heap compares deadlines as `Duration`'s two words: the order and the round trip must hold.
  @Test func durationWordsOrderLikeDurations() {
    var random = SeededGenerator(seed: 9)
    var samples: [Duration] = [
      .zero, .nanoseconds(1), .seconds(-1), .milliseconds(-1500), .seconds(18), .seconds(19), .seconds(Int64.max),
      .seconds(Int64.min), Duration(secondsComponent: 0, attosecondsComponent: 1),
      Duration(secondsComponent: 0, attosecondsComponent: -1),
    ]
    for _ in 0..<2000 {
      let seconds = Int64.random(in: -1_000_000...1_000_000, using: &random)
      let attoseconds = Int64.random(in: 0..<1_000_000_000_000_000_000, using: &random)
      samples.append(Duration(secondsComponent: seconds, attosecondsComponent: attoseconds))
    }
    func less(_ a: Duration, _ b: Duration) -> Bool {
      let (aHigh, aLow) = TestSchedulerKey.words(a)
      let (bHigh, bLow) = TestSchedulerKey.words(b)
      return aHigh != bHigh ? aHigh < bHigh : aLow < bLow
    }
    for (index, a) in samples.enumerated() {
      let (high, low) = TestSchedulerKey.words(a)
      #expect(TestSchedulerKey.duration(high: high, low: low) == a)
      let b = samples[(index * 7 + 3) % samples.count]
      #expect(less(a, b) == (a < b), "\(a) vs \(b)")
    }
  }

  /// Below macOS 15 / iOS 18 (no `Duration.attoseconds`), the key goes through `Duration.components`: the same
  /// words, and the same duration back.
  @Test func theComponentsPathGivesTheSameWords() {
    var random = SeededGenerator(seed: 31)
    var samples: [Duration] = [
      .zero, .nanoseconds(1), .nanoseconds(-1), .seconds(-1), .milliseconds(-1500), .milliseconds(2600),
      .seconds(Int64.max), .seconds(Int64.min), Duration(secondsComponent: 0, attosecondsComponent: -1),
      Duration(secondsComponent: -7, attosecondsComponent: -999_999_999_999_999_999),
    ]
    for _ in 0..<2000 {
      let seconds = Int64.random(in: -1_000_000_000...1_000_000_000, using: &random)
      let attoseconds = Int64.random(in: -999_999_999_999_999_999...999_999_999_999_999_999, using: &random)
      samples.append(Duration(secondsComponent: seconds, attosecondsComponent: attoseconds))
    }
    for duration in samples {
      let key = TestSchedulerKey(components: duration.components)
      let (high, low) = TestSchedulerKey.words(duration)
      #expect(key.high == high && key.low == low, "\(duration)")
      #expect(key.durationFromComponents == duration, "\(duration)")
    }
  }
}

/// Where task executors do not exist (before macOS 15 / iOS 18), async work on a `TestScheduler` cannot run in
/// virtual time: it is refused, with a message naming the OS it needs, instead of running in real time. Linux
/// has task executors: these schedulers play an OS without them.
@Suite struct TestSchedulerAsyncWorkRefusalTests {
  /// A scheduler without a task executor, and the refusals it reported.
  private func schedulerWithoutTaskExecutors() -> (TestScheduler, Locked<[String]>) {
    let refusals = Locked<[String]>([])
    let scheduler = TestScheduler(
      offersTaskExecutor: false, asyncWorkRefused: { message in refusals.withLock { $0.append(message) } })
    return (scheduler, refusals)
  }

  @Test func aTaskSignalIsRefusedWithTheOSItNeedsAndNeverRuns() async {
    let (scheduler, refusals) = schedulerWithoutTaskExecutors()
    let ran = Locked(false)
    let received = Locked<[String]>([])
    let token = TaskSignal(on: scheduler) { () async throws -> String in
      ran.withLock { $0 = true }
      try await scheduler.clock.sleep(for: .seconds(1))
      return "loaded"
    }
    .replaceError(with: "failed").sink { value in received.withLock { $0.append(value) } }
    #expect(refusals.withLock { $0 } == [TestScheduler.asyncWorkRefusal])
    for version in ["macOS 15", "iOS 18", "tvOS 18", "watchOS 11", "visionOS 2", "@available("] {
      #expect(TestScheduler.asyncWorkRefusal.contains(version), "\(version)")
    }
    scheduler.advance(by: .seconds(2))
    await Task.yield()
    #expect(!ran.withLock { $0 }, "refused work must not run on the global executor")
    #expect(received.withLock { $0 }.isEmpty)
    withExtendedLifetime(token) {}
  }

  @Test func anAsyncSequenceOnTheSchedulerIsRefusedToo() {
    let (scheduler, refusals) = schedulerWithoutTaskExecutors()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let received = Locked<[Int]>([])
    let token = AsyncSequenceSignal(stream).on(scheduler).sink { value in received.withLock { $0.append(value) } }
    continuation.yield(1)
    scheduler.advance()
    #expect(refusals.withLock { $0.count } == 1)
    #expect(received.withLock { $0 }.isEmpty)
    withExtendedLifetime(token) {}
  }

  // Task executors exist from macOS 15 / iOS 18: below, the scheduler refuses this work too.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func withTaskExecutorsTheSameWorkRunsInVirtualTime() {
    let refusals = Locked<[String]>([])
    let scheduler = TestScheduler(
      offersTaskExecutor: true, asyncWorkRefused: { message in refusals.withLock { $0.append(message) } })
    let received = Locked<[String]>([])
    let token = TaskSignal(on: scheduler) { () async throws -> String in
      try await scheduler.clock.sleep(for: .seconds(1))
      return "loaded"
    }
    .replaceError(with: "failed").sink { value in received.withLock { $0.append(value) } }
    scheduler.advance(by: .seconds(1))
    #expect(received.withLock { $0 } == ["loaded"])
    #expect(refusals.withLock { $0 }.isEmpty)
    withExtendedLifetime(token) {}
  }

  @Test func schedulersOnRealTimeAreNotVirtualTimeSchedulers() {
    #expect(!(DispatchSignalScheduler.main as any SignalScheduler is any VirtualTimeScheduler))
    #expect(!(ImmediateSignalScheduler() as any SignalScheduler is any VirtualTimeScheduler))
    #expect(TestScheduler() as any SignalScheduler is any VirtualTimeScheduler)
  }
}
