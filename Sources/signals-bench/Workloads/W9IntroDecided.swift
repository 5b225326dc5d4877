import Intro
import Signals
import SignalsTesting

// W9 intro decided: one whole animated intro per round in virtual time, through the coordinator as an app
// drives it — its calls for the trigger, the content and a tap at seeded random instants (some never), the
// 2.6 s fallback and the 3 s timeout — on a TestScheduler advanced from the main actor.
//
// Baseline: the same intro written by hand on the plain heap scheduler: the same inputs at the same
// instants, the same decision order at equal instants (content failure, animation failure, completion,
// skip, timeout; decided once the instant's events are in), the same trace entries appended to an array,
// a phase, one callback.

private struct W9Round {
  /// Milliseconds from start, or nil for never.
  var trigger: Int?
  var content: Int?
  var contentFails: Bool
  var tap: Int?
}

private func w9Rounds(_ count: Int) -> [W9Round] {
  var generator = SplitMix64(seed: 9)
  func time() -> Int? {
    let roll = Int.random(in: 0..<10, using: &generator)
    return roll == 0 ? nil : Int.random(in: 0..<3_200, using: &generator) / 100 * 100
  }
  return (0..<count).map { _ in
    W9Round(
      trigger: time(), content: time(), contentFails: Int.random(in: 0..<8, using: &generator) == 0, tap: time())
  }
}

func introDecidedWorkload(rounds: Int) -> Workload {
  let plan = w9Rounds(rounds)
  return Workload(
    name: "W9",
    summary: "one animated intro decided in virtual time through the coordinator, \(rounds) rounds",
    operations: rounds,
    baselineName: "heap",
    countsAllocations: true,
    signals: { MainActor.assumeIsolated { RunOutcome(checksum: introDecidedSignals(plan)) } },
    baseline: { RunOutcome(checksum: introDecidedByHand(plan)) }
  )
}

private struct ContentFailure: Error {}

/// Folds an outcome into a checksum: its kind and its instant.
private func fold(_ checksum: inout Int, kind: Int, milliseconds: Int) {
  checksum = checksum &* 31 &+ kind &* 10_000 &+ milliseconds
}

@MainActor @inline(never)
private func introDecidedSignals(_ plan: [W9Round]) -> Int {
  var checksum = 0
  for round in plan {
    let scheduler = TestScheduler()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3)),
      scheduler: scheduler)
    if let time = round.trigger { scheduler.schedule(at: .zero + .milliseconds(time)) { coordinator.animationEnded() } }
    if let time = round.content {
      scheduler.schedule(at: .zero + .milliseconds(time)) {
        if round.contentFails { coordinator.contentFailed(ContentFailure()) } else { coordinator.contentReady() }
      }
    }
    if let time = round.tap { scheduler.schedule(at: .zero + .milliseconds(time)) { coordinator.skip() } }
    var result: IntroOutcome?
    coordinator.start(reduceMotion: false) { result = $0 }
    scheduler.run()
    guard let outcome = result else { fatalError("W9: undecided") }
    fold(&checksum, kind: code(outcome.reason.kind), milliseconds: Int(outcome.duration.nanoseconds / 1e6))
  }
  return checksum
}

private func code(_ kind: IntroOutcome.Kind) -> Int {
  switch kind {
  case .contentFailed: 0
  case .animationFailed: 1
  case .finished: 2
  case .skipped: 3
  case .timedOut: 4
  default: 9
  }
}

/// The animated intro written by hand, on the heap scheduler: one class, flags, the order at equal instants.
private final class HandWrittenIntro {
  enum Phase { case playing, holding, finished }
  var phase = Phase.playing
  var trace: [(input: Int, milliseconds: Int)] = []
  var animationEnded = false
  var contentReady = false
  var contentFailed = false
  var tapped = false
  var timedOut = false
  var decisionPending = false
  let onFinish: (Int, Int) -> Void

  init(onFinish: @escaping (Int, Int) -> Void) {
    self.onFinish = onFinish
  }

  /// An input at `now`: recorded; `scheduleDecision` asks the run loop to decide once everything due at
  /// `now` has run.
  func input(_ input: Int, now: Int, scheduleDecision: () -> Void) {
    trace.append((input, now))
    guard phase != .finished else { return }
    switch input {
    case 0: animationEnded = true
    case 1: contentReady = true
    case 2: contentFailed = true
    case 3: tapped = true
    default: timedOut = true
    }
    if !decisionPending {
      decisionPending = true
      scheduleDecision()
    }
  }

  func decide(now: Int) {
    decisionPending = false
    guard phase != .finished else { return }
    let kind: Int
    if contentFailed {
      kind = 0
    } else if animationEnded && contentReady {
      kind = 2
    } else if tapped {
      kind = 3
    } else if timedOut {
      kind = 4
    } else {
      phase = animationEnded ? .holding : .playing
      return
    }
    phase = .finished
    onFinish(kind, now)
  }
}

@inline(never)
private func introDecidedByHand(_ plan: [W9Round]) -> Int {
  var checksum = 0
  for round in plan {
    var scheduler = HeapScheduler()
    var result: (Int, Int)?
    let intro = HandWrittenIntro { result = ($0, $1) }
    var decisionAt: Int?
    func at(_ milliseconds: Int, _ input: Int) {
      scheduler.schedule(at: Int64(milliseconds) * 1_000_000) {
        intro.input(input, now: milliseconds) { decisionAt = milliseconds }
      }
    }
    at(2_600, 0)
    at(3_000, 4)
    if let time = round.trigger { at(time, 0) }
    if let time = round.content { at(time, round.contentFails ? 2 : 1) }
    if let time = round.tap { at(time, 3) }
    // The run loop decides once everything due at an instant has run: before the first later entry.
    while let entry = scheduler.popFirst() {
      if let instant = decisionAt, Int64(instant) * 1_000_000 < entry.deadline {
        decisionAt = nil
        intro.decide(now: instant)
      }
      entry.action()
    }
    if let instant = decisionAt { intro.decide(now: instant) }
    guard let (kind, milliseconds) = result else { fatalError("W9: undecided by hand") }
    fold(&checksum, kind: kind, milliseconds: milliseconds)
  }
  return checksum
}
