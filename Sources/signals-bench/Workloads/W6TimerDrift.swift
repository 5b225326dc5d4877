import Dispatch
import Signals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// W6 timer drift in real time: `ticks` ticks of a 10 ms `TimerSignal` on a
// `DispatchSignalScheduler`. The figure is the last tick's lateness against the
// ideal instant (start + ticks × 10 ms). Baseline: a loop that sleeps 10 ms per
// tick; its figure is its own lateness, which grows with every tick.

private let tickInterval: Int64 = 10_000_000  // ns

func timerDriftWorkload(ticks: Int) -> Workload {
  Workload(
    name: "W6",
    summary: "TimerSignal every 10 ms on DispatchSignalScheduler, \(ticks) ticks: lateness of the last",
    operations: ticks,
    figure: .nanoseconds,
    baselineName: "sleep-loop",
    bar: Bar(maxSignalsNs: 2_000_000),
    signals: { timerDriftSignals(ticks: ticks) },
    baseline: { timerDriftSleepLoop(ticks: ticks) }
  )
}

@inline(never)
func timerDriftSignals(ticks: Int) -> RunOutcome {
  let scheduler = DispatchSignalScheduler(queue: DispatchQueue(label: "signals-bench.timer"))
  let finished = DispatchSemaphore(value: 0)
  let lateness = Locked<Int64?>(nil)
  let start = scheduler.now
  let subscription = TimerSignal(every: .nanoseconds(tickInterval), on: scheduler).sink { tick in
    guard tick >= ticks else { return }
    let late = (scheduler.now - start).nanosecondsInt64 - Int64(ticks) * tickInterval
    let isFirst = lateness.withLock { value in
      defer { if value == nil { value = late } }
      return value == nil
    }
    if isFirst { finished.signal() }
  }
  finished.wait()
  subscription.cancel()
  return RunOutcome(checksum: ticks, measuredNs: Double(lateness.withLock { $0 ?? 0 }))
}

@inline(never)
func timerDriftSleepLoop(ticks: Int) -> RunOutcome {
  let start = DispatchTime.now().uptimeNanoseconds
  var request = timespec(tv_sec: 0, tv_nsec: Int(tickInterval))
  var count = 0
  for _ in 0..<ticks {
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 { request = remaining }
    request = timespec(tv_sec: 0, tv_nsec: Int(tickInterval))
    count += 1
  }
  let late = Int64(DispatchTime.now().uptimeNanoseconds - start) - Int64(ticks) * tickInterval
  return RunOutcome(checksum: count, measuredNs: Double(late))
}

extension Duration {
  /// The duration in whole nanoseconds.
  var nanosecondsInt64: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
