import Signals

// W2 churn: per cycle, build map(+1) → filter(even) → sink on a long-lived subject,
// subscribe, send one value, cancel.
// Baseline: per cycle, build the three closures, store them in a long-lived slot
// (subscribe), call it once (send), clear the slot (cancel).

func churnWorkload(cycles: Int) -> Workload {
  Workload(
    name: "W2",
    summary: "build chain, subscribe, send one, cancel; \(cycles) cycles",
    operations: cycles,
    baselineName: "closures",
    countsAllocations: true,
    bar: Bar(maxRatio: 6, maxAllocations: 4),
    signals: { RunOutcome(checksum: churnSignals(cycles: cycles)) },
    baseline: { RunOutcome(checksum: churnClosures(cycles: cycles)) }
  )
}

@inline(never)
func churnSignals(cycles: Int) -> Int {
  nonisolated(unsafe) let total = Accumulator()
  let subject = PassthroughSignal<Int, Never>()
  for cycle in 0..<cycles {
    let subscription =
      subject
      .map { $0 + 1 }
      .filter { $0 % 2 == 0 }
      .sink { total.value &+= $0 }
    subject.send(cycle)
    subscription.cancel()
  }
  return total.value
}

/// The long-lived thing the baseline subscribes to: one optional handler.
final class ClosureSlot {
  var handler: ((Int) -> Void)?
}

@inline(never)
func churnClosures(cycles: Int) -> Int {
  let total = Accumulator()
  let slot = ClosureSlot()
  for cycle in 0..<cycles {
    slot.handler = makeClosureChain(total)
    slot.handler?(cycle)
    slot.handler = nil
  }
  return total.value
}
