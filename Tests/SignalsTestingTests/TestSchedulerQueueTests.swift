import Signals
import SignalsTesting
import Testing

// The TestScheduler's queue is a binary heap ordered by (deadline, insertion number), with the closures in a
// slot table and cancelled entries left stale in the heap (see TestSchedulerQueue.swift). These tests were
// written for an earlier queue (a radix heap with a side heap and a small sorted buffer) and still reach the
// corners of this one: they drive it through the public API against a plain reference model of the
// scheduler's rules, with peeks and advances followed by work scheduled before them, scheduling in the past,
// actions that schedule (also "now") and cancel, mass cancellation (stale tops and compaction), deadlines on
// both sides of 2⁶⁴ attoseconds (≈ 18.45 s, where a deadline's high word changes), and pending counts that
// grow and shrink through small sizes.

/// What an action does when it runs, by its id: the same script for the scheduler and the model.
private func reaction(of id: Int) -> (scheduleAfter: Int?, cancel: Int?) {
  (id % 4 == 0 ? (id / 4 % 3) * 250 : nil, id % 7 == 3 ? id - 2 : nil)
}

/// The scheduler under test, with its actions following `reaction(of:)` and logging (id, now in ms).
private final class Harness: Sendable {
  struct State {
    var nextID = 0
    var tokens: [Int: SignalScheduledAction] = [:]
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
    if let token { scheduler.cancel(token) }
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

