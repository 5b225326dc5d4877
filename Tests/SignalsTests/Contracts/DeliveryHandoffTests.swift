import Foundation
import Signals
import SignalsTesting
import Testing

// The delivery engines hand their downstream to the deliverer for each delivery (a delivery retains
// nothing) and take it back afterwards. These tests pin both halves, on every engine (race, the
// time-operator engine, the fanIn, a subject, and `receive(on:)` below): a delivery that continues
// leaves the operator able to deliver again, and a cancel during a delivery (from inside it, or from
// another thread) stops it: nothing more is delivered, the source is answered `stop`, and the downstream
// is released once the delivery returns.

/// A source that hands its observer to the test, which sends through it by hand.
private final class HandDrivenSource: Signal, @unchecked Sendable {  // `observer` is guarded by `lock`
  typealias Output = Int
  typealias Failure = Never
  private let lock = NSLock()
  private var observer: AnySignalObserver<Int, Never>?

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Int, Observer.Failure == Never {
    lock.withLock { self.observer = AnySignalObserver(observer) }
    return .empty
  }

  func send(_ value: Int) -> SignalControl? {
    lock.withLock { observer }?.receive(.value(value))
  }
}

/// The operators under test, one per delivery engine, each over the hand-driven source: race, the
/// time-operator engine (timeout), the fanIn (merge) and the subject engine (share).
enum HandoffOperator: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case race
  case timeout
  case merge
  case share

  var testDescription: String { rawValue }

  /// What the source is answered for the event during whose delivery the observer cancelled. A shared
  /// connection finishes broadcasting that event (its upstream is cancelled when the last observer leaves:
  /// every later event is answered `stop`); the others answer `stop` at once.
  var answerToTheCancellingEvent: SignalControl { self == .share ? .continue : .stop }

  fileprivate func signal(_ source: HandDrivenSource, _ scheduler: TestScheduler) -> AnySignal<Int, Never> {
    switch self {
    case .race: AnySignal(source.race(with: AfterSignal(.seconds(10), value: -1, on: scheduler)))
    case .timeout: AnySignal(source.timeout(.seconds(10), scheduler: scheduler, fallback: JustSignal(-1)))
    case .merge: AnySignal(source.eraseToAnySignal().merge(with: NeverSignal<Int, Never>().eraseToAnySignal()))
    case .share: AnySignal(source.share())
    }
  }
}

/// Captured by the observer's closure: released when the operator lets go of its downstream.
private final class DownstreamWitness: Sendable {}

/// A sink on `signal` that records its values and, at value 1, sends `queued` through `source` (during the
/// delivery, so it is queued behind it) and then cancels its own subscription. It captures a
/// `DownstreamWitness`: `isHeld()` tells whether the operator still holds the downstream.
private struct SelfCancellingSink {
  let received = Locked<[Int]>([])
  let isHeld: @Sendable () -> Bool

  init(_ signal: AnySignal<Int, Never>, sendingAtOne queued: Int, through source: HandDrivenSource) {
    let received = received
    let token = Locked<SignalSubscription?>(nil)
    let witness = DownstreamWitness()
    isHeld = { [weak witness] in witness != nil }
    token.withLock {
      $0 = signal.sink { value in
        _ = witness
        received.withLock { $0.append(value) }
        guard value == 1 else { return }
        _ = source.send(queued)
        token.withLock { $0 }?.cancel()
      }
    }
  }
}

@Suite struct DeliveryHandoffTests {
  @Test(arguments: HandoffOperator.allCases)
  func theDownstreamIsBackAfterEachDelivery(_ kind: HandoffOperator) {
    let scheduler = TestScheduler()
    let source = HandDrivenSource()
    let received = Locked<[Int]>([])
    let token = kind.signal(source, scheduler).sink { value in received.withLock { $0.append(value) } }
    #expect(source.send(1) == .continue)
    #expect(source.send(2) == .continue)
    #expect(source.send(3) == .continue)
    #expect(received.withLock { $0 } == [1, 2, 3])
    token.cancel()
    #expect(source.send(4) == .stop)
    #expect(received.withLock { $0 } == [1, 2, 3])
  }

  @Test(arguments: HandoffOperator.allCases)
  func anEventSentDuringADeliveryIsDeliveredAfterItInOrder(_ kind: HandoffOperator) {
    let scheduler = TestScheduler()
    let source = HandDrivenSource()
    let received = Locked<[Int]>([])
    let depth = Locked(0)
    let maxDepth = Locked(0)
    let token = kind.signal(source, scheduler).sink { value in
      let current = depth.withLock {
        $0 += 1
        return $0
      }
      maxDepth.withLock { $0 = max($0, current) }
      received.withLock { $0.append(value) }
      if value < 3 { _ = source.send(value + 1) }  // reentrant: before this delivery returns
      depth.withLock { $0 -= 1 }
    }
    #expect(source.send(1) == .continue)
    #expect(received.withLock { $0 } == [1, 2, 3])
    #expect(maxDepth.withLock { $0 } == 1, "one delivery at a time")
    #expect(source.send(4) == .continue, "the downstream is back after the queued deliveries")
    #expect(received.withLock { $0 } == [1, 2, 3, 4])
    token.cancel()
  }

