import Signals
import Testing

@Suite struct ImmediateSignalSchedulerTests {
  @Test func runsEveryActionDuringScheduleWhateverTheDeadline() {
    let scheduler = ImmediateSignalScheduler()
    let order = Locked<[String]>([])
    let tokens = [
      scheduler.schedule { order.withLock { $0.append("now") } },
      scheduler.schedule(after: .seconds(10)) { order.withLock { $0.append("after 10 s") } },
      scheduler.schedule(at: SignalInstant(offset: .seconds(-3))) { order.withLock { $0.append("in the past") } },
    ]
    #expect(order.withLock { $0 } == ["now", "after 10 s", "in the past"])
    #expect(tokens.allSatisfy { $0 == tokens[0] || $0 != tokens[0] })  // tokens exist, and cancelling is harmless
    for token in tokens { token.cancel() }
  }

  @Test func timeNeverMoves() {
    let scheduler = ImmediateSignalScheduler.shared
    #expect(scheduler.now == .zero)
    _ = scheduler.schedule(after: .seconds(5)) {}
    #expect(scheduler.now == .zero)
  }

  @Test func nestedSchedulingRunsInline() {
    let scheduler = ImmediateSignalScheduler()
    let order = Locked<[Int]>([])
    _ = scheduler.schedule {
      order.withLock { $0.append(1) }
      _ = scheduler.schedule { order.withLock { $0.append(2) } }
      order.withLock { $0.append(3) }
    }
    #expect(order.withLock { $0 } == [1, 2, 3])
  }
}

@Suite struct ImmediateSignalSchedulerTimerTests {
  @Test func timersRunDuringSchedulingAndCancellingThemIsHarmless() {
    let scheduler = ImmediateSignalScheduler()
    let order = Locked<[String]>([])
    let handles = [
      scheduler.scheduleTimer(after: .seconds(10)) { order.withLock { $0.append("after") } },
      scheduler.scheduleTimer(at: SignalInstant(offset: .seconds(3))) { order.withLock { $0.append("at") } },
    ]
    #expect(order.withLock { $0 } == ["after", "at"])
    for handle in handles { scheduler.cancelTimer(handle) }
    #expect(handles.allSatisfy { $0.subscription == .empty })
  }
}
