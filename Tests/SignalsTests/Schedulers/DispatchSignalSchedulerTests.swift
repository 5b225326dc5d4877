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
    #expect(ranAt < deadline + .seconds(1))
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
