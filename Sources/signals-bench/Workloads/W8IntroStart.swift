import Dispatch
import Intro
import Signals

// W8 intro start: construct and `start` the animated intro's coordinator as an app does at launch (the
// README's app) — its file's end trigger with the 2.6 s fallback, the 3 s timeout, the content reported by
// the app, first-launch gating on an in-memory store, Reduce Motion off, the trace on — on the main-queue
// Dispatch scheduler (the default). When `start` returns, the next clock is registered and nothing is
// deferred past the measurement (a test in IntroTests checks it); the app's inputs are calls, made later.
//
// Baseline: the same set-up written by hand: the same Dispatch timers (the fallback length and the
// timeout), four callbacks for the four inputs, a decided flag, a trace array and the history write. Each
// round's timers are cancelled after the timed region, on both sides. Runs on the main thread (the main
// actor), as an app's start.

func introStartWorkload(rounds: Int, clock: TimingClock) -> Workload {
  Workload(
    name: "W8",
    summary: "construct + start the animated intro's IntroCoordinator on the main-queue scheduler, \(rounds) rounds",
    operations: rounds,
    baselineName: "dispatch",
    countsAllocations: true,
    bar: Bar(maxRatio: 2.0, maxAllocations: 40),
    signals: { MainActor.assumeIsolated { introStartSignals(rounds: rounds, clock: clock) } },
    baseline: { introStartByHand(rounds: rounds, clock: clock) }
  )
}

@MainActor @inline(never)
func introStartSignals(rounds: Int, clock: TimingClock) -> RunOutcome {
  var coordinators: [IntroCoordinator<Never>] = []
  coordinators.reserveCapacity(rounds)
  var elapsed = 0.0
  var checksum = 0
  for _ in 0..<rounds {
    let start = clock.now()
    let coordinator = IntroCoordinator(
      IntroConfiguration(
        animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3),
        gate: .firstLaunch, historyStore: InMemoryIntroHistoryStore()))
    coordinator.start(reduceMotion: false)
    elapsed += clock.now() - start
    if coordinator.isShowingIntro { checksum &+= 1 }
    coordinators.append(coordinator)
  }
  for coordinator in coordinators { coordinator.cancel() }
  return RunOutcome(checksum: checksum, measuredNs: elapsed)
}

/// The animated intro's start written by hand: what the coordinator does at `start`, without Signals.
private final class HandWrittenIntroStart {
  var decided = false
  var trace: [(input: Int, nanoseconds: UInt64)] = []
  var onTrigger: (() -> Void)?
  var onContent: ((Bool) -> Void)?
  var onTap: (() -> Void)?
  var onActive: ((Bool) -> Void)?
  var timers: [DispatchWorkItem] = []
  var shown = false

  func start(queue: DispatchQueue) {
    shown = true  // the history write of first-launch gating
    trace.reserveCapacity(4)
    onTrigger = { [unowned self] in self.finish() }
    onContent = { [unowned self] _ in self.finish() }
    onTap = { [unowned self] in self.finish() }
    onActive = { [unowned self] _ in self.trace.append((4, 0)) }
    for delay in [2_600, 3_000] {
      let item = DispatchWorkItem { [unowned self] in self.finish() }
      queue.asyncAfter(deadline: .now() + .milliseconds(delay), execute: item)
      timers.append(item)
    }
  }

  func finish() {
    guard !decided else { return }
    decided = true
  }

  func cancel() {
    for timer in timers { timer.cancel() }
    timers = []
    onTrigger = nil
    onContent = nil
    onTap = nil
    onActive = nil
  }
}

@inline(never)
func introStartByHand(rounds: Int, clock: TimingClock) -> RunOutcome {
  var intros: [HandWrittenIntroStart] = []
  intros.reserveCapacity(rounds)
  var elapsed = 0.0
  var checksum = 0
  for _ in 0..<rounds {
    let start = clock.now()
    let intro = HandWrittenIntroStart()
    intro.start(queue: .main)
    elapsed += clock.now() - start
    if intro.shown && !intro.decided { checksum &+= 1 }
    intros.append(intro)
  }
  for intro in intros { intro.cancel() }
  return RunOutcome(checksum: checksum, measuredNs: elapsed)
}
