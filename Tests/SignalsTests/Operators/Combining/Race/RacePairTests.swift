import Signals
import SignalsTesting
import Testing

@Suite struct RacePairTests {
  @Test func sameTypeArgumentsStillMakeARaceSignal() {
    let a = PassthroughSignal<Int, Never>()
    let b = PassthroughSignal<Int, Never>()
    let race = a.race(with: b)
    #expect(type(of: race) == RaceSignal<PassthroughSignal<Int, Never>>.self)
  }

  @Test func theTimerWinsWhenTheTriggerIsLate() {
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<Void, Never>()
    let race = trigger.map { 1 }.race(with: AfterSignal(.milliseconds(2600), value: 2, on: scheduler))
    #expect(type(of: race) == RacePairSignal<MapSignal<PassthroughSignal<Void, Never>, Int>, AfterSignal<Int>>.self)
    let log = EventLog<Int, Never>()
    let token = race.subscribe(log)
    scheduler.advance(by: .milliseconds(2599))
    #expect(log.events.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(log.events == [.value(2), .finished])
    #expect(!trigger.hasObservers)
    trigger.send()
    #expect(log.events == [.value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func theTriggerWinsAndCancelsTheTimer() {
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<Void, Never>()
    let log = EventLog<Int, Never>()
    let token = trigger.map { 1 }.race(with: AfterSignal(.seconds(3), value: 2, on: scheduler)).subscribe(log)
    #expect(scheduler.pendingCount == 1)
    trigger.send()
    #expect(scheduler.pendingCount == 0)
    trigger.send(completion: .finished)
    scheduler.run()
    #expect(log.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func aFailureWins() {
    let a = PassthroughSignal<Int, CombineError>()
    let b = PassthroughSignal<Int, CombineError>()
    let log = EventLog<Int, CombineError>()
    let token = a.map { $0 }.race(with: b).subscribe(log)
    b.send(completion: .failed(CombineError(1)))
    a.send(2)
    #expect(log.events == [.failed(CombineError(1))])
    #expect(!a.hasObservers && !b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func aSynchronousFirstWinsAndTheSecondIsNeverSubscribed() {
    let instant = SyncEventsSignal<Int, Never>([.value(1), .finished])
    let later = CountingSignal(PassthroughSignal<Int, Never>())
    let log = EventLog<Int, Never>()
    let token = instant.race(with: later).subscribe(log)
    #expect(log.events == [.value(1), .finished])
    #expect(later.subscriptionCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func aSynchronousSecondWinsAndCancelsTheFirst() {
    let early = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = early.race(with: JustSignal(5)).subscribe(log)
    #expect(log.events == [.value(5), .finished])
    #expect(!early.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func cancelReleasesBothUpstreamsAndTheObserver() {
    let scheduler = TestScheduler()
    let a = PassthroughSignal<Int, Never>()
    weak var observerWitness: CombineWitness?
    var token: SignalSubscription?
    do {
      let observer = CombineWitness()
      observerWitness = observer
      token = a.race(with: AfterSignal(.seconds(1), value: 0, on: scheduler)).sink { [observer] _ in _ = observer }
    }
    token?.cancel()
    #expect(!a.hasObservers)
    #expect(scheduler.pendingCount == 0)
    #expect(observerWitness == nil)
    withExtendedLifetime(token) {}
  }
}

// A second contestant that is an `AfterSignal` is run by the race itself (no subscription of its own): these
// pin that it behaves as the subscribed `AfterSignal` would.
@Suite struct RacePairTimerContestantTests {
  @Test func aTimerRunAtOnceDuringSubscriptionWinsAndCancelsTheFirst() {
    let early = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = early.race(with: AfterSignal(.seconds(10), value: 7, on: ImmediateSignalScheduler())).subscribe(log)
    #expect(log.events == [.value(7), .finished])
    #expect(!early.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func theTimersFinishedIsNotDeliveredAfterStopOrACancelDuringItsValue() {
    let scheduler = TestScheduler()
    let stopping = EventLog<Int, Never> { _ in .stop }
    let first = PassthroughSignal<Int, Never>()
    let stopped = first.race(with: AfterSignal(.seconds(1), value: 2, on: scheduler)).subscribe(stopping)
    scheduler.advance(by: .seconds(1))
    #expect(stopping.events == [.value(2)])
    #expect(!first.hasObservers)

    let token = Locked<SignalSubscription?>(nil)
    let received = Locked<[Event<Int, Never>]>([])
    token.withLock {
      $0 = first.race(with: AfterSignal(.seconds(1), value: 3, on: scheduler)).observe({ event in
        received.withLock { $0.append(event) }
        token.withLock { $0 }?.cancel()
      })
    }
    scheduler.advance(by: .seconds(1))
    #expect(received.withLock { $0 } == [.value(3)])
    #expect(scheduler.pendingCount == 0)
    _ = stopped
  }

