import Foundation
import Signals
import SignalsTesting
import Testing

// Issue 6.6: faults from outside — a scheduler that delays or drops work, async sequences that never
// end or that throw, tasks cancelled from outside, an observer that throws its token away in the
// middle of a delivery — and the operators still keep the contracts: the grammar, serial delivery,
// nothing after cancel, and everything released.

/// A scheduler that misbehaves on purpose, deterministically from a seed: it runs some actions late
/// (up to 50 ms after their deadline, so out of order) and silently drops others (never runs them).
/// Built on a `TestScheduler`, which the test advances.
final class FaultyScheduler: SignalScheduler, Sendable {
  let base: TestScheduler
  private let random: Locked<SeededGenerator>
  let dropRate: Double
  let delayRate: Double
  let dropped = Locked(0)

  init(base: TestScheduler, seed: UInt64, dropRate: Double = 0.2, delayRate: Double = 0.3) {
    self.base = base
    random = Locked(SeededGenerator(seed: seed))
    self.dropRate = dropRate
    self.delayRate = delayRate
  }

  var now: SignalInstant { base.now }

  @discardableResult
  func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    let (roll, lateness) = random.withLock { random in
      (Double.random(in: 0..<1, using: &random), Int.random(in: 1...50, using: &random))
    }
    if roll < dropRate {
      dropped.withLock { $0 += 1 }
      return .none  // never runs; the action is released at once
    }
    if roll < dropRate + delayRate {
      return base.schedule(at: deadline.advanced(by: .milliseconds(lateness)), action)
    }
    return base.schedule(at: deadline, action)
  }

  func cancel(_ action: SignalScheduledAction) {
    base.cancel(action)
  }
}

@Suite("Fault injection") struct FaultInjectionTests {
  static let schedulerCases = ContractCase.all.filter { $0.traits.contains(.usesScheduler) }

  @Test(
    "a scheduler that delays and drops work: the grammar holds and cancel releases everything",
    arguments: schedulerCases)
  func faultyScheduler(_ contract: ContractCase) {
    for seed in randomSeeds(30, salt: 77) {
      let run = ContractRun(contract) { FaultyScheduler(base: $0, seed: seed) }
      let recorder = ContractRecorder()
      run.subscribe(recorder)
      for round in 0..<5 {
        run.sendAll(.value(round))
        run.scheduler.advance(by: .milliseconds(Int(seed % 7) * 3))
      }
      if seed.isMultiple(of: 2) { run.sendAll(.finished) }
      run.scheduler.advance(by: .milliseconds(20))
      let state = recorder.snapshot
      #expect(state.terminals <= 1, "seed \(seed)")
      #expect(state.eventsAfterTerminal == 0, "seed \(seed)")
      #expect(state.overlaps == 0, "seed \(seed)")
      run.cancel()
      run.settle()
      #expect(!run.witnessAlive, "seed \(seed): a closure outlived cancel()")
      #expect(!run.anyInputObserved, "seed \(seed): an upstream subscription outlived cancel()")
      #expect(run.scheduler.pendingCount == 0, "seed \(seed): a scheduled action outlived cancel()")
    }
  }

  @Test(
    "an observer that throws its token away in the middle of a delivery gets nothing more",
    arguments: ContractCase.withInputs)
  func tokenDroppedMidDelivery(_ contract: ContractCase) async {
    let run = ContractRun(contract)
    let token = Locked<SignalSubscription?>(nil)
    let dropped = Locked(false)
    let late = Locked(0)
    let observer = AnySignalObserver<Int, TestError> { event in
      if dropped.withLock({ $0 }) { late.withLock { $0 += 1 } }
      if case .value = event {
        // The only reference goes: the subscription deinitializes (and cancels) right here.
        let released = token.withLock { token in
          defer { token = nil }
          return token
        }
        if released != nil {
          _ = consume released
          dropped.withLock { $0 = true }
        }
      }
      return .continue
    }
    let finished = await watchdog("dropping the token of \(contract.name) mid-delivery") {
      let signal = contract.build(
        ContractContext(inputs: run.inputs, scheduler: run.scheduler, witness: Witness()))
      // A value delivered during `subscribe` (a replay) comes before there is a token to drop.
      do {
        let subscription = signal.subscribe(observer)
        token.withLock { $0 = subscription }
      }
      run.sendAll(.value(2))
      run.settle()
      run.sendAll(.value(3))
      run.sendAll(.finished)
      run.settle()
      return true
    }
    guard finished != nil else { return }
    contract.expect(.reentrantCancel) {
      if dropped.withLock({ $0 }) {
        #expect(late.withLock { $0 } == 0, "an event arrived after the token was released")
        #expect(!run.anyInputObserved)
      }
    }
  }

