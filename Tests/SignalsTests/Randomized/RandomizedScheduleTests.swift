import Signals
import SignalsTesting
import Testing

// Issue 6.4: thousands of seeded random schedules in virtual time per run, each run through the
// operator and through a small reference model of its documented behaviour; on a mismatch the test
// prints the seed, the schedule and both outputs (reproduce with SIGNALS_SEED=<seed>).

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

  @Test func merge() {
    check("merge", inputs: 3, salt: 1, model: Models.merge) { inputs, _, _ in
      MergeSignal(inputs).eraseToAnySignal()
    }
  }

  @Test func race() {
    check("race", inputs: 3, salt: 2, model: Models.race) { inputs, _, _ in
      RaceSignal(inputs).eraseToAnySignal()
    }
  }

  @Test func racePair() {
    check("race(with:) of two types", inputs: 2, salt: 9, model: Models.race) { inputs, _, _ in
      inputs[0].map { $0 }.race(with: inputs[1]).eraseToAnySignal()
    }
  }

  @Test func combineLatest() {
    check("combineLatest", inputs: 3, salt: 3, model: Models.combineLatest) { inputs, _, _ in
      CombineLatestSignal(inputs).eraseToAnySignal()
    }
  }

  @Test func zip() {
    check("zip", inputs: 3, salt: 4, model: Models.zip) { inputs, _, _ in
      ZipSignal(inputs).eraseToAnySignal()
    }
  }

  @Test func prefixUntilOutputFrom() {
    check("prefix(untilOutputFrom:)", inputs: 2, salt: 5, model: Models.prefixUntilOutput) { inputs, _, _ in
      inputs[0].prefix(untilOutputFrom: inputs[1]).eraseToAnySignal()
    }
  }

  @Test func delay() {
    check("delay", inputs: 1, salt: 6, model: Models.delay) { inputs, scheduler, interval in
      inputs[0].delay(for: .milliseconds(interval), scheduler: scheduler).eraseToAnySignal()
    }
  }

  @Test func debounce() {
    check("debounce", inputs: 1, salt: 7, model: Models.debounce) { inputs, scheduler, interval in
      inputs[0].debounce(for: .milliseconds(interval), scheduler: scheduler).eraseToAnySignal()
    }
  }

  @Test(arguments: [true, false])
  func throttle(latest: Bool) {
    let model: ReferenceModel<Int> = { Models.throttle($0, latest: latest) }
    check("throttle(latest: \(latest))", inputs: 1, salt: latest ? 8 : 9, model: model) {
      inputs, scheduler, interval in
      inputs[0].throttle(for: .milliseconds(interval), scheduler: scheduler, latest: latest).eraseToAnySignal()
    }
  }

  @Test(arguments: [(true, true, false), (false, true, false), (true, false, true), (false, false, true)])
  func throttle(latest: Bool, leading: Bool, trailing: Bool) {
    let model: ReferenceModel<Int> = {
      Models.throttle($0, latest: latest, leading: leading, trailing: trailing)
    }
    let name = "throttle(latest: \(latest), leading: \(leading), trailing: \(trailing))"
    check(name, inputs: 1, salt: 12 + (latest ? 1 : 0) + (leading ? 2 : 0), model: model) {
      inputs, scheduler, interval in
      inputs[0].throttle(
        for: .milliseconds(interval), scheduler: scheduler, latest: latest, leading: leading, trailing: trailing
      ).eraseToAnySignal()
    }
  }

  @Test func timeout() {
    check("timeout", inputs: 1, salt: 10, intervals: 1...8, model: Models.timeout) { inputs, scheduler, interval in
      inputs[0].timeout(.milliseconds(interval), scheduler: scheduler) { TestError(99) }.eraseToAnySignal()
    }
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

/// The reference models: the documented behaviour of each operator, written as plainly as possible.
enum Models {
  static func merge(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    var finished = Set<Int>()
    for timed in schedule.events {
      switch timed.event {
      case .value: out.append(TimedOutput(time: timed.time, event: timed.event))
      case .failed:
        out.append(TimedOutput(time: timed.time, event: timed.event))
        return out
      case .finished:
        finished.insert(timed.input)
        if finished.count == schedule.inputs {
          out.append(TimedOutput(time: timed.time, event: .finished))
          return out
        }
      }
    }
    return out
  }

  /// The first event of any kind wins; then only the winner's events.
  static func race(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    guard let winner = schedule.events.first?.input else { return [] }
    var out: [TimedOutput<Int>] = []
    for timed in schedule.events where timed.input == winner {
      out.append(TimedOutput(time: timed.time, event: timed.event))
    }
    return out
  }

  static func combineLatest(_ schedule: RandomSchedule) -> [TimedOutput<[Int]>] {
    var latest = [Int?](repeating: nil, count: schedule.inputs)
    var finished = Set<Int>()
    var out: [TimedOutput<[Int]>] = []
    for timed in schedule.events {
      switch timed.event {
      case .value(let value):
        latest[timed.input] = value
        if latest.allSatisfy({ $0 != nil }) {
          out.append(TimedOutput(time: timed.time, event: .value(latest.map { $0! })))
        }
      case .failed(let error):
        out.append(TimedOutput(time: timed.time, event: .failed(error)))
        return out
      case .finished:
        finished.insert(timed.input)
        if latest[timed.input] == nil || finished.count == schedule.inputs {
          out.append(TimedOutput(time: timed.time, event: .finished))
          return out
        }
      }
    }
    return out
  }

  static func zip(_ schedule: RandomSchedule) -> [TimedOutput<[Int]>] {
    var queues = [[Int]](repeating: [], count: schedule.inputs)
    var finished = Set<Int>()
    var out: [TimedOutput<[Int]>] = []
    for timed in schedule.events {
      switch timed.event {
      case .value(let value):
        queues[timed.input].append(value)
        if queues.allSatisfy({ !$0.isEmpty }) {
          out.append(TimedOutput(time: timed.time, event: .value(queues.map { $0[0] })))
          for index in queues.indices { queues[index].removeFirst() }
        }
      case .failed(let error):
        out.append(TimedOutput(time: timed.time, event: .failed(error)))
        return out
      case .finished:
        finished.insert(timed.input)
      }
      if finished.contains(where: { queues[$0].isEmpty }) {
        out.append(TimedOutput(time: timed.time, event: .finished))
        return out
      }
    }
    return out
  }

  /// Input 0 passes until input 1 (the trigger) sends a value; a failing trigger fails; a trigger
  /// that finishes changes nothing.
  static func prefixUntilOutput(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    for timed in schedule.events {
      if timed.input == 1 {
        switch timed.event {
        case .value:
          out.append(TimedOutput(time: timed.time, event: .finished))
          return out
        case .failed(let error):
          out.append(TimedOutput(time: timed.time, event: .failed(error)))
          return out
        case .finished: continue
        }
      }
      out.append(TimedOutput(time: timed.time, event: timed.event))
      if timed.event.isTerminal { return out }
    }
    return out
  }

  /// Every event, terminal ones included, `interval` later, in order.
  static func delay(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    schedule.events.map { TimedOutput(time: $0.time + schedule.interval, event: $0.event) }
  }

  /// The latest value once `interval` passed without another; a terminal event flushes the waiting value first.
  static func debounce(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    var pending: (value: Int, due: Int)?
    for timed in schedule.events {
      // Timers due strictly before this event have fired; at an equal instant the input goes first.
      if let waiting = pending, waiting.due < timed.time {
        out.append(TimedOutput(time: waiting.due, event: .value(waiting.value)))
        pending = nil
      }
      switch timed.event {
      case .value(let value): pending = (value, timed.time + schedule.interval)
      case .finished, .failed:
        if let waiting = pending { out.append(TimedOutput(time: timed.time, event: .value(waiting.value))) }
        out.append(TimedOutput(time: timed.time, event: timed.event))
        return out
      }
    }
    if let waiting = pending { out.append(TimedOutput(time: waiting.due, event: .value(waiting.value))) }
    return out
  }

  /// Combine's throttle: every event is sent by a timer. A value that finds no window open waits for a timer
  /// at its own instant (`leading`) or at the window's end; one inside a window waits for the window's end
  /// (without `trailing`, it is dropped); a value that arrives while one waits replaces it (`latest` and
  /// `trailing`) or is dropped. Sending a value opens the next window. The upstream's end waits for the
  /// waiting value, or is sent at its instant. Input events are scheduled before the operator's timers, so
  /// at one instant the inputs come first.
  static func throttle(
    _ schedule: RandomSchedule, latest: Bool, leading: Bool = true, trailing: Bool = true
  ) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    var windowEnd: Int?
    var pending: (value: Int, due: Int)?
    var end: Event<Int, TestError>?
    /// Fires the waiting value's timer if it is due before `time`; answers whether the output ended.
    func fire(before time: Int) -> Bool {
      guard let waiting = pending, waiting.due < time else { return false }
      out.append(TimedOutput(time: waiting.due, event: .value(waiting.value)))
      pending = nil
      windowEnd = waiting.due + schedule.interval
      guard let end else { return false }
      out.append(TimedOutput(time: waiting.due, event: end))
      return true
    }
    for timed in schedule.events {
      if fire(before: timed.time) { return out }
      switch timed.event {
      case .value(let value):
        if let waiting = pending {
          if latest && trailing { pending = (value, waiting.due) }
        } else if let windowEnd, timed.time < windowEnd {
          if trailing { pending = (value, windowEnd) }
        } else {
          pending = (value, leading ? timed.time : timed.time + schedule.interval)
        }
      case .finished, .failed:
        guard pending != nil else {
          out.append(TimedOutput(time: timed.time, event: timed.event))
          return out
        }
        end = timed.event
        _ = fire(before: Int.max)
        return out
      }
    }
    _ = fire(before: Int.max)
    return out
  }

  /// Fails with the custom error (99) when `interval` passes without a value, measured from
  /// subscription (time 0) and restarted by each value; an event exactly at the deadline is in time.
  static func timeout(_ schedule: RandomSchedule) -> [TimedOutput<Int>] {
    var out: [TimedOutput<Int>] = []
    var deadline = schedule.interval
    for timed in schedule.events {
      if deadline < timed.time {
        out.append(TimedOutput(time: deadline, event: .failed(TestError(99))))
        return out
      }
      out.append(TimedOutput(time: timed.time, event: timed.event))
      if timed.event.isTerminal { return out }
      deadline = timed.time + schedule.interval
    }
    out.append(TimedOutput(time: deadline, event: .failed(TestError(99))))
    return out
  }
}
