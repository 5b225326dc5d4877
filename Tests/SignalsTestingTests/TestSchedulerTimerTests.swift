import Signals
import SignalsTesting
import Testing

@Suite("TestScheduler timer handles") struct TestSchedulerTimerTests {
  @Test func aTimerRunsAtItsDeadlineLikeAnyAction() {
    let scheduler = TestScheduler()
    let trace = Trace<(String, SignalInstant)>()
    _ = scheduler.scheduleTimer(after: .seconds(2)) { trace.append(("after", scheduler.now)) }
    _ = scheduler.scheduleTimer(at: SignalInstant(offset: .seconds(1))) { trace.append(("at", scheduler.now)) }
    #expect(scheduler.pendingCount == 2)
    scheduler.run()
    #expect(trace.all.map(\.0) == ["at", "after"])
    #expect(trace.all.map(\.1) == [SignalInstant(offset: .seconds(1)), SignalInstant(offset: .seconds(2))])
  }

  @Test func aNegativeDelayOrAPastDeadlineMeansNow() {
    let scheduler = TestScheduler()
    scheduler.advance(by: .seconds(5))
    let trace = Trace<SignalInstant>()
    _ = scheduler.scheduleTimer(after: .seconds(-1)) { trace.append(scheduler.now) }
    _ = scheduler.scheduleTimer(at: .zero) { trace.append(scheduler.now) }
    scheduler.advance(by: .zero)
    #expect(trace.all == [SignalInstant(offset: .seconds(5)), SignalInstant(offset: .seconds(5))])
  }

  @Test func cancellingReleasesTheClosureAtOnceAndItNeverRuns() {
    let scheduler = TestScheduler()
    let released = Locked(false)
    let ran = Locked(false)
    var probe: ReleaseProbe? = ReleaseProbe(released)
    let handle = scheduler.scheduleTimer(after: .seconds(1)) { [probe] in
      probe?.touch()
      ran.withLock { $0 = true }
    }
    probe = nil
    #expect(!released.withLock { $0 })
    scheduler.cancelTimer(handle)
    #expect(released.withLock { $0 })
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(!ran.withLock { $0 })
    scheduler.cancelTimer(handle)  // idempotent
  }

  @Test func aStaleHandleDoesNotCancelTheActionThatReusedItsSlot() {
    let scheduler = TestScheduler()
    let first = scheduler.scheduleTimer(after: .seconds(1)) {}
    scheduler.run()
    let ran = Locked(false)
    _ = scheduler.scheduleTimer(after: .seconds(1)) { ran.withLock { $0 = true } }
    scheduler.cancelTimer(first)  // its action already ran: ignored
    #expect(scheduler.pendingCount == 1)
    scheduler.run()
    #expect(ran.withLock { $0 })
  }

  @Test func releasingAHandleDoesNotCancel() {
    let scheduler = TestScheduler()
    let ran = Locked(false)
    do {
      _ = scheduler.scheduleTimer(after: .seconds(1)) { ran.withLock { $0 = true } }
    }
    scheduler.run()
    #expect(ran.withLock { $0 })
  }

  @Test func aHandleHoldingASubscriptionCancelsThroughIt() {
    let scheduler = TestScheduler()
    let ran = Locked(false)
    let handle = SignalTimerHandle(scheduler.schedule(after: .seconds(1)) { ran.withLock { $0 = true } })
    scheduler.cancelTimer(handle)
    scheduler.run()
    #expect(!ran.withLock { $0 })
  }
}
