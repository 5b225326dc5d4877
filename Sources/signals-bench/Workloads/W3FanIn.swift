import Signals

// W3 fan-in: four passthrough signals merged into one sink; sends go round-robin.
// Baseline: four forwarding closures that call one sink closure.

func fanInWorkload(sends: Int) -> Workload {
  Workload(
    name: "W3",
    summary: "merge of 4 passthrough signals → sink, \(sends) sends round-robin",
    operations: sends,
    baselineName: "closures",
    bar: Bar(maxRatio: 20),
    signals: { RunOutcome(checksum: fanInSignals(sends: sends)) },
    baseline: { RunOutcome(checksum: fanInClosures(sends: sends)) }
  )
}

@inline(never)
func fanInSignals(sends: Int) -> Int {
  nonisolated(unsafe) let total = Accumulator()
  let inputs = (0..<4).map { _ in PassthroughSignal<Int, Never>() }
  let subscription = inputs[0].merge(with: inputs[1], inputs[2], inputs[3]).sink { total.value &+= $0 }
  for value in 0..<sends {
    inputs[value & 3].send(value)
  }
  subscription.cancel()
  return total.value
}

@inline(never)
func fanInClosures(sends: Int) -> Int {
  let total = Accumulator()
  let sink = makeSinkClosure(total)
  let inputs = (0..<4).map { _ in makeForwardingClosure(sink) }
  for value in 0..<sends {
    inputs[value & 3](value)
  }
  return total.value
}
