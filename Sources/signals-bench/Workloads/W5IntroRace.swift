import Signals
import SignalsTesting

// W5 intro race in virtual time, composed from public sources and operators:
// the animation's end trigger (a passthrough signal, sent at a random instant in
// 0–4 s), its fixed length (`AfterSignal`, 2.6 s), a 3 s safety timeout; the first
// to happen wins and is delivered to a callback. Baseline: the same race written
// by hand on the plain heap scheduler, with a "decided" flag.
//
// Outcome codes: 1 the trigger, 2 the fixed length, 3 the timeout. At exactly
// 2.6 s the fixed length wins on both sides (it was scheduled first).

private let triggered = 1
private let lengthElapsed = 2
private let timedOut = 3

func introRaceWorkload(rounds: Int) -> Workload {
  let triggerTimes = randomTriggerTimes(count: rounds, seed: 5)
  let triggerNanoseconds = triggerTimes.map(\.nanosecondsInt64)
  return Workload(
    name: "W5",
    summary: "race(trigger, after 2.6 s) + 3 s timeout → first → callback; \(rounds) rounds in virtual time",
    operations: rounds,
    baselineName: "heap",
    countsAllocations: true,
    bar: Bar(maxRatio: 2.5, maxAllocations: 10),
    signals: { RunOutcome(checksum: introRaceSignals(triggerTimes: triggerTimes)) },
    baseline: { RunOutcome(checksum: introRaceHeap(triggerTimes: triggerNanoseconds)) }
  )
}

/// Trigger instants in [0, 4 s) at millisecond resolution (so some fall exactly on 2.6 s).
func randomTriggerTimes(count: Int, seed: UInt64) -> [Duration] {
  var generator = SplitMix64(seed: seed)
  return (0..<count).map { _ in .milliseconds(Int64.random(in: 0..<4000, using: &generator)) }
}

@inline(never)
func introRaceSignals(triggerTimes: [Duration]) -> Int {
  nonisolated(unsafe) let outcomes = Accumulator()
  let scheduler = TestScheduler()
  let trigger = PassthroughSignal<Void, Never>()
  // A signal is a description: built once, subscribed once per round (each subscription
  // starts its own 2.6 s and 3 s timers at the scheduler's `now`).
  let introEnd =
    trigger.map { triggered }
    .race(with: AfterSignal(.milliseconds(2600), value: lengthElapsed, on: scheduler))
    .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(timedOut))
    .first()
  for triggerTime in triggerTimes {
    let subscription = introEnd.sink { outcome in outcomes.fold(outcome) }
    // The load finishing is the environment, not the pipeline: a plain scheduled action, like the
    // baseline's untracked closure. `run` runs it every round.
    scheduler.schedule(after: triggerTime) { trigger.send() }
    scheduler.run(limit: .max)
    subscription.cancel()
  }
  return outcomes.value
}

/// One round of the hand-written race: whoever comes first sets `decided`.
final class HandWrittenRace {
  var decided = false
  let onFinish: (Int) -> Void

  init(onFinish: @escaping (Int) -> Void) {
    self.onFinish = onFinish
  }

  func finish(_ outcome: Int) {
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
    let race = HandWrittenRace { outcome in outcomes.fold(outcome) }
    let start = scheduler.now
    scheduler.schedule(at: start + 2_600_000_000) { race.finish(lengthElapsed) }
    scheduler.schedule(at: start + 3_000_000_000) { race.finish(timedOut) }
    scheduler.schedule(at: start + triggerTime) { race.finish(triggered) }
    scheduler.run()
  }
  return outcomes.value
}