  /// Few pending actions, wandering around the small buffer's capacity (8): the queue moves them into the
  /// radix heap when they outgrow it and serves from the buffer again once the heaps run empty. Coarse
  /// deadlines make many equal (first in, first out across those moves); peeks move the cursor; whole
  /// cancellations empty the heaps with only cancelled entries left in them.
  @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
  func matchesAReferenceModelAroundTheSmallBufferCapacity(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let harness = Harness()
    var model = Model()
    var target = 0
    for step in 0..<(4000 * stressScale) {
      if step % 40 == 0 { target = Int.random(in: 0...16, using: &random) }
      let pending = model.pending.map(\.id)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<40:
        if pending.count < target || Int.random(in: 0..<5, using: &random) == 0 {
          let deadline = model.now + 100 * Int.random(in: -1..<6, using: &random)  // the past, too
          harness.schedule(at: deadline)
          model.schedule(at: deadline)
        }
      case 40..<55:
        if let victim = pending.randomElement(using: &random) {
          harness.cancel(victim)
          model.cancel(victim)
        }
      case 55..<58:
        for victim in pending {
          harness.cancel(victim)
          model.cancel(victim)
        }
      case 58..<70:
        #expect(harness.scheduler.nextDeadline == model.nextDeadline.map { SignalInstant(offset: .milliseconds($0)) })
      case 70..<90:
        let step = 50 * Int.random(in: 0..<5, using: &random)
        harness.scheduler.advance(by: .milliseconds(step))
        model.advance(to: model.now + step)
      default:
        let target = model.now + 50 * Int.random(in: -2..<6, using: &random)
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
  }

  /// Equal deadlines run first in, first out whether the actions sit in the small buffer, were moved from it
  /// into the radix heap (the 9th pending action moves the first 8), or came after; cancellation works in
  /// both, and the buffer serves again once the heaps are empty.
  @Test func equalDeadlinesRunInSchedulingOrderAcrossTheSmallBufferCapacity() {
    let scheduler = TestScheduler()
    let order = Trace<Int>()
    var tokens: [SignalScheduledAction] = []
    func schedule(_ id: Int, at milliseconds: Int) {
      tokens.append(scheduler.schedule(at: SignalInstant(offset: .milliseconds(milliseconds))) { order.append(id) })
    }
    for id in 0..<16 { schedule(id, at: id % 2 == 0 ? 2000 : 1000) }
    scheduler.cancel(tokens[3])  // moved into the radix heap
    scheduler.cancel(tokens[12])  // scheduled into it
    #expect(scheduler.pendingCount == 14)
    scheduler.run()
    #expect(order.all == [1, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 14])

    // Empty again: the small buffer serves, with a cancellation and a deadline in the past.
    for id in 16..<21 { schedule(id, at: 3000) }
    schedule(21, at: 0)  // the past: now (2 s)
    scheduler.cancel(tokens[18])
    #expect(scheduler.pendingCount == 5)
    #expect(scheduler.nextDeadline == SignalInstant(offset: .seconds(2)))
    scheduler.run()
    #expect(order.all.suffix(5) == [21, 16, 17, 19, 20])
    #expect(scheduler.now == SignalInstant(offset: .seconds(3)))
  }

  /// When every action in the radix heap was cancelled, new work goes to the small buffer: the cancelled
  /// entries must neither run nor count, and their tokens must not cancel the new actions in their slots.
  @Test func workScheduledAfterCancellingEverythingInTheHeapsRunsAlone() {
    let scheduler = TestScheduler()
    let order = Trace<Int>()
    let old = (0..<20).map { id in scheduler.schedule(after: .seconds(id % 3 + 1)) { order.append(id) } }
    #expect(scheduler.nextDeadline == SignalInstant(offset: .seconds(1)))  // moves the cursor to 1 s
    for token in old { scheduler.cancel(token) }
    #expect(scheduler.pendingCount == 0)
    let new = (20..<23).map { id in scheduler.schedule(after: .milliseconds(500 * (23 - id))) { order.append(id) } }
    for token in old { scheduler.cancel(token) }  // stale tokens: the new actions reuse their slots
    #expect(scheduler.pendingCount == 3)
    #expect(scheduler.nextDeadline == SignalInstant(offset: .milliseconds(500)))
    scheduler.run()
    #expect(order.all == [22, 21, 20])
    _ = new
  }

  /// Cancelling releases the closure at once with few and with many pending actions (small buffer, heaps).
  @Test(arguments: [0, 3, 30])
  func cancellingReleasesTheClosureAtOnce(othersPending: Int) {
    let scheduler = TestScheduler()
    let others = (0..<othersPending).map { index in scheduler.schedule(after: .milliseconds(index * 7 % 23)) {} }
    let released = Locked(false)
    let probe = ReleaseProbe(released)
    let token = scheduler.schedule(after: .milliseconds(11)) { probe.touch() }
    _ = consume probe
    #expect(!released.withLock { $0 })
    scheduler.cancel(token)
    #expect(released.withLock { $0 })
    #expect(scheduler.pendingCount == othersPending)
    #expect(scheduler.run().actionsRun == othersPending)
    _ = others
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

  /// `now + delay` is computed on the key's words: the carry into the high word (2⁶⁴ attoseconds is about
  /// 18.45 s), a negative delay (now), and the same deadline reached by `at` and by `after`.
  @Test func delaysAddAcrossTheLowWord() {
    let scheduler = TestScheduler()
    let order = Trace<(Int, SignalInstant)>()
    scheduler.advance(by: .seconds(18))
    let tokens = [
      scheduler.schedule(after: .seconds(1)) { order.append((0, scheduler.now)) },
      scheduler.schedule(after: .milliseconds(400)) { order.append((1, scheduler.now)) },
      scheduler.schedule(after: .milliseconds(500)) { order.append((2, scheduler.now)) },
      scheduler.schedule(after: .seconds(-3)) { order.append((3, scheduler.now)) },
      scheduler.schedule(at: SignalInstant(offset: .milliseconds(18_500))) { order.append((4, scheduler.now)) },
      scheduler.schedule(after: .seconds(1_000_000_000_000)) { order.append((5, scheduler.now)) },
    ]
    let timer = scheduler.schedule(after: .milliseconds(450)) { order.append((6, scheduler.now)) }
    scheduler.run()
    #expect(order.all.map(\.0) == [3, 1, 6, 2, 4, 0, 5])
    #expect(
      order.all.map(\.1.offset) == [
        .seconds(18), .milliseconds(18_400), .milliseconds(18_450), .milliseconds(18_500), .milliseconds(18_500),
        .seconds(19), .seconds(1_000_000_000_018),
      ]
    )
    withExtendedLifetime((tokens, timer)) {}
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
    withExtendedLifetime(tokens) {}
  }
}
