import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct TimerSignalTests {
  @Test func ticksOneTwoThreeAtWholeIntervals() {
    let scheduler = TestScheduler()
    let log = TimedLog<Int>(on: scheduler)
    let token = TimerSignal(every: .seconds(1), on: scheduler).subscribe(log.observer)
    scheduler.advance(by: .milliseconds(999))
    #expect(log.values.isEmpty)
    scheduler.advance(by: .milliseconds(2001))
    #expect(log.values == [1, 2, 3])
    #expect(log.times == [instant(1), instant(2), instant(3)])
    #expect(scheduler.pendingCount == 1)
    withExtendedLifetime(token) {}
  }

  @Test func eachSubscriptionStartsItsOwnClock() {
    let scheduler = TestScheduler()
    let timer = TimerSignal(every: .seconds(1), on: scheduler)
    let first = TimedLog<Int>(on: scheduler)
    let second = TimedLog<Int>(on: scheduler)
    let tokens = [timer.subscribe(first.observer)]
    scheduler.advance(by: .milliseconds(500))
    let more = timer.subscribe(second.observer)
    scheduler.advance(by: .seconds(2))
    #expect(first.times == [instant(1), instant(2)])
    #expect(second.values == [1, 2])
    #expect(second.times == [instant(1.5), instant(2.5)])
    withExtendedLifetime((tokens, more)) {}
  }

  @Test func aLateTickDoesNotShiftTheOnesAfterIt() {
    let base = TestScheduler()
    // The 2nd action scheduled (tick 2) runs 0.3 s late.
    let late = LateScheduler(base: base) { number in number == 2 ? .milliseconds(300) : .zero }
    let log = TimedLog<Int>(on: base)
    let token = TimerSignal(every: .seconds(1), on: late).subscribe(log.observer)
    base.advance(by: .seconds(4))
    #expect(log.values == [1, 2, 3, 4])
    #expect(log.times == [instant(1), instant(2.3), instant(3), instant(4)])
    withExtendedLifetime(token) {}
  }

  @Test func ticksThatFallBehindAreSkippedAndTheIndexCatchesUp() {
    let base = TestScheduler()
    // Tick 1 runs 2.5 s late: at 3.5 s, past the deadlines of ticks 2 and 3.
    let late = LateScheduler(base: base) { number in number == 1 ? .milliseconds(2500) : .zero }
    let log = TimedLog<Int>(on: base)
    let token = TimerSignal(every: .seconds(1), on: late).subscribe(log.observer)
    base.advance(by: .seconds(5))
    #expect(log.values == [3, 4, 5])
    #expect(log.times == [instant(3.5), instant(4), instant(5)])
    withExtendedLifetime(token) {}
  }

  @Test func behindScheduleIndexIsExactAtDeadlineBoundaries() {
    let start = instant(10)
    let interval = Duration.milliseconds(100)
    func index(_ now: SignalInstant, last: Int) -> Int {
      TimerSignal.index(dueAt: now, start: start, interval: interval, lastIndex: last)
    }
    #expect(index(instant(10.1), last: 0) == 1)  // on time
    #expect(index(instant(10.05), last: 0) == 1)  // early: still the due tick
    #expect(index(instant(10.199), last: 0) == 1)  // late, but before tick 2's deadline
    #expect(index(instant(10.2), last: 0) == 2)  // exactly at tick 2's deadline
    #expect(index(instant(10.7), last: 2) == 7)
    #expect(index(instant(10.7) - .nanoseconds(1), last: 2) == 6)
    #expect(index(instant(1010), last: 5) == 10_000)
  }

  @Test func stopsWhenTheObserverAnswersStop() {
    let scheduler = TestScheduler()
    let log = TimedLog<Int>(on: scheduler) { $0 == 3 }
    let token = TimerSignal(every: .seconds(1), on: scheduler).subscribe(log.observer)
    scheduler.advance(by: .seconds(10))
    #expect(log.values == [1, 2, 3])
    #expect(scheduler.pendingCount == 0)
    #expect(log.finishedAt.isEmpty)
    withExtendedLifetime(token) {}
  }

  @Test func cancellingRemovesThePendingTickAndReleasesTheObserver() {
    let scheduler = TestScheduler()
    let flag = ReleaseFlag()
    let probe = flag.probe()
    let values = Locked<[Int]>([])
    let token = TimerSignal(every: .seconds(1), on: scheduler).sink { value in
      probe.touch()
      values.withLock { $0.append(value) }
    }
    _ = consume probe
    scheduler.advance(by: .seconds(2))
    token.cancel()
    #expect(scheduler.pendingCount == 0)
    #expect(flag.isReleased)
    scheduler.advance(by: .seconds(5))
    #expect(values.withLock { $0 } == [1, 2])
  }

  /// Inside an operator the timer is subscribed through its handle, which the operator cancels.
  @Test func insideAnOperatorCancellingAndStoppingReleaseTheObserverAndThePendingTick() {
    let scheduler = TestScheduler()
    let cancelled = ReleaseFlag()
    let stopped = ReleaseFlag()
    let values = Locked<[Int]>([])
    let token: SignalSubscription
    let finished: SignalSubscription
    do {
      let probe = cancelled.probe()
      token = TimerSignal(every: .seconds(1), on: scheduler).prefix(10).sink { value in
        probe.touch()
        values.withLock { $0.append(value) }
      }
      let other = stopped.probe()
      finished = TimerSignal(every: .seconds(1), on: scheduler).prefix(2).sink { _ in other.touch() }
    }
    scheduler.advance(by: .seconds(2))
    #expect(stopped.isReleased, "prefix stopped the timer: its observer is released while the token lives")
    #expect(scheduler.pendingCount == 1)
    token.cancel()
    #expect(scheduler.pendingCount == 0)
    #expect(cancelled.isReleased)
    scheduler.advance(by: .seconds(5))
    #expect(values.withLock { $0 } == [1, 2])
    _ = finished
  }

  @Test func cancellingFromInsideATickDeliversNothingMore() {
    let scheduler = TestScheduler()
    let holder = Locked<SignalSubscription?>(nil)
    let values = Locked<[Int]>([])
    let token = TimerSignal(every: .seconds(1), on: scheduler).sink { value in
      values.withLock { $0.append(value) }
      if value == 2 { holder.withLock { $0 }?.cancel() }
    }
    holder.withLock { $0 = token }
    scheduler.advance(by: .seconds(5))
    #expect(values.withLock { $0 } == [1, 2])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func releasingTheSubscriptionStopsTheTimer() {
    let scheduler = TestScheduler()
    let log = TimedLog<Int>(on: scheduler)
    do {
      let token = TimerSignal(every: .seconds(1), on: scheduler).subscribe(log.observer)
      scheduler.advance(by: .seconds(1))
      withExtendedLifetime(token) {}
    }
    scheduler.advance(by: .seconds(3))
    #expect(log.values == [1])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func onTheImmediateSchedulerTicksLoopDuringSubscribeWithoutGrowingTheStack() {
    let count = 100_000
    let log = TimedLog<Int>(on: ImmediateSignalScheduler()) { $0 == count }
    let token = TimerSignal(every: .seconds(1), on: ImmediateSignalScheduler.shared).subscribe(log.observer)
    #expect(log.values.count == count)
    #expect(log.values.last == count)
    #expect(log.values.prefix(3) == [1, 2, 3])
    withExtendedLifetime(token) {}
  }

  @Test func aRunOverAnEndlessTimerStopsAtItsLimit() {
    let scheduler = TestScheduler()
    let log = TimedLog<Int>(on: scheduler)
    let token = TimerSignal(every: .milliseconds(100), on: scheduler).subscribe(log.observer)
    let summary = scheduler.run(limit: 50)
    #expect(!summary.isIdle)
    #expect(log.values == Array(1...50))
    #expect(scheduler.now == instant(5))
    withExtendedLifetime(token) {}
  }

  @Test func aZeroOrNegativeIntervalIsRefusedWithASignalsMessage() {
    #expect(TimerSignal.problem(interval: .zero)?.hasPrefix("Signals: ") == true)
    #expect(TimerSignal.problem(interval: .milliseconds(-5))?.hasPrefix("Signals: ") == true)
    #expect(TimerSignal.problem(interval: .nanoseconds(1)) == nil)
  }

  @Test func realTimeTicksOnDispatchStayOnTheirDeadlines() async throws {
    // Real time, generous bounds (the machine may be busy): over 20 ticks of 10 ms, each tick arrives
    // no earlier than its deadline, and the median lateness stays under 50 ms. Drift itself is pinned
    // exactly in virtual time by `aLateTickDoesNotShiftTheOnesAfterIt`.
    let scheduler = DispatchSignalScheduler(queue: DispatchQueue(label: "timer-test"))
    let start = scheduler.now
    let (stream, continuation) = AsyncStream<(Int, SignalInstant)>.makeStream()
    let token = TimerSignal(every: .milliseconds(10), on: scheduler)
      .subscribe(
        AnySignalObserver<Int, Never> { event in
          guard case .value(let tick) = event else { return .continue }
          continuation.yield((tick, scheduler.now))
          if tick >= 20 {
            continuation.finish()
            return .stop
          }
          return .continue
        })
    var ticks: [(Int, SignalInstant)] = []
    for await tick in stream { ticks.append(tick) }
    let indices = ticks.map(\.0)
    #expect(indices == indices.sorted() && Set(indices).count == indices.count)
    #expect(try #require(indices.last) >= 20)
    let lateness = ticks.map { tick, time in time - (start + .milliseconds(10) * tick) }.sorted()
    #expect(try #require(lateness.first) >= .zero)
    #expect(lateness[lateness.count / 2] < .milliseconds(50))
    withExtendedLifetime(token) {}
  }

  // MARK: A first delay of its own (RxSwift's timer(_:period:))

  @Test func theDocumentedFirstDelayIsWhatTheTimerDoes() throws {
    let diagram = try DocDiagram("timer-after-every", in: "Sources/Signals/Producers/TimerSignal.swift")
    let test = MarbleTest(frame: .milliseconds(100))
    let timer = TimerSignal(after: test.frames(3), every: test.frames(2), on: test.scheduler)
    let values: [Character: Int] = ["1": 1, "2": 2, "3": 3, "4": 4]
    try expectMarbles(test, timer, diagram.output, values: values, frames: diagram.output.count - 1)
  }

  @Test(arguments: [Duration.milliseconds(300), .seconds(1), .seconds(2.5)])
  func theFirstTickComesAfterItsDelayThenOneEveryInterval(delay: Duration) {
    let scheduler = TestScheduler()
    let log = TimedLog<Int>(on: scheduler)
    let token = TimerSignal(after: delay, every: .seconds(1), on: scheduler).subscribe(log.observer)
    scheduler.advance(by: delay - .nanoseconds(1))
    #expect(log.values.isEmpty)
    scheduler.advance(by: .nanoseconds(1) + .seconds(2))
    #expect(log.values == [1, 2, 3])
    let start = SignalInstant.zero + delay
    #expect(log.times == [start, start + .seconds(1), start + .seconds(2)])
    withExtendedLifetime(token) {}
  }

  @Test func everyIsAfterTheSameInterval() {
    let timer = TimerSignal(every: .seconds(2), on: TestScheduler())
    #expect(timer.delay == .seconds(2) && timer.interval == .seconds(2))
  }

  @Test(arguments: [Duration.zero, .seconds(-1)])
  func aZeroOrNegativeFirstDelayTicksAtTheNextAdvance(delay: Duration) {
    let scheduler = TestScheduler()
    let log = TimedLog<Int>(on: scheduler)
    let timer = TimerSignal(after: delay, every: .seconds(1), on: scheduler)
    #expect(timer.delay == .zero)
    let token = timer.subscribe(log.observer)
    #expect(log.values.isEmpty)  // never during subscribe on a scheduler that runs work later
    scheduler.advance(by: .zero)
    #expect(log.values == [1])
    scheduler.advance(by: .seconds(2))
    #expect(log.values == [1, 2, 3])
    #expect(log.times == [.zero, instant(1), instant(2)])
    withExtendedLifetime(token) {}
  }

  @Test func withAFirstDelayTicksThatFallBehindAreSkippedToo() {
    let base = TestScheduler()
    // Tick 1 (due at 0.5 s) runs 2.2 s late: at 2.7 s, past the deadlines of ticks 2 (1.5 s) and 3 (2.5 s).
    let late = LateScheduler(base: base) { number in number == 1 ? .milliseconds(2200) : .zero }
    let log = TimedLog<Int>(on: base)
    let token = TimerSignal(after: .milliseconds(500), every: .seconds(1), on: late).subscribe(log.observer)
    base.advance(by: .seconds(4))
    #expect(log.values == [3, 4])
    #expect(log.times == [instant(2.7), instant(3.5)])
    withExtendedLifetime(token) {}
  }
}
