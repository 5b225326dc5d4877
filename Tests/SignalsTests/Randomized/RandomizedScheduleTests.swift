import Signals
import SignalsTesting
import Testing

// Issue 6.4: thousands of seeded random schedules in virtual time per run, each run through the
// operator and through a small reference model of its documented behaviour; on a mismatch the test
// prints the seed, the schedule and both outputs (reproduce with SIGNALS_SEED=<seed>). Each operator's test
// and model are beside its other tests (`extension RandomizedScheduleTests` and `extension Models` in
// Tests/SignalsTests/Operators/<group>/…); the suite, its check and the generator are here.

/// A reference model: from the input events (in the order the scheduler runs them) to the outputs.
typealias ReferenceModel<Value: Equatable & Sendable> = (RandomSchedule) -> [TimedOutput<Value>]

@Suite("Randomized schedules") struct RandomizedScheduleTests {
  static let perOperator = 400

  func check<Value: Equatable & Sendable>(
    _ name: String, inputs: Int, salt: UInt64, intervals: ClosedRange<Int> = 0...5,
    sourceLocation: SourceLocation = #_sourceLocation,
    model: ReferenceModel<Value>,
    build: @escaping ([PassthroughSignal<Int, TestError>], TestScheduler, Int) -> AnySignal<Value, TestError>
  ) {
    var failures = 0
    let seeds = randomSeeds(Self.perOperator, salt: salt)
    for seed in seeds {
      let schedule = RandomSchedule(seed: seed, inputs: inputs, intervals: intervals)
      let actual = schedule.run { build($0, $1, schedule.interval) }
      let expected = model(schedule)
      if actual != expected {
        failures += 1
        if failures <= 3 {
          Issue.record(
            """
            \(name) disagrees with its model; reproduce with SIGNALS_SEED=\(seed)
              \(schedule)
              expected: \(expected)
              actual:   \(actual)
            """, sourceLocation: sourceLocation)
        }
      }
    }
    schedulesTried.withLock { $0 += seeds.count }
    #expect(failures == 0, "\(failures) of \(seeds.count) schedules disagreed")
  }

  @Test func modelsSeeTheSchedulesTheyAreMeantFor() {
    // The generator makes what the models are tested with: ties, terminals, empty inputs.
    let schedules = (0..<200).map { RandomSchedule(seed: UInt64($0), inputs: 3) }
    let times = schedules.flatMap { schedule in Dictionary(grouping: schedule.events, by: \.time).values }
    #expect(times.contains { $0.count > 1 }, "no two events ever share an instant")
    #expect(schedules.contains { $0.events.contains { $0.event == .finished } })
    #expect(schedules.contains { $0.events.contains { $0.event.completion?.error != nil } })
    #expect(
      schedules.contains { schedule in (0..<3).contains { input in !schedule.events.contains { $0.input == input } } })
  }
}

/// The reference models: the documented behaviour of each operator, written as plainly as possible (each
/// beside its operator's tests).
enum Models {}