  @Test(arguments: HandoffOperator.allCases)
  func severalEventsSentDuringOneDeliveryComeAfterItInOrderAndTheQueueStartsAfresh(_ kind: HandoffOperator) {
    let scheduler = TestScheduler()
    let source = HandDrivenSource()
    let received = Locked<[Int]>([])
    let answers = Locked<[SignalControl?]>([])
    let token = kind.signal(source, scheduler).sink { value in
      received.withLock { $0.append(value) }
      guard value == 1 || value == 10 else { return }
      for next in value + 1...value + 3 {
        let answer = source.send(next)  // queued behind this delivery
        answers.withLock { $0.append(answer) }
      }
    }
    #expect(source.send(1) == .continue)
    #expect(received.withLock { $0 } == [1, 2, 3, 4])
    #expect(source.send(10) == .continue)
    #expect(received.withLock { $0 } == [1, 2, 3, 4, 10, 11, 12, 13])
    #expect(answers.withLock { $0 } == Array(repeating: .continue, count: 6))
    token.cancel()
  }

  @Test(arguments: HandoffOperator.allCases)
  func aCancelInsideADeliveryStopsItAndReleasesTheDownstreamWhenItReturns(_ kind: HandoffOperator) {
    let scheduler = TestScheduler()
    let source = HandDrivenSource()
    let sink = SelfCancellingSink(kind.signal(source, scheduler), sendingAtOne: 2, through: source)
    #expect(sink.isHeld())
    let answer = source.send(1)
    #expect(answer == kind.answerToTheCancellingEvent)
    #expect(!sink.isHeld(), "released once the delivery returned")
    #expect(sink.received.withLock { $0 } == [1], "the queued value is not delivered after the cancel")
    #expect(source.send(3) == .stop)
    #expect(sink.received.withLock { $0 } == [1])
    #expect(scheduler.pendingCount == 0, "the timer was cancelled")
  }

  @Test(arguments: HandoffOperator.allCases)
  func aCancelFromAnotherThreadDuringADeliveryStopsItAndReleasesTheDownstreamWhenItReturns(
    _ kind: HandoffOperator
  ) async {
    let outcome = await cancelFromAnotherThreadDuringADelivery(
      "a cancel during a delivery, from another thread", of: { source, scheduler in kind.signal(source, scheduler) },
      deliveringWith: { source, _ in source.send(1) })
    guard let outcome else { return }
    #expect(outcome.aliveDuringTheDelivery, "the deliverer holds the downstream")
    #expect(outcome.answer == kind.answerToTheCancellingEvent)
    #expect(outcome.releasedAfterIt)
    #expect(outcome.answerAfterwards == .stop)
    #expect(outcome.received == [1])
  }
}

/// The same two halves on `receive(on:)`, the drainer whose deliverer is a run the engine schedules: the
/// source's sends only queue, and the scheduler's run delivers them.
@Suite struct ReceiveOnDeliveryHandoffTests {
  @Test func theDownstreamIsBackAfterEachRun() {
    let scheduler = TestScheduler()
    let source = HandDrivenSource()
    let received = Locked<[Int]>([])
    let token = source.receive(on: scheduler).sink { value in received.withLock { $0.append(value) } }
    #expect(source.send(1) == .continue)
    #expect(source.send(2) == .continue)
    #expect(received.withLock { $0 }.isEmpty, "queued until the scheduler runs")
    scheduler.advance()
    #expect(received.withLock { $0 } == [1, 2])
    #expect(source.send(3) == .continue)
    scheduler.advance()
    #expect(received.withLock { $0 } == [1, 2, 3])
    token.cancel()
    #expect(source.send(4) == .stop)
    scheduler.advance()
    #expect(received.withLock { $0 } == [1, 2, 3])
  }

