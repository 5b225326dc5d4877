import Signals
import SignalsTesting

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

// W5's round (signals-bench's README form of the intro race) three ways, on the same subject, TestScheduler
// and sink, to show how far any design of the operators can take it (see floor.sh):
//
// - layered: the README's chain, `race(with: AfterSignal) → first() → timeout(fallback: JustSignal)`, as
//   signals-bench's W5 builds it;
// - fused: the same decision as one object under one lock, written by hand on Signals' public API (the
//   trigger's subscription, two timers on the scheduler, the first to come decides, the rest cancelled);
// - primitives: no operator at all, only what every design pays: a sink on the subject, the three actions
//   on the scheduler, two cancels of spent timers, the sink's cancel.
//
// The three fold the same checksum where it applies (layered and fused deliver the same outcomes).

/// The fused race's state: the downstream until decided, and what to cancel.
final class FusedRace<Downstream: SignalObserver>: @unchecked Sendable
where Downstream.Input == String, Downstream.Failure == Never {
  #if canImport(Glibc)
    var lock = pthread_mutex_t()
  #else
    var lock = os_unfair_lock()
  #endif
  var downstream: Downstream?
  var decided = false
  var trigger: SignalSubscriptionHandle?
  var lengthTimer: SignalScheduledAction?
  var timeoutTimer: SignalScheduledAction?
  let scheduler: TestScheduler

  init(downstream: Downstream, scheduler: TestScheduler) {
    self.downstream = downstream
    self.scheduler = scheduler
  }

  func withLock<Result>(_ body: () -> Result) -> Result {
    #if canImport(Glibc)
      pthread_mutex_lock(&lock)
      defer { pthread_mutex_unlock(&lock) }
    #else
      os_unfair_lock_lock(&lock)
      defer { os_unfair_lock_unlock(&lock) }
    #endif
    return body()
  }

  /// Source 0 is the trigger, 1 the fixed length, 2 the timeout; `value` is the outcome, or nil to end.
  func decide(_ value: String?, source: Int) {
    var deliverer: Downstream?
    var triggerHandle: SignalSubscriptionHandle?
    var length: SignalScheduledAction?
    var timeout: SignalScheduledAction?
    withLock {
      guard !decided else { return }
      decided = true
      deliverer = downstream.take()
      if source != 0 { triggerHandle = trigger.take() }
      length = lengthTimer.take()
      timeout = timeoutTimer.take()
    }
    if let length, source != 1 { scheduler.cancel(length) }
    if let timeout, source != 2 { scheduler.cancel(timeout) }
    triggerHandle?.cancel()
    guard let value, let deliverer else { return }
    if deliverer.receive(.value(value)) == .continue { _ = deliverer.receive(.finished) }
  }
}

struct FusedTriggerObserver<Downstream: SignalObserver>: SignalObserver
where Downstream.Input == String, Downstream.Failure == Never {
  let race: FusedRace<Downstream>

  func receive(_ event: Event<String, Never>) -> SignalControl {
    if case .value(let value) = event { race.decide(value, source: 0) }
    return .stop
  }
}

/// The intro race fused: trigger, 2.6 s fixed length, 3 s timeout with a fallback value.
struct FusedIntroRace: Signal {
  typealias Output = String
  typealias Failure = Never
  let trigger: PassthroughSignal<String, Never>
  let scheduler: TestScheduler

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == String, Observer.Failure == Never {
    let race = FusedRace(downstream: observer, scheduler: scheduler)
    let handle = trigger._subscribeHandle(FusedTriggerObserver(race: race))
    let length = scheduler.schedule(after: .milliseconds(2600)) { race.decide("fixed length", source: 1) }
    let timeout = scheduler.schedule(after: .seconds(3)) { race.decide("timeout", source: 2) }
    race.withLock {
      race.trigger = handle
      race.lengthTimer = length
      race.timeoutTimer = timeout
    }
    return SignalSubscription(onCancel: { race.decide(nil, source: -1) })
  }
}

final class Accumulator: @unchecked Sendable {
  var value = 0
  func fold(_ code: Int) { value = value &* 31 &+ code }
}

@inline(__always)
func outcomeCode(_ value: String) -> Int { value.utf8.count &* 256 &+ Int(value.utf8.first ?? 0) }

