import Signals
import SignalsTesting
import Testing

@Suite("TestScheduler action handles") struct TestSchedulerActionHandleTests {
  @Test func anActionWhoseHandleIsDiscardedRuns() {
    let scheduler = TestScheduler()
    let trace = Trace<(String, SignalInstant)>()
    _ = scheduler.schedule(after: .seconds(2)) { trace.append(("after", scheduler.now)) }
    scheduler.schedule(at: SignalInstant(offset: .seconds(1))) { trace.append(("at", scheduler.now)) }
    scheduler.schedule { trace.append(("now", scheduler.now)) }
    #expect(scheduler.pendingCount == 3)
    scheduler.run()
    #expect(trace.all.map(\.0) == ["now", "at", "after"])
    #expect(trace.all.map(\.1) == [.zero, SignalInstant(offset: .seconds(1)), SignalInstant(offset: .seconds(2))])
  }

  @Test func aNegativeDelayOrAPastDeadlineMeansNow() {
    let scheduler = TestScheduler()
    scheduler.advance(by: .seconds(5))
    let trace = Trace<SignalInstant>()
    scheduler.schedule(after: .seconds(-1)) { trace.append(scheduler.now) }
    scheduler.schedule(at: .zero) { trace.append(scheduler.now) }
    scheduler.advance(by: .zero)
    #expect(trace.all == [SignalInstant(offset: .seconds(5)), SignalInstant(offset: .seconds(5))])
  }

  @Test func cancellingReleasesTheClosureAtOnceAndItNeverRuns() {
    let scheduler = TestScheduler()
    let released = Locked(false)
    let ran = Locked(false)
    var probe: ReleaseProbe? = ReleaseProbe(released)
    let handle = scheduler.schedule(after: .seconds(1)) { [probe] in
      probe?.touch()
      ran.withLock { $0 = true }
    }
    probe = nil
    #expect(!released.withLock { $0 })
    scheduler.cancel(handle)
    #expect(released.withLock { $0 })
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(!ran.withLock { $0 })
    scheduler.cancel(handle)  // idempotent
  }

  @Test func aStaleHandleDoesNotCancelTheActionThatReusedItsSlot() {
    let scheduler = TestScheduler()
    let first = scheduler.schedule(after: .seconds(1)) {}
    scheduler.run()
    let ran = Locked(false)
    scheduler.schedule(after: .seconds(1)) { ran.withLock { $0 = true } }
    scheduler.cancel(first)  // its action already ran: ignored
    #expect(scheduler.pendingCount == 1)
    scheduler.run()
    #expect(ran.withLock { $0 })
  }

  @Test func aHandleOfAnotherSchedulerKindIsIgnored() {
    let scheduler = TestScheduler()
    let ran = Locked(false)
    scheduler.schedule(after: .seconds(1)) { ran.withLock { $0 = true } }
    let dispatch = DispatchSignalScheduler(queue: .init(label: "other"))
    let foreign = dispatch.schedule(after: .seconds(60)) {}
    scheduler.cancel(foreign)
    dispatch.cancel(foreign)
    scheduler.run()
    #expect(ran.withLock { $0 })
  }
}

@Suite("TestScheduler end of instant") struct TestSchedulerEndOfInstantTests {
  @Test func runsAfterTheInstantsOrdinaryWorkWhateverTheSchedulingOrder() {
    let scheduler = TestScheduler()
    let trace = Trace<String>()
    scheduler.schedule(after: .seconds(1)) {
      // Scheduled first, at 1 s: still runs after everything due at 1 s.
      scheduler.scheduleAtEndOfInstant { trace.append("end of 1 s at \(scheduler.now)") }
    }
    scheduler.schedule(after: .seconds(1)) { trace.append("a") }
    scheduler.schedule(after: .seconds(1)) { trace.append("b") }
    scheduler.schedule(after: .seconds(2)) { trace.append("later") }
    scheduler.advance(by: .seconds(2))
    #expect(trace.all == ["a", "b", "end of 1 s at 1.0 seconds", "later"])
  }

