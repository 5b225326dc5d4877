import CAllocCounter
import Signals

// W10 fan-out: one passthrough signal with 1,000 distinct sinks, each adding to its own counter; values
// sent from one thread. The figure is the time per value per sink (per delivery); only the sends are timed
// and counted (subscribing the sinks, or building the closures, is set-up), and allocations are per value.
// Baseline: an array of 1,000 closures, each adding to its own counter, called in a loop per value.

/// How many sinks W10 fans out to.
let fanOutSinks = 1_000

func fanOutWorkload(values: Int, clock: TimingClock) -> Workload {
  Workload(
    name: "W10",
    summary: "passthrough → \(fanOutSinks) sinks, each its own counter; \(values) values, ns per value per sink",
    operations: values * fanOutSinks,
    baselineName: "closures",
    countsAllocations: true,
    allocationUnits: values,
    signals: { fanOutSignals(values: values, clock: clock) },
    baseline: { fanOutClosures(values: values, clock: clock) }
  )
}

/// The counters, folded in order: each must have seen every value.
private func checksum(_ counters: [Accumulator]) -> Int {
  counters.reduce(0) { $0 &* 31 &+ $1.value }
}

@inline(never)
func fanOutSignals(values: Int, clock: TimingClock) -> RunOutcome {
  let counters = (0..<fanOutSinks).map { _ in Accumulator() }
  let subject = PassthroughSignal<Int, Never>()
  var subscriptions: [SignalSubscription] = []
  subscriptions.reserveCapacity(fanOutSinks)
  for counter in counters {
    nonisolated(unsafe) let counter = counter
    subscriptions.append(subject.sink { counter.value &+= $0 })
  }
  let allocations = signals_alloc_count()
  let start = clock.now()
  fanOutSend(subject, values: values)
  let elapsed = clock.now() - start
  let allocated = signals_alloc_count() - allocations
  for subscription in subscriptions { subscription.cancel() }
  return RunOutcome(checksum: checksum(counters), measuredNs: elapsed, allocations: allocated)
}

/// W10's timed part on the Signals side (its own function, so callgrind can count it alone).
@inline(never)
func fanOutSend(_ subject: PassthroughSignal<Int, Never>, values: Int) {
  for value in 0..<values {
    subject.send(value)
  }
}

/// A closure that adds each value to `counter`.
@inline(never)
func makeCounterClosure(_ counter: Accumulator) -> (Int) -> Void {
  { value in counter.value &+= value }
}

@inline(never)
func fanOutClosures(values: Int, clock: TimingClock) -> RunOutcome {
  let counters = (0..<fanOutSinks).map { _ in Accumulator() }
  let closures = counters.map(makeCounterClosure)
  let start = clock.now()
  fanOutCall(closures, values: values)
  let elapsed = clock.now() - start
  return RunOutcome(checksum: checksum(counters), measuredNs: elapsed)
}

/// W10's timed part on the baseline side.
@inline(never)
func fanOutCall(_ closures: [(Int) -> Void], values: Int) {
  for value in 0..<values {
    for closure in closures {
      closure(value)
    }
  }
}