  @Test func aTimerWhoseSchedulerNamesActionsByObjectIsCancelledThroughIt() {
    // A handle with an object (as real-time schedulers make) is held through a subscription of its own.
    let base = TestScheduler()
    let scheduler = ObjectHandleScheduler(base: base)
    let trigger = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = trigger.race(with: AfterSignal(.seconds(3), value: 2, on: scheduler)).subscribe(log)
    #expect(base.pendingCount == 1)
    trigger.send(1)
    #expect(base.pendingCount == 0, "the losing timer was cancelled")
    #expect(log.events == [.value(1)])

    let late = EventLog<Int, Never>()
    let lateToken = trigger.race(with: AfterSignal(.seconds(3), value: 2, on: scheduler)).subscribe(late)
    base.advance(by: .seconds(3))
    #expect(late.events == [.value(2), .finished])
    lateToken.cancel()
    token.cancel()
    #expect(!trigger.hasObservers)
  }

  @Test func anAfterSignalAsTheFirstContestantIsSubscribedAsUsual() {
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = AfterSignal(.seconds(2), value: 9, on: scheduler).race(with: trigger.map { $0 }).subscribe(log)
    scheduler.advance(by: .seconds(2))
    #expect(log.events == [.value(9), .finished])
    #expect(!trigger.hasObservers)
    withExtendedLifetime(token) {}
  }
}

// An AfterSignal is a contestant like any other: subscribed, whether the race sees its type or an erased one.
@Suite struct AfterSignalContestantTests {
  /// The `AfterSignal` raced as it is and the same `AfterSignal` erased give the same events, pending timers
  /// and upstream observers at every step, in each way a race ends.
  @Test(arguments: RaceEnding.allCases)
  func theTimerRacedAsItIsMatchesTheErasedTimer(_ ending: RaceEnding) {
    func run(erased: Bool) -> [String] {
      let scheduler = TestScheduler()
      let trigger = PassthroughSignal<String, Never>()
      let timer = AfterSignal(.seconds(3), value: "timer", on: scheduler)
      let log = EventLog<String, Never> { event in
        ending == .stopAtTheFirstValue && event.value != nil ? .stop : .continue
      }
      let race =
        erased
        ? trigger.race(with: timer.eraseToAnySignal()).eraseToAnySignal()
        : trigger.race(with: timer).eraseToAnySignal()
      let token = race.subscribe(log)
      var trace: [String] = []
      func note(_ step: String) {
        trace.append("\(step): \(log.events) pending \(scheduler.pendingCount) observed \(trigger.hasObservers)")
      }
      note("subscribed")
      scheduler.advance(by: .seconds(1))
      switch ending {
      case .triggerFirst: trigger.send("trigger")
      case .triggerFinishes: trigger.send(completion: .finished)
      case .cancelled: token.cancel()
      case .timerFirst, .stopAtTheFirstValue: break
      }
      note("after 1 s")
      scheduler.advance(by: .seconds(2))
      note("after 3 s")
      trigger.send("late")
      scheduler.run()
      note("end")
      withExtendedLifetime(token) {}
      return trace
    }
    #expect(run(erased: false) == run(erased: true))
  }

  enum RaceEnding: CaseIterable, Sendable {
    case triggerFirst, triggerFinishes, timerFirst, cancelled, stopAtTheFirstValue
  }
}

/// A scheduler whose handles name their action by an object (a box holding the base's handle), with the
/// protocol's default `schedule(after:)`.
private struct ObjectHandleScheduler: SignalScheduler {
  final class Box: Sendable {
    let action: SignalScheduledAction
    init(_ action: SignalScheduledAction) { self.action = action }
  }

  let base: TestScheduler
  var now: SignalInstant { base.now }

  func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    SignalScheduledAction(id: 0, object: Box(base.schedule(at: deadline, action)))
  }

  func cancel(_ action: SignalScheduledAction) {
    if let box = action.object as? Box { base.cancel(box.action) }
  }
}

/// A source that ignores cancellation: the test sends through the observer it captured.
private final class StubbornSource: Signal, @unchecked Sendable {  // single-threaded test helper
  typealias Output = Int
  typealias Failure = Never
  var observer: AnySignalObserver<Int, Never>?

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Int, Observer.Failure == Never {
    self.observer = AnySignalObserver(observer)
    return .empty
  }

  func send(_ value: Int) -> SignalControl? {
    observer?.receive(.value(value))
  }
}

@Suite struct RacePairRefusalTests {
  @Test func aLoserThatIgnoresCancellationIsRefused() {
    let loser = StubbornSource()
    let winner = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = loser.race(with: winner.map { $0 }).subscribe(log)
    winner.send(1)
    #expect(loser.send(2) == .stop)
    winner.send(3)
    #expect(log.events == [.value(1), .value(3)])
    withExtendedLifetime(token) {}
  }

  @Test func nothingArrivesAfterCancel() {
    let first = StubbornSource()
    let log = EventLog<Int, Never>()
    let token = first.race(with: NeverSignal<Int, Never>()).subscribe(log)
    #expect(first.send(1) == .continue)
    token.cancel()
    #expect(first.send(2) == .stop)
    #expect(log.events == [.value(1)])
  }
}
