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
    _ = token
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
    _ = token
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
    _ = token
  }

  @Test func aSynchronousFirstWinsAndTheSecondIsNeverSubscribed() {
    let instant = SyncEventsSignal<Int, Never>([.value(1), .finished])
    let later = CountingSignal(PassthroughSignal<Int, Never>())
    let log = EventLog<Int, Never>()
    let token = instant.race(with: later).subscribe(log)
    #expect(log.events == [.value(1), .finished])
    #expect(later.subscriptionCount == 0)
    _ = token
  }

  @Test func aSynchronousSecondWinsAndCancelsTheFirst() {
    let early = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = early.race(with: JustSignal(5)).subscribe(log)
    #expect(log.events == [.value(5), .finished])
    #expect(!early.hasObservers)
    _ = token
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
    _ = token
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
    _ = token
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