  @Test func eventsSentDuringARunAreDeliveredAfterTheCurrentOneInOrderOneAtATime() {
    let scheduler = TestScheduler()
    let source = HandDrivenSource()
    let received = Locked<[Int]>([])
    let depth = Locked(0)
    let maxDepth = Locked(0)
    let token = source.receive(on: scheduler).sink { value in
      let current = depth.withLock {
        $0 += 1
        return $0
      }
      maxDepth.withLock { $0 = max($0, current) }
      received.withLock { $0.append(value) }
      if value == 1 || value == 10 {
        for next in value + 1...value + 3 { _ = source.send(next) }  // queued behind this delivery
      }
      depth.withLock { $0 -= 1 }
    }
    #expect(source.send(1) == .continue)
    scheduler.advance()
    #expect(received.withLock { $0 } == [1, 2, 3, 4])
    #expect(source.send(10) == .continue, "the downstream is back after the queued deliveries")
    scheduler.advance()
    #expect(received.withLock { $0 } == [1, 2, 3, 4, 10, 11, 12, 13])
    #expect(maxDepth.withLock { $0 } == 1, "one delivery at a time")
    token.cancel()
  }

  @Test func aCancelInsideADeliveryStopsTheRunAndReleasesTheDownstreamWhenItReturns() {
    let scheduler = TestScheduler()
    let source = HandDrivenSource()
    // 3 is queued behind the delivery of 1, like 2.
    let sink = SelfCancellingSink(
      source.receive(on: scheduler).eraseToAnySignal(), sendingAtOne: 3, through: source)
    #expect(source.send(1) == .continue)
    #expect(source.send(2) == .continue)
    scheduler.advance()
    #expect(!sink.isHeld(), "released once the delivery returned")
    #expect(sink.received.withLock { $0 } == [1], "nothing queued is delivered after the cancel")
    #expect(source.send(4) == .stop)
    scheduler.advance()
    #expect(sink.received.withLock { $0 } == [1])
    #expect(scheduler.pendingCount == 0, "no run left scheduled")
  }

  @Test func aCancelFromAnotherThreadDuringADeliveryStopsTheRunAndReleasesTheDownstreamWhenItReturns() async {
    let outcome = await cancelFromAnotherThreadDuringADelivery(
      "a cancel during a receive(on:) delivery, from another thread",
      of: { source, scheduler in source.receive(on: scheduler).eraseToAnySignal() },
      deliveringWith: { source, scheduler in
        _ = source.send(1)
        _ = source.send(2)  // queued behind 1: never delivered
        scheduler.advance()  // the run delivers on this thread
        return nil
      })
    guard let outcome else { return }
    #expect(outcome.aliveDuringTheDelivery, "the run holds the downstream")
    #expect(outcome.releasedAfterIt)
    #expect(outcome.answerAfterwards == .stop)
    #expect(outcome.received == [1])
  }
}

/// What a cancel from another thread, made while a delivery is in progress, left behind.
private struct CrossThreadCancelOutcome: Sendable {
  /// The downstream was still alive while its delivery ran.
  var aliveDuringTheDelivery: Bool
  /// What `deliver` answered (the source's answer for the event being delivered), if anything.
  var answer: SignalControl?
  /// The downstream was released once the delivery returned.
  var releasedAfterIt: Bool
  /// The source's answer to a value sent afterwards.
  var answerAfterwards: SignalControl?
  var received: [Int]
}

/// Subscribes, to `signal`, a sink that blocks inside each delivery; runs `deliver` on another thread (it
/// sends, or runs the scheduler that delivers), cancels while that thread is inside the first delivery, then
/// lets it go on. `nil` when the watchdog fired.
private func cancelFromAnotherThreadDuringADelivery(
  _ what: String, of signal: @escaping @Sendable (HandDrivenSource, TestScheduler) -> AnySignal<Int, Never>,
  deliveringWith deliver: @escaping @Sendable (HandDrivenSource, TestScheduler) -> SignalControl?,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> CrossThreadCancelOutcome? {
  await watchdog(what, sourceLocation: sourceLocation) { () -> CrossThreadCancelOutcome in
    let scheduler = TestScheduler()
    let source = HandDrivenSource()
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let received = Locked<[Int]>([])
    weak var witness: DownstreamWitness?
    var token: SignalSubscription?
    do {
      let captured = DownstreamWitness()
      witness = captured
      token = signal(source, scheduler).sink { value in
        _ = captured
        received.withLock { $0.append(value) }
        entered.signal()
        proceed.wait()
      }
    }
    let delivered = DispatchSemaphore(value: 0)
    let answer = Locked<SignalControl?>(nil)
    Thread {
      let control = deliver(source, scheduler)
      answer.withLock { $0 = control }
      delivered.signal()
    }.start()
    entered.wait()
    token?.cancel()  // while the other thread is inside the delivery
    let aliveDuring = witness != nil
    proceed.signal()
    delivered.wait()
    return CrossThreadCancelOutcome(
      aliveDuringTheDelivery: aliveDuring, answer: answer.withLock { $0 }, releasedAfterIt: witness == nil,
      answerAfterwards: source.send(3), received: received.withLock { $0 })
  }
}
