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

  @Test func aFutureWaitersHandleDetachesOnCancel() {
    let promise = Locked<FutureSignal<Int, Never>.Promise?>(nil)
    let future = FutureSignal<Int, Never> { fulfill in promise.withLock { $0 = fulfill } }
    let cancelled = EventLog<Int, Never>()
    let kept = EventLog<Int, Never>()
    future._subscribeHandle(cancelled).cancel()
    let handle = future._subscribeHandle(kept)
    promise.withLock { $0 }?(.success(7))
    #expect(cancelled.events.isEmpty)
    #expect(kept.events == [.value(7), .finished])
    handle.cancel()  // after the result: nothing left to cancel
    // Fulfilled: a new observer gets the result during `subscribe`, and the shared empty subscription.
    let late = EventLog<Int, Never>()
    #expect(future.subscribe(late) === SignalSubscription.empty)
    #expect(late.events == [.value(7), .finished])
  }

  @Test func anErasedSignalHandsOutTheSubscriptionOfTheSignalItWraps() {
    // For an app, the erased signal's subscription is the wrapped signal's own, not one around it.
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.eraseToAnySignal().subscribe(log)
    subject.send(1)
    token.cancel()
    #expect(!subject.hasObservers)
    subject.send(2)
    #expect(log.events == [.value(1)])
    // A closure-built one still hands out what its closure returns.
    let built = SignalSubscription {}
    #expect(AnySignal<Int, Never> { _ in built }.subscribe(EventLog<Int, Never>()) === built)
  }

  @Test func anEndedSubjectGivesTheSharedEmptySubscription() {
    let subject = PassthroughSignal<Int, Never>()
    subject.send(completion: .finished)
    let token = subject.subscribe(EventLog<Int, Never>())
    #expect(token === SignalSubscription.empty)
  }
}
