import Signals
import SignalsTesting
import Testing

/// A signal of our own that implements only `subscribe`: operators reach it through the default
/// `_subscribeHandle`, which wraps its subscription.
private struct CountingCancels: Signal {
  typealias Output = Int
  typealias Failure = Never
  let cancels: Locked<Int>

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Int, Observer.Failure == Never {
    SignalSubscription { cancels.withLock { $0 += 1 } }
  }
}

@Suite("Subscription handles") struct SubscriptionHandleTests {
  @Test func aHandleWrappingASubscriptionCancelsIt() {
    let cancels = Locked(0)
    let handle = SignalSubscriptionHandle(SignalSubscription { cancels.withLock { $0 += 1 } })
    handle.cancel()
    handle.cancel()
    #expect(cancels.withLock { $0 } == 1)
    SignalSubscriptionHandle.empty.cancel()  // nothing to cancel
  }

  @Test func theDefaultImplementationWrapsSubscribe() {
    let cancels = Locked(0)
    let handle = CountingCancels(cancels: cancels)._subscribeHandle(EventLog<Int, Never>())
    #expect(cancels.withLock { $0 } == 0)
    handle.cancel()
    #expect(cancels.withLock { $0 } == 1)
  }

  @Test func aSignalOfOurOwnInsideOperatorsIsCancelledWithThem() {
    let cancels = Locked(0)
    let scheduler = TestScheduler()
    let token = CountingCancels(cancels: cancels)
      .race(with: AfterSignal(.seconds(1), value: 1, on: scheduler))
      .timeout(.seconds(2), scheduler: scheduler)
      .first()
      .observe { _ in }
    scheduler.advance(by: .seconds(1))  // the timer wins: the other side is cancelled at once
    #expect(cancels.withLock { $0 } == 1)
    token.cancel()
    #expect(cancels.withLock { $0 } == 1)
  }

  @Test func aSubjectHandleDetachesOnCancelButNotOnRelease() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    do {
      _ = subject._subscribeHandle(log)  // released at once: still attached (the owner must cancel)
    }
    #expect(subject.hasObservers)
    subject.send(1)
    #expect(log.events == [.value(1)])
    let handle = subject._subscribeHandle(EventLog<Int, Never>())
    handle.cancel()
    subject.send(completion: .finished)
    #expect(log.events == [.value(1), .finished])
  }

  @Test func anEndedSubjectGivesTheSharedEmptySubscription() {
    let subject = PassthroughSignal<Int, Never>()
    subject.send(completion: .finished)
    let token = subject.subscribe(EventLog<Int, Never>())
    #expect(token === SignalSubscription.empty)
  }
}
