import Signals
import SignalsTesting
import Testing

// The TestScheduler's queue is a radix heap with a side heap for deadlines before its cursor (see
// TestSchedulerQueue.swift). These tests drive it through the public API against a plain reference model of
// the scheduler's rules, with the patterns that reach its corners: peeks and advances that move the cursor
// past `now` followed by work scheduled before it, scheduling in the past, actions that schedule (also "now")
// and cancel, mass cancellation (compaction), and deadlines on both sides of 2⁶⁴ attoseconds (≈ 18.45 s).

/// What an action does when it runs, by its id: the same script for the scheduler and the model.
private func reaction(of id: Int) -> (scheduleAfter: Int?, cancel: Int?) {
  (id % 4 == 0 ? (id / 4 % 3) * 250 : nil, id % 7 == 3 ? id - 2 : nil)
}

/// The scheduler under test, with its actions following `reaction(of:)` and logging (id, now in ms).
private final class Harness: Sendable {
  struct State {
    var nextID = 0
    var tokens: [Int: SignalSubscription] = [:]
    var log: [[Int]] = []
  }

  let scheduler = TestScheduler()
  let state = Locked(State())

  @discardableResult
  func schedule(at milliseconds: Int) -> Int {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    let token = scheduler.schedule(at: SignalInstant(offset: .milliseconds(milliseconds))) { [self] in fire(id) }
    state.withLock { $0.tokens[id] = token }
    return id
  }

  func cancel(_ id: Int) {
    let token = state.withLock { $0.tokens.removeValue(forKey: id) }
    token?.cancel()
  }

  private func fire(_ id: Int) {
    let now = Self.milliseconds(scheduler.now.offset)
    state.withLock { $0.log.append([id, now]) }
    let (after, victim) = reaction(of: id)
    if let after { schedule(at: now + after) }
    if let victim { cancel(victim) }
  }

  static func milliseconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
  }
}

/// The rules, written the obvious way: a list searched for its (deadline, sequence) minimum.
private struct Model {
  var now = 0
  var nextID = 0
  var pending: [(deadline: Int, id: Int)] = []  // ids grow with scheduling order
  var log: [[Int]] = []

  mutating func schedule(at milliseconds: Int) {
    pending.append((max(milliseconds, now), nextID))
    nextID += 1
  }

  mutating func cancel(_ id: Int) {
    pending.removeAll { $0.id == id }
  }

  var nextDeadline: Int? { pending.map(\.deadline).min() }

  mutating func advance(to target: Int?) {
    while let first = pending.indices.min(by: {
      (pending[$0].deadline, pending[$0].id) < (pending[$1].deadline, pending[$1].id)
    }),
      target.map({ pending[first].deadline <= max($0, now) }) ?? true
    {
      let (deadline, id) = pending.remove(at: first)
      now = max(now, deadline)
      log.append([id, now])
      let (after, victim) = reaction(of: id)
      if let after { schedule(at: now + after) }
      if let victim { cancel(victim) }
    }
    if let target { now = max(now, target) }
  }
}

@Suite struct TestSchedulerQueueTests {
  @Test(arguments: [11, 12, 13, 14] as [UInt64])
  func matchesAReferenceModelUnderMixedOperations(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let harness = Harness()
    var model = Model()
    for _ in 0..<(3000 * stressScale) {
      let pending = model.pending.map(\.id)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<45:
        let deadline =
          Int.random(in: 0..<10, using: &random) == 0
          ? Int.random(in: 17_000..<20_000, using: &random)  // 2⁶⁴ attoseconds is about 18 447 ms
          : model.now + Int.random(in: -300..<20_000, using: &random)
        harness.schedule(at: deadline)
        model.schedule(at: deadline)
      case 45..<58:
        if let victim = pending.randomElement(using: &random) {
          harness.cancel(victim)
          model.cancel(victim)
        }
      case 58..<60:
        // Mass cancellation: compacts the queue.
        for victim in pending where victim % 3 != 0 {
          harness.cancel(victim)
          model.cancel(victim)
        }
      case 60..<75:
        #expect(harness.scheduler.nextDeadline == model.nextDeadline.map { SignalInstant(offset: .milliseconds($0)) })
      case 75..<92:
        let step = Int.random(in: 0..<300, using: &random)
        harness.scheduler.advance(by: .milliseconds(step))
        model.advance(to: model.now + step)
      default:
        let target = model.now + Int.random(in: -200..<200, using: &random)
        harness.scheduler.advance(to: SignalInstant(offset: .milliseconds(target)))
        model.advance(to: target)
      }
      #expect(harness.scheduler.pendingCount == model.pending.count)
      #expect(harness.scheduler.now == SignalInstant(offset: .milliseconds(model.now)))
    }
    harness.scheduler.run(limit: .max)
    model.advance(to: nil)
    #expect(harness.state.withLock { $0.log } == model.log)
    #expect(harness.scheduler.pendingCount == 0)
    #expect(harness.scheduler.nextDeadline == nil)
  }

  /// A peek moves the queue's cursor to the next deadline; work scheduled before it must still run first,
  /// in (deadline, scheduling order), and work at the peeked deadline after what was already there.
  @Test func workScheduledBeforeAPeekedDeadlineRunsFirstInOrder() {
    let harness = Harness()
    harness.schedule(at: 5000)  // 0
    #expect(harness.scheduler.nextDeadline == SignalInstant(offset: .seconds(5)))
    harness.schedule(at: 3000)  // 1
    harness.schedule(at: 1000)  // 2
    harness.schedule(at: 3000)  // 3
    harness.schedule(at: 5000)  // 4
    #expect(harness.scheduler.nextDeadline == SignalInstant(offset: .seconds(1)))
    harness.scheduler.advance(by: .seconds(2))  // runs 2; the cursor is at 3 s
    harness.schedule(at: 2500)  // 5
    harness.schedule(at: 0)  // 6: the past, so at 2 s
    harness.scheduler.run()
    let order = harness.state.withLock { $0.log }
    // 0 and 4 schedule 7 ("now") and 8, which schedules 9 (see `reaction(of:)`).
    #expect(
      order == [
        [2, 1000], [6, 2000], [5, 2500], [1, 3000], [3, 3000], [0, 5000], [4, 5000], [7, 5000], [8, 5250], [9, 5750],
      ]
    )
  }

  /// Deadlines past 2⁶⁴ attoseconds use the high word of the key.
  @Test func deadlinesOnBothSidesOfTheLowWordRunInOrder() {
    let scheduler = TestScheduler()
    let order = Trace<Int>()
    let deadlines: [Duration] = [
      .seconds(40), .seconds(18), .seconds(19), .seconds(1_000_000_000), .zero, .seconds(19), .seconds(18),
    ]
    let tokens = deadlines.enumerated().map { index, deadline in
      scheduler.schedule(at: SignalInstant(offset: deadline)) { order.append(index) }
    }
    scheduler.run()
    #expect(order.all == [4, 1, 6, 2, 5, 0, 3])
    #expect(scheduler.now == SignalInstant(offset: .seconds(1_000_000_000)))
    _ = tokens
  }
}
