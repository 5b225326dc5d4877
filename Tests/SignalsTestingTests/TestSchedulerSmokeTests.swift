import Signals
import SignalsTesting
import Testing

@Suite struct TestSchedulerSmokeTests {
  @Test func equalDeadlinesRunInSchedulingOrder() {
    let scheduler = TestScheduler()
    let order = Locked<[Int]>([])
    let tokens = (1...3).map { index in
      scheduler.schedule(after: .seconds(1)) { order.withLock { $0.append(index) } }
    }
    scheduler.advance(by: .milliseconds(999))
    #expect(order.withLock { $0 }.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(order.withLock { $0 } == [1, 2, 3])
    _ = tokens
  }
}