/// Trigger instants in [0, 4 s) at millisecond resolution, from a fixed seed.
func triggerTimes(_ count: Int) -> [Duration] {
  var state: UInt64 = 5
  return (0..<count).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return .milliseconds(Int64((state >> 33) % 4000))
  }
}

/// W5's round per trigger instant: `subscribe` makes the round's subscription, into `outcomes`; the trigger
/// is sent at its instant, the scheduler runs, the subscription is cancelled. Inlined into each form.
@inline(__always)
func rounds(
  _ times: [Duration],
  _ subscribe: (PassthroughSignal<String, Never>, TestScheduler, Accumulator) -> SignalSubscription
) -> Int {
  let outcomes = Accumulator()
  let scheduler = TestScheduler()
  let trigger = PassthroughSignal<String, Never>()
  for time in times {
    let token = subscribe(trigger, scheduler, outcomes)
    scheduler.schedule(after: time) { trigger.send("end trigger") }
    scheduler.run(limit: .max)
    token.cancel()
  }
  return outcomes.value
}

@inline(never)
func runLayered(_ times: [Duration]) -> Int {
  rounds(times) { trigger, scheduler, outcomes in
    trigger
      .race(with: AfterSignal(.milliseconds(2600), value: "fixed length", on: scheduler))
      .first()
      .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal("timeout"))
      .sink { value in outcomes.fold(outcomeCode(value)) }
  }
}

@inline(never)
func runFused(_ times: [Duration]) -> Int {
  rounds(times) { trigger, scheduler, outcomes in
    FusedIntroRace(trigger: trigger, scheduler: scheduler).sink { value in outcomes.fold(outcomeCode(value)) }
  }
}

@inline(never)
func runPrimitives(_ times: [Duration]) -> Int {
  let outcomes = Accumulator()
  let scheduler = TestScheduler()
  let trigger = PassthroughSignal<String, Never>()
  for time in times {
    let token = trigger.sink { value in outcomes.fold(outcomeCode(value)) }
    let length = scheduler.schedule(after: .milliseconds(2600)) { outcomes.fold(1) }
    let timeout = scheduler.schedule(after: .seconds(3)) { outcomes.fold(2) }
    scheduler.schedule(after: time) { trigger.send("end trigger") }
    scheduler.run(limit: .max)
    scheduler.cancel(length)
    scheduler.cancel(timeout)
    token.cancel()
  }
  return outcomes.value
}

/// Thread CPU time of `body`, in nanoseconds.
func cpuNanoseconds(_ body: () -> Int) -> (nanoseconds: Double, checksum: Int) {
  var start = timespec()
  var end = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
  let checksum = body()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
  return (Double(end.tv_sec - start.tv_sec) * 1e9 + Double(end.tv_nsec - start.tv_nsec), checksum)
}

/// Each form's thread CPU time per round: after a warm-up, 5 runs of each, alternating; the medians.
func timeForms(_ times: [Duration]) {
  let forms: [(name: String, run: ([Duration]) -> Int)] = [
    ("layered", runLayered), ("fused", runFused), ("primitives", runPrimitives),
  ]
  var samples = Array(repeating: [Double](), count: forms.count)
  for form in forms { _ = form.run(times) }
  for _ in 0..<5 {
    for (index, form) in forms.enumerated() {
      samples[index].append(cpuNanoseconds { form.run(times) }.nanoseconds / Double(times.count))
    }
  }
  for (index, form) in forms.enumerated() {
    let median = samples[index].sorted()[samples[index].count / 2]
    print("\(form.name): \((median * 10).rounded() / 10) ns a round")
  }
}

// w5-floor ROUNDS [layered|fused|primitives|check|time]
let arguments = CommandLine.arguments.dropFirst()
guard let rounds = arguments.first.flatMap(Int.init), rounds > 0 else {
  print("usage: w5-floor ROUNDS [layered|fused|primitives|check|time]")
  exit(2)
}
let times = triggerTimes(rounds)
switch arguments.dropFirst().first ?? "check" {
case "layered": print(runLayered(times))
case "fused": print(runFused(times))
case "primitives": print(runPrimitives(times))
case "check":
  let layered = runLayered(times)
  let fused = runFused(times)
  print("layered \(layered), fused \(fused): \(layered == fused ? "the same outcomes" : "DIFFERENT OUTCOMES")")
  exit(layered == fused ? 0 : 1)
case "time": timeForms(times)
case let other:
  print("w5-floor: unknown form \(other)")
  exit(2)
}
