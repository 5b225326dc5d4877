import Signals
import SignalsTesting

// W4 virtual time: `actions` actions at random deadlines (fixed seed) are scheduled,
// then run, on TestScheduler. Baseline: the plain binary min-heap of (Int64 nanoseconds,
// insertion number, closure), without cancellation. Both sides get their deadlines ready-made
// (Durations for TestScheduler, nanoseconds for the heap), outside what is timed.
// The checksum folds the action numbers in the order they ran, so both sides
// must run them in the same order (deadline, then scheduling order).

func virtualTimeWorkload(name: String, actions: Int) -> Workload {
  let deadlines = randomDeadlines(count: actions, seed: 4)
  let nanoseconds = deadlines.map(\.nanosecondsInt64)
  return Workload(
    name: name,
    summary: "schedule \(actions) actions at random deadlines, then run them",
    operations: actions,
    baselineName: "heap",
    bar: Bar(maxRatio: 1.5),
    signals: { RunOutcome(checksum: virtualTimeSignals(deadlines: deadlines)) },
    baseline: { RunOutcome(checksum: virtualTimeHeap(deadlines: nanoseconds)) }
  )
}

/// Deadlines in [0, 10 s) at microsecond resolution: some coincide, which checks FIFO order.
func randomDeadlines(count: Int, seed: UInt64) -> [Duration] {
  var generator = SplitMix64(seed: seed)
  return (0..<count).map { _ in .microseconds(Int64.random(in: 0..<10_000_000, using: &generator)) }
}

@inline(never)
func virtualTimeSignals(deadlines: [Duration]) -> Int {
  nonisolated(unsafe) let order = Accumulator()
  let scheduler = TestScheduler()
  for (index, deadline) in deadlines.enumerated() {
    scheduler.schedule(at: SignalInstant(offset: deadline)) { order.fold(index) }
  }
  scheduler.run(limit: .max)
  return order.value
}

@inline(never)
func virtualTimeHeap(deadlines: [Int64]) -> Int {
  let order = Accumulator()
  var scheduler = HeapScheduler(capacity: deadlines.count)
  for (index, deadline) in deadlines.enumerated() {
    scheduler.schedule(at: deadline) { order.fold(index) }
  }
  scheduler.run()
  return order.value
}
