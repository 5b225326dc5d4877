import Signals
import SignalsTesting

/// Page 2: time-based operators on a virtual-time scheduler; work scheduled at the same instant; the end of
/// an instant.
@MainActor func timePage() {
  let scheduler = TestScheduler()
  let ticks = TimerSignal(every: .milliseconds(100), on: scheduler).prefix(5)
  let seen = CurrentValueSignal<[String], Never>([])
  let token = ticks.sink { tick in seen.value.append("tick \(tick) at \(scheduler.now)") }
  print("a 100 ms timer, first five ticks, after advancing 1 s of virtual time (instantly):")
  scheduler.advance(by: .seconds(1))
  for line in seen.value { print("  \(line)") }

  print("actions at the same instant run in the order they were scheduled; the end of the instant after them:")
  let order = CurrentValueSignal<[String], Never>([])
  scheduler.schedule(after: .seconds(1)) {
    scheduler.scheduleAtEndOfInstant { order.value.append("end of the instant") }
    order.value.append("first")
  }
  scheduler.schedule(after: .seconds(1)) {
    order.value.append("second")
    scheduler.schedule { order.value.append("scheduled during the instant") }
  }
  scheduler.advance(by: .seconds(1))
  print("  " + order.value.joined(separator: ", then "))

  print("a scheduled action runs unless it is cancelled (discarding its handle does not cancel it):")
  let ran = CurrentValueSignal<Bool, Never>(false)
  _ = scheduler.schedule(after: .seconds(1)) { ran.value = true }
  scheduler.advance(by: .seconds(1))
  print("  ran: \(ran.value)")
  _ = token
}
