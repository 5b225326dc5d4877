import Signals

// W1 throughput: passthrough signal → map(+1) → filter(even) → sink summing.
// Baseline: the same three steps as closures (map calls filter calls sink).

func throughputWorkload(values: Int) -> Workload {
  Workload(
    name: "W1",
    summary: "passthrough → map(+1) → filter(even) → sink, \(values) values",
    operations: values,
    baselineName: "closures",
    countsAllocations: true,
    bar: Bar(maxRatio: 10, maxAllocations: 0),
    signals: { RunOutcome(checksum: throughputSignals(values: values)) },
    baseline: { RunOutcome(checksum: throughputClosures(values: values)) }
  )
}

@inline(never)
func throughputSignals(values: Int) -> Int {
  nonisolated(unsafe) let total = Accumulator()
  let subject = PassthroughSignal<Int, Never>()
  let subscription =
    subject
    .map { $0 + 1 }
    .filter { $0 % 2 == 0 }
    .sink { total.value &+= $0 }
  for value in 0..<values {
    subject.send(value)
  }
  subscription.cancel()
  return total.value
}

@inline(never)
func throughputClosures(values: Int) -> Int {
  let total = Accumulator()
  let chain = makeClosureChain(total)
  for value in 0..<values {
    chain(value)
  }
  return total.value
}
