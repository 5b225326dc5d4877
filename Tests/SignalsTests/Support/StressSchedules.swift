import Foundation
import Signals
import SignalsTesting

// Randomized schedules in virtual time (reliability): seeded random inputs, run through an operator on
// a TestScheduler and through a small reference model written for the tests; both must agree.

/// A small, fast, seedable generator (SplitMix64), so that a seed reproduces a schedule exactly.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// One event of one input, at a virtual time in milliseconds.
struct TimedEvent: Sendable, Equatable, CustomStringConvertible {
  var time: Int
  var input: Int
  var event: Event<Int, TestError>

  var description: String {
    switch event {
    case .value(let value): return "\(time)ms #\(input) \(value)"
    case .finished: return "\(time)ms #\(input) |"
    case .failed(let error): return "\(time)ms #\(input) X\(error.code)"
    }
  }
}

/// An output event of the signal under test, at the virtual time it was delivered.
struct TimedOutput<Value: Equatable & Sendable>: Sendable, Equatable, CustomStringConvertible {
  var time: Int
  var event: Event<Value, TestError>

  var description: String {
    switch event {
    case .value(let value): return "\(time)ms \(value)"
    case .finished: return "\(time)ms |"
    case .failed(let error): return "\(time)ms X\(error.code)"
    }
  }
}

/// A random schedule of events for `inputs` inputs: a few values each, at random instants (often
/// equal ones), then maybe a terminal event strictly after the input's last value.
struct RandomSchedule: Sendable, CustomStringConvertible {
  let seed: UInt64
  let inputs: Int
  /// In the order the scheduler runs them: by time, then by the order they were scheduled.
  let events: [TimedEvent]
  /// A parameter for the operator (an interval in milliseconds), drawn from the same seed.
  let interval: Int

  init(seed: UInt64, inputs: Int, horizon: Int = 20, maxValues: Int = 5, intervals: ClosedRange<Int> = 0...5) {
    var random = SeededGenerator(seed: seed)
    self.seed = seed
    self.inputs = inputs
    interval = Int.random(in: intervals, using: &random)
    var keyed: [(time: Int, key: UInt64, event: TimedEvent)] = []
    for input in 0..<inputs {
      let count = Int.random(in: 0...maxValues, using: &random)
      let times = (0..<count).map { _ in Int.random(in: 0...horizon, using: &random) }.sorted()
      for (index, time) in times.enumerated() {
        // Same-input values at one instant keep their order: the key grows with the index.
        keyed.append((time, UInt64(index), TimedEvent(time: time, input: input, event: .value(input * 100 + index))))
      }
      let last = times.last ?? -1
      switch Int.random(in: 0..<3, using: &random) {
      case 0: break
      case 1:
        let time = Int.random(in: (last + 1)...(horizon + 2), using: &random)
        keyed.append((time, 1_000, TimedEvent(time: time, input: input, event: .finished)))
      default:
        let time = Int.random(in: (last + 1)...(horizon + 2), using: &random)
        keyed.append((time, 1_000, TimedEvent(time: time, input: input, event: .failed(TestError(input + 1)))))
      }
    }
    // Interleave inputs at equal instants in a random (seeded) order, keeping each input's own order.
    let salts = (0..<inputs).map { _ in UInt64.random(in: 0..<1_000, using: &random) }
    events = keyed.sorted {
      ($0.time, $0.key &* 1_000 &+ salts[$0.event.input], $0.event.input)
        < ($1.time, $1.key &* 1_000 &+ salts[$1.event.input], $1.event.input)
    }.map(\.event)
  }

  var description: String {
    "seed \(seed), interval \(interval)ms, events: [\(events.map(\.description).joined(separator: ", "))]"
  }

  /// Runs the schedule through the signal `build` makes from the inputs, on a fresh TestScheduler.
  /// Every input event is scheduled before the subscription, so at an equal instant the inputs'
  /// events run before the operator's own timers (the equal-time rule: in scheduling order).
  func run<Value: Equatable & Sendable>(
    _ build: ([PassthroughSignal<Int, TestError>], TestScheduler) -> AnySignal<Value, TestError>
  ) -> [TimedOutput<Value>] {
    let scheduler = TestScheduler()
    let subjects = (0..<inputs).map { _ in PassthroughSignal<Int, TestError>() }
    let tokens = events.map { timed in
      scheduler.schedule(at: SignalInstant(offset: .milliseconds(timed.time))) {
        subjects[timed.input].send(timed.event)
      }
    }
    let outputs = Locked<[TimedOutput<Value>]>([])
    let token = build(subjects, scheduler).observe { event in
      let time =
        Int(scheduler.now.offset.components.seconds * 1_000)
        + Int(scheduler.now.offset.components.attoseconds / 1_000_000_000_000_000)
      outputs.withLock { $0.append(TimedOutput(time: time, event: event)) }
    }
    scheduler.advance(by: .seconds(1))
    withExtendedLifetime((tokens, token)) {}
    return outputs.withLock { $0 }
  }
}

/// The seeds a randomized test tries: `count` of them (× SIGNALS_STRESS_SCALE), from a fixed base so
/// that CI is reproducible; `SIGNALS_SEED=<n>` runs that one seed only (to reproduce a failure).
func randomSeeds(_ count: Int, salt: UInt64) -> [UInt64] {
  if let text = ProcessInfo.processInfo.environment["SIGNALS_SEED"], let seed = UInt64(text) { return [seed] }
  let base: UInt64 = 0x5EED_0000 &+ salt &* 1_000_003
  return (0..<UInt64(stressSize(count))).map { base &+ $0 }
}

/// Counts the schedules tried in this process (reported by the suite).
let schedulesTried = Locked(0)
