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
    #expect(tokens.allSatisfy { $0.object == nil && $0.id == 0 })  // nothing left to cancel
    for token in tokens { scheduler.cancel(token) }  // harmless
    #expect(order.withLock { $0 }.count == 3)
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