  @Test func runsAfterWorkRescheduledDuringTheInstant() {
    let scheduler = TestScheduler()
    let trace = Trace<String>()
    scheduler.schedule(after: .seconds(1)) {
      scheduler.scheduleAtEndOfInstant { trace.append("decide") }
      // A hop scheduled during the instant, which schedules another hop: both are due now.
      scheduler.schedule {
        trace.append("hop 1")
        scheduler.schedule(after: .zero) { trace.append("hop 2") }
      }
    }
    scheduler.advance(by: .seconds(1))
    #expect(trace.all == ["hop 1", "hop 2", "decide"])
  }

  @Test func ordinaryWorkAnEndOfInstantActionSchedulesNowRunsBeforeTheNextOne() {
    let scheduler = TestScheduler()
    let trace = Trace<String>()
    scheduler.scheduleAtEndOfInstant {
      trace.append("end 1")
      scheduler.schedule { trace.append("now, from end 1") }
      scheduler.scheduleAtEndOfInstant { trace.append("end 3") }
    }
    scheduler.scheduleAtEndOfInstant { trace.append("end 2") }
    scheduler.schedule { trace.append("now") }
    #expect(scheduler.pendingCount == 3)
    #expect(scheduler.nextDeadline == .zero)
    scheduler.advance()
    #expect(trace.all == ["now", "end 1", "now, from end 1", "end 2", "end 3"])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func timeDoesNotMoveOnWhileTheLaneHoldsWork() {
    let scheduler = TestScheduler()
    let trace = Trace<SignalInstant>()
    scheduler.schedule(after: .seconds(1)) {
      scheduler.scheduleAtEndOfInstant { trace.append(scheduler.now) }
    }
    scheduler.schedule(after: .milliseconds(1001)) { trace.append(scheduler.now) }
    scheduler.run()
    #expect(trace.all == [SignalInstant(offset: .seconds(1)), SignalInstant(offset: .milliseconds(1001))])
  }

  @Test func aCancelledEndOfInstantActionNeverRunsAndIsReleased() {
    let scheduler = TestScheduler()
    let released = Locked(false)
    let ran = Locked(false)
    var probe: ReleaseProbe? = ReleaseProbe(released)
    let kept = scheduler.scheduleAtEndOfInstant { ran.withLock { $0 = true } }
    let cancelled = scheduler.scheduleAtEndOfInstant { [probe] in probe?.touch() }
    probe = nil
    scheduler.cancel(cancelled)
    #expect(released.withLock { $0 })
    #expect(scheduler.pendingCount == 1)
    scheduler.cancel(cancelled)  // idempotent
    scheduler.advance()
    #expect(ran.withLock { $0 })
    scheduler.cancel(kept)  // ran already: ignored
    #expect(scheduler.pendingCount == 0)
  }

  @Test func cancelAllDropsTheLaneToo() {
    let scheduler = TestScheduler()
    let ran = Locked(false)
    scheduler.scheduleAtEndOfInstant { ran.withLock { $0 = true } }
    scheduler.cancelAll()
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(!ran.withLock { $0 })
  }

  @Test func realTimeSchedulersRunItAtOnce() {
    let ran = Locked(0)
    let immediate = ImmediateSignalScheduler()
    let handle = immediate.scheduleAtEndOfInstant { ran.withLock { $0 += 1 } }
    #expect(ran.withLock { $0 } == 1)
    #expect(handle.object == nil)
    DispatchSignalScheduler(queue: .init(label: "q")).scheduleAtEndOfInstant { ran.withLock { $0 += 1 } }
    ClockSignalScheduler(clock: ContinuousClock()).scheduleAtEndOfInstant { ran.withLock { $0 += 1 } }
    #expect(ran.withLock { $0 } == 3)
  }
}