  @Test func asyncSequenceThatNeverEndsIsReleasedOnCancel() async {
    let terminated = Locked(false)
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.onTermination = { _ in terminated.withLock { $0 = true } }
    let log = EventLog<Int, Never>()
    let token = AsyncSequenceSignal(stream).subscribe(log)
    continuation.yield(1)
    let delivered = await watchdog("the first element of an endless stream") {
      while log.values.isEmpty { sched_yield() }
      return true
    }
    #expect(delivered == true)
    token.cancel()
    let released = await watchdog("the endless stream's termination after cancel") {
      while !terminated.withLock({ $0 }) { sched_yield() }
      return true
    }
    #expect(released == true, "the iterating task was not cancelled")
    continuation.yield(2)
    #expect(log.events == [.value(1)])
  }

  @Test func asyncSequenceThatThrowsFailsOnceAndDeliversNothingAfter() async {
    struct Broken: Error {}
    let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
    let log = EventLog<Int, any Error>()
    let token = AsyncSequenceSignal(stream).subscribe(log)
    continuation.yield(1)
    continuation.finish(throwing: Broken())
    continuation.yield(2)
    let ended = await watchdog("a throwing stream's failure") {
      while log.completion == nil { sched_yield() }
      return true
    }
    withExtendedLifetime(token) {}
    guard ended != nil else { return }
    #expect(log.values == [1])
    #expect(log.events.filter(\.isTerminal).count == 1)
    #expect(log.completion?.error is Broken)
  }

  @Test func awaitingTaskCancelledFromOutsideReleasesTheSubscription() async {
    let subject = PassthroughSignal<Int, TestError>()
    let waiter = Task { try await subject.firstValue() }
    let subscribed = await watchdog("firstValue() subscribing") {
      while !subject.hasObservers { sched_yield() }
      return true
    }
    #expect(subscribed == true)
    waiter.cancel()
    let result = await waiter.result
    #expect(throws: SignalAwaitError<TestError>.self) { try result.get() }
    let released = await watchdog("the subscription's release after the task's cancellation") {
      while subject.hasObservers { sched_yield() }
      return true
    }
    #expect(released == true)
  }

  @Test func iteratingTaskCancelledFromOutsideEndsTheLoopAndReleases() async {
    let subject = PassthroughSignal<Int, Never>()
    let consumer = Task {
      var count = 0
      for await _ in subject.values { count += 1 }
      return count
    }
    let subscribed = await watchdog("values subscribing") {
      while !subject.hasObservers { sched_yield() }
      return true
    }
    #expect(subscribed == true)
    subject.send(1)
    consumer.cancel()
    _ = await consumer.value
    let released = await watchdog("the values subscription's release after cancellation") {
      while subject.hasObservers { sched_yield() }
      return true
    }
    #expect(released == true)
  }

  @Test func taskSignalCancelledWhileItsWorkRunsDeliversNothing() async {
    let started = Locked(false)
    let signal = TaskSignal<Int, any Error> {
      started.withLock { $0 = true }
      try await Task.sleep(for: .seconds(60))  // honours cancellation: ends at once when cancelled
      return 1
    }
    let log = EventLog<Int, any Error>()
    let token = signal.subscribe(log)
    let running = await watchdog("the task's work starting") {
      while !started.withLock({ $0 }) { sched_yield() }
      return true
    }
    #expect(running == true)
    token.cancel()
    // The cancelled work throws CancellationError at once: it must not be delivered. Explicitly a
    // wall-clock wait (real tasks): it can only give a wrong delivery time to show, never fail a right one.
    try? await Task.sleep(for: .milliseconds(50))
    #expect(log.events.isEmpty)
  }
}
