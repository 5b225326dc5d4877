import Signals
import SignalsTesting

// W5 intro race in virtual time, in the README's form and built per round as an app builds it: each
// round makes `trigger.race(with: AfterSignal(2.6 s, "fixed length")).first().timeout(3 s, fallback:
// JustSignal("timeout"))` and subscribes a value sink to it; the trigger (a String passthrough signal) is
// sent at a random instant in 0–4 s. Baseline: the same race written by hand on the plain heap scheduler,
// with a "decided" flag and the same String values.
//
// Both sides fold each delivered String by `outcomeCode`. At exactly 2.6 s the fixed length wins on both
// sides (it was scheduled first); the timeout never wins (2.6 s comes first) but is set and cancelled.

/// What the trigger sends: its code differs from "fixed length"'s and "timeout"'s.
private let triggerValue = "end trigger"

func introRaceWorkload(rounds: Int) -> Workload {
  let triggerTimes = randomTriggerTimes(count: rounds, seed: 5)
  let triggerNanoseconds = triggerTimes.map(\.nanosecondsInt64)
  return Workload(
    name: "W5",
    summary: "per round: race(trigger, after 2.6 s) → first → 3 s timeout → sink, String values; \(rounds) rounds",
    operations: rounds,
    baselineName: "heap",
    countsAllocations: true,
    bar: Bar(maxRatio: 3.5, maxAllocations: 5),
    signals: { RunOutcome(checksum: introRaceSignals(triggerTimes: triggerTimes)) },
    baseline: { RunOutcome(checksum: introRaceHeap(triggerTimes: triggerNanoseconds)) }
  )
}

/// Trigger instants in [0, 4 s) at millisecond resolution (so some fall exactly on 2.6 s).
func randomTriggerTimes(count: Int, seed: UInt64) -> [Duration] {
  var generator = SplitMix64(seed: seed)
  return (0..<count).map { _ in .milliseconds(Int64.random(in: 0..<4000, using: &generator)) }
}

/// A delivered outcome as a number: its length and its first character.
@inline(__always)
func outcomeCode(_ value: String) -> Int {
  value.utf8.count &* 256 &+ Int(value.utf8.first ?? 0)
}

@inline(never)
func introRaceSignals(triggerTimes: [Duration]) -> Int {
  nonisolated(unsafe) let outcomes = Accumulator()
  let scheduler = TestScheduler()
  let trigger = PassthroughSignal<String, Never>()
  for triggerTime in triggerTimes {
    let token =
      trigger
      .race(with: AfterSignal(.milliseconds(2600), value: "fixed length", on: scheduler))
      .first()
      .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal("timeout"))
      .sink { value in outcomes.fold(outcomeCode(value)) }
    // The load finishing is the environment, not the pipeline: a plain scheduled action, like the
    // baseline's untracked closure. `run` runs it every round.
    scheduler.schedule(after: triggerTime) { trigger.send(triggerValue) }
    scheduler.run(limit: .max)
    token.cancel()
  }
  return outcomes.value
}

/// One round of a hand-written race: whoever comes first sets `decided`.
final class HandWrittenRace<Value> {
  var decided = false
  let onFinish: (Value) -> Void

  init(onFinish: @escaping (Value) -> Void) {
    self.onFinish = onFinish
  }

  func finish(_ outcome: Value) {
    guard !decided else { return }
    decided = true
    onFinish(outcome)
  }
}

@inline(never)
func introRaceHeap(triggerTimes: [Int64]) -> Int {
  let outcomes = Accumulator()
  var scheduler = HeapScheduler()
  for triggerTime in triggerTimes {
    let race = HandWrittenRace<String> { value in outcomes.fold(outcomeCode(value)) }
    let start = scheduler.now
    scheduler.schedule(at: start + 2_600_000_000) { race.finish("fixed length") }
    scheduler.schedule(at: start + 3_000_000_000) { race.finish("timeout") }
    scheduler.schedule(at: start + triggerTime) { race.finish(triggerValue) }
    scheduler.run()
  }
  return outcomes.value
}
