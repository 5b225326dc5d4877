import Dispatch
import Signals
import Testing

/// Real-time tests: generous bounds, few of them.
@Suite(.timeLimit(.minutes(1))) struct DispatchSignalSchedulerTests {
  @Test func nowStartsNearZeroAndIsMonotonic() {
    let scheduler = DispatchSignalScheduler(queue: DispatchQueue(label: "now-test"))
    let first = scheduler.now
    let second = scheduler.now
    #expect(first >= .zero)
    #expect(first < SignalInstant(offset: .seconds(1)))
    #expect(second >= first)
  }

  @Test func realTimeScheduleRunsOnTheQueueInOrder() async {
    let queue = DispatchQueue(label: "order-test")
    let scheduler = DispatchSignalScheduler(queue: queue)
    let order = Locked<[Int]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for index in 1...5 {
        scheduler.schedule {
          dispatchPrecondition(condition: .onQueue(queue))
          order.withLock { $0.append(index) }
          if index == 5 { done.resume() }
        }
      }
    }
    #expect(order.withLock { $0 } == [1, 2, 3, 4, 5])
  }

  @Test func realTimeScheduleAtRunsNoEarlierThanTheDeadline() async {
    let scheduler = DispatchSignalScheduler(queue: DispatchQueue(label: "deadline-test"))
    let deadline = scheduler.now + .milliseconds(30)
    let ranAt = await withCheckedContinuation { (done: CheckedContinuation<SignalInstant, Never>) in
      _ = scheduler.schedule(at: deadline) { done.resume(returning: scheduler.now) }  // the handle is discarded
    }
    #expect(ranAt >= deadline)
    #expect(ranAt < deadline + .seconds(5))  // generous: the machine may be busy
  }

  @Test func realTimeCancelledActionsNeverRunAndAreReleasedAtOnce() async {
    let queue = DispatchQueue(label: "cancel-test")
    let scheduler = DispatchSignalScheduler(queue: queue)
    let ran = Locked(false)
    let released = Locked(false)
    let probe = DispatchTestProbe(released)
    let token = scheduler.schedule(after: .milliseconds(20)) {
      probe.touch()
      ran.withLock { $0 = true }
    }
    _ = consume probe
    scheduler.cancel(token)
    #expect(released.withLock { $0 })
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.asyncAfter(deadline: .now() + .milliseconds(60)) { done.resume() }
    }
    #expect(!ran.withLock { $0 })
  }

  @Test func realTimeDiscardedHandlesStillRunAfterADelay() async {
    let scheduler = DispatchSignalScheduler(queue: DispatchQueue(label: "discard-test"))
    let start = scheduler.now
    let ranAt = await withCheckedContinuation { (done: CheckedContinuation<SignalInstant, Never>) in
      _ = scheduler.schedule(after: .milliseconds(20)) { done.resume(returning: scheduler.now) }
    }
    #expect(ranAt >= start + .milliseconds(20))
  }

  @Test func realTimeAHandleOfAnotherSchedulerIsIgnored() async {
    let queue = DispatchQueue(label: "foreign-test")
    let scheduler = DispatchSignalScheduler(queue: queue)
    let ranAt = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      let handle = scheduler.schedule(after: .milliseconds(5)) { done.resume(returning: true) }
      ImmediateSignalScheduler().cancel(handle)
      scheduler.cancel(SignalScheduledAction(id: handle.id))  // no object: not this scheduler's kind of handle
    }
    #expect(ranAt)
  }

  @Test func dispatchTimesClampToZeroAndTheDistantFuture() {
    let scheduler = DispatchSignalScheduler(queue: DispatchQueue(label: "clamp-test"))
    let zero = scheduler.dispatchTime(.zero)
    #expect(scheduler.dispatchTime(SignalInstant(offset: .seconds(-5))) == zero)
    #expect(scheduler.dispatchTime(SignalInstant(offset: .seconds(Int64.max / 2))) == .distantFuture)
    let oneSecond = scheduler.dispatchTime(SignalInstant(offset: .seconds(1)))
    #expect(oneSecond.uptimeNanoseconds - zero.uptimeNanoseconds == 1_000_000_000)
    #expect(scheduler.uptimeNanoseconds(SignalInstant(offset: .seconds(Int64.max / 2))) == .max)
    // An action at the distant future waits without arming the timer, and cancels like any other.
    let never = scheduler.schedule(at: SignalInstant(offset: .seconds(Int64.max / 2))) { Issue.record("ran") }
    scheduler.cancel(never)
  }

  /// The timer asks Dispatch for a small, stated leeway: `asyncAfter` let Darwin take a tenth of the delay
  /// (300 ms for the intro's 3 s timeout).
  @Test func timedActionsAskForASmallStatedLeeway() {
    #expect(DispatchSignalScheduler(queue: DispatchQueue(label: "leeway-test")).leeway == .milliseconds(1))
    #expect(DispatchSignalScheduler.main.leeway == .milliseconds(1))
    let precise = DispatchSignalScheduler(queue: DispatchQueue(label: "leeway-test"), leeway: .microseconds(100))
    #expect(precise.leeway == .microseconds(100))
  }

  @Test func realTimeTimedActionsRunInDeadlineOrderEqualDeadlinesFirstInFirstOut() async {
    let scheduler = DispatchSignalScheduler(queue: DispatchQueue(label: "timed-order-test"))
    let start = scheduler.now
    let order = Locked<[String]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      // Scheduled out of deadline order: later deadlines first, an earlier one after, two equal ones.
      for (name, milliseconds) in [("c", 40), ("a", 10), ("d", 40), ("b", 20), ("e", 60)] {
        scheduler.schedule(at: start + .milliseconds(milliseconds)) {
          #expect(scheduler.now >= start + .milliseconds(milliseconds), "\(name) ran early")
          let count = order.withLock { order in
            order.append(name)
            return order.count
          }
          if count == 5 { done.resume() }
        }
      }
    }
    #expect(order.withLock { $0 } == ["a", "b", "c", "d", "e"])
  }

  @Test func realTimeATimedActionCanScheduleTheNextAndCancelAnother() async {
    let scheduler = DispatchSignalScheduler(queue: DispatchQueue(label: "timed-chain-test"))
    let ran = Locked<[Int]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let never = scheduler.schedule(after: .milliseconds(30)) { ran.withLock { $0.append(-1) } }
      @Sendable func step(_ index: Int) {
        scheduler.schedule(after: .milliseconds(5)) {
          ran.withLock { $0.append(index) }
          if index == 1 { scheduler.cancel(never) }
          if index < 3 { step(index + 1) } else { done.resume() }
        }
      }
      step(1)
    }
    // Past the cancelled action's deadline: it never runs, and the timer is armed again after going idle.
    let later = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      scheduler.schedule(after: .milliseconds(40)) { done.resume(returning: true) }
    }
    #expect(later)
    #expect(ran.withLock { $0 } == [1, 2, 3])
  }

  @Test func mainIsTheMainQueue() {
    #expect(DispatchSignalScheduler.main.queue.label == DispatchQueue.main.label)
  }
}

private final class DispatchTestProbe: Sendable {
  private let flag: Locked<Bool>

  init(_ flag: Locked<Bool>) {
    self.flag = flag
  }

  func touch() {}

  deinit {
    flag.withLock { $0 = true }
  }
}
