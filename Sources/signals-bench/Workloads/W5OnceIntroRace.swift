import Signals
import SignalsTesting

// W5-once: the intro race built once and subscribed per round (W5 before it took the README's form):
// the animation's end trigger (a passthrough signal, sent at a random instant in 0–4 s) mapped to a code,
// its fixed length (`AfterSignal`, 2.6 s), a 3 s safety timeout, then `first()`; the first to happen wins
// and is delivered to a callback. Baseline: the same race written by hand on the plain heap scheduler,
// with a "decided" flag.
//
// Outcome codes: 1 the trigger, 2 the fixed length, 3 the timeout. At exactly 2.6 s the fixed length wins
// on both sides (it was scheduled first).

private let triggered = 1
private let lengthElapsed = 2
private let timedOut = 3

func introRaceOnceWorkload(rounds: Int) -> Workload {
  let triggerTimes = randomTriggerTimes(count: rounds, seed: 5)
  let triggerNanoseconds = triggerTimes.map(\.nanosecondsInt64)
  return Workload(
    name: "W5-once",
    summary: "race(trigger, after 2.6 s) + 3 s timeout → first, built once; a callback per round; \(rounds) rounds",
    operations: rounds,
    baselineName: "heap",
    countsAllocations: true,
    bar: Bar(maxRatio: 2.5, maxAllocations: 10),
    signals: { RunOutcome(checksum: introRaceOnceSignals(triggerTimes: triggerTimes)) },
    baseline: { RunOutcome(checksum: introRaceOnceHeap(triggerTimes: triggerNanoseconds)) }
  )
}

@inline(never)
func introRaceOnceSignals(triggerTimes: [Duration]) -> Int {
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

@inline(never)
func introRaceOnceHeap(triggerTimes: [Int64]) -> Int {
  let outcomes = Accumulator()
  var scheduler = HeapScheduler()
  for triggerTime in triggerTimes {
    let race = HandWrittenRace<Int> { outcome in outcomes.fold(outcome) }
    let start = scheduler.now
    scheduler.schedule(at: start + 2_600_000_000) { race.finish(lengthElapsed) }
    scheduler.schedule(at: start + 3_000_000_000) { race.finish(timedOut) }
    scheduler.schedule(at: start + triggerTime) { race.finish(triggered) }
    scheduler.run()
  }
  return outcomes.value
}
