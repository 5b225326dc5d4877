import Dispatch
import Signals

// W7 async bridge: a passthrough signal's `values`, consumed element by element with
// `await` in one nonisolated task. Both sides are pre-filled before iteration: the
// iterator subscribes, every value and the end are sent, then the loop drains the
// buffer. Baseline: `AsyncStream` (unbounded buffer) doing the same.
// Timed inside the task, from before the fill to the end of the loop.

func asyncBridgeWorkload(elements: Int) -> Workload {
  Workload(
    name: "W7",
    summary: "signal.values, pre-filled with \(elements) values, drained by await in one task",
    operations: elements,
    baselineName: "AsyncStream",
    bar: Bar(maxRatio: 1.0),
    signals: { runInDetachedTask { await asyncBridgeSignals(elements: elements) } },
    baseline: { runInDetachedTask { await asyncBridgeStream(elements: elements) } }
  )
}

/// Runs `body` in a new nonisolated task and blocks the calling thread (not a pool thread) until it ends.
func runInDetachedTask(_ body: @escaping @Sendable () async -> RunOutcome) -> RunOutcome {
  let result = Locked<RunOutcome?>(nil)
  let finished = DispatchSemaphore(value: 0)
  Task.detached {
    let outcome = await body()
    result.withLock { $0 = outcome }
    finished.signal()
  }
  finished.wait()
  return result.withLock { $0! }
}

@inline(never)
func asyncBridgeSignals(elements: Int) async -> RunOutcome {
  let start = ContinuousClock.now
  let subject = PassthroughSignal<Int, Never>()
  var iterator = subject.values.makeAsyncIterator()
  for value in 0..<elements {
    subject.send(value)
  }
  subject.send(completion: .finished)
  var total = 0
  while let value = await iterator.next() {
    total &+= value
  }
  return RunOutcome(checksum: total, measuredNs: start.duration(to: .now).nanoseconds)
}

@inline(never)
func asyncBridgeStream(elements: Int) async -> RunOutcome {
  let start = ContinuousClock.now
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
  var iterator = stream.makeAsyncIterator()
  for value in 0..<elements {
    continuation.yield(value)
  }
  continuation.finish()
  var total = 0
  while let value = await iterator.next() {
    total &+= value
  }
  return RunOutcome(checksum: total, measuredNs: start.duration(to: .now).nanoseconds)
}
