import Signals
import SignalsTesting
import Testing

/// A signal of our own that implements only `subscribe`: operators keep the subscription it returns.
private struct CountingCancels: Signal {
  typealias Output = Int
  typealias Failure = Never
  let cancels: Locked<Int>

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Int, Observer.Failure == Never {
    SignalSubscription { cancels.withLock { $0 += 1 } }
  }
}

/// A signal of our own that subscribes its observer to `inner` and keeps the subscription for itself, to
/// cancel it on its own schedule (here: after the first value): what a hand-written operator does. Its
/// observer never keeps a subscription it did not make, so the inner subscription it cancels is real.
private struct CancelsItsInnerAfterOneValue<Inner: Signal>: Signal {
  typealias Output = Inner.Output
  typealias Failure = Inner.Failure
  let inner: Inner

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let held = Locked<SignalSubscription?>(nil)
    let subscription = inner.subscribe(
      AnySignalObserver { event in
        let answer = observer.receive(event)
        held.withLock { $0 }?.cancel()
        return answer
      })
    held.withLock { $0 = subscription }
    return SignalSubscription { held.withLock { $0 }?.cancel() }
  }
}

/// An observer that keeps the subscription handed to it, as an operator's observer does.
private final class HandleKeeper<Input: Sendable, Failure: Error>: UpstreamKeeper, Sendable {
  let log = EventLog<Input, Failure>()
  private let kept = Locked<[SignalSubscriptionHandle]>([])

  func receive(_ event: Event<Input, Failure>) -> SignalControl { log.receive(event) }
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    let handle = upstream
    kept.withLock { $0.append(handle) }
  }

  var handleCount: Int { kept.withLock { $0.count } }
  func cancelKept() { for handle in kept.withLock({ $0 }) { handle.cancel() } }
  func releaseKept() { kept.withLock { $0 = [] } }
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

  @Test func aSignalThatDoesNotHandOverIsKeptByWhatSubscribeReturns() {
    let cancels = Locked(0)
    let keeper = HandleKeeper<Int, Never>()
    CountingCancels(cancels: cancels).subscribe(keeping: keeper)
    #expect(keeper.handleCount == 1)
    #expect(cancels.withLock { $0 } == 0)
    keeper.cancelKept()
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

  @Test func aHandWrittenOperatorBetweenTwoOfOursCancelsWhatItSubscribed() {
    // The operator above (`first`) subscribes a signal that does not hand over: the subject never sees
    // `first`'s keeper, so the subscription the hand-written operator cancels is the one that ends delivery.
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = CancelsItsInnerAfterOneValue(inner: subject).map { $0 * 10 }.first().subscribe(log)
    subject.send(1)
    #expect(log.events == [.value(10), .finished])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func aSubjectHandsItsHandleToAKeeperWhichDetachesOnCancelButNotOnRelease() {
    let subject = PassthroughSignal<Int, Never>()
    let keeper = HandleKeeper<Int, Never>()
    #expect(subject.subscribe(keeper) === SignalSubscription.empty)
    #expect(keeper.handleCount == 1)
    keeper.releaseKept()  // released: still attached (the owner must cancel)
    #expect(subject.hasObservers)
    subject.send(1)
    #expect(keeper.log.events == [.value(1)])
    let second = HandleKeeper<Int, Never>()
    _ = subject.subscribe(second)
    second.cancelKept()
    subject.send(completion: .finished)
    #expect(keeper.log.events == [.value(1), .finished])
    #expect(second.log.events.isEmpty)
  }

  @Test func aFutureWaitersHandleDetachesOnCancel() {
    let promise = Locked<FutureSignal<Int, Never>.Promise?>(nil)
    let future = FutureSignal<Int, Never> { fulfill in promise.withLock { $0 = fulfill } }
    let cancelled = HandleKeeper<Int, Never>()
    let kept = HandleKeeper<Int, Never>()
    _ = future.subscribe(cancelled)
    cancelled.cancelKept()
    _ = future.subscribe(kept)
    promise.withLock { $0 }?(.success(7))
    #expect(cancelled.log.events.isEmpty)
    #expect(kept.log.events == [.value(7), .finished])
    kept.cancelKept()  // after the result: nothing left to cancel
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

  @Test func anErasedSignalHandsTheWrappedSignalsHandleToAKeeper() {
    let subject = PassthroughSignal<Int, Never>()
    let keeper = HandleKeeper<Int, Never>()
    #expect(subject.eraseToAnySignal().subscribe(keeper) === SignalSubscription.empty)
    #expect(keeper.handleCount == 1)
    subject.send(1)
    keeper.cancelKept()
    #expect(!subject.hasObservers)
    #expect(keeper.log.events == [.value(1)])
  }

  @Test func anEndedSubjectGivesTheSharedEmptySubscription() {
    let subject = PassthroughSignal<Int, Never>()
    subject.send(completion: .finished)
    let token = subject.subscribe(EventLog<Int, Never>())
    #expect(token === SignalSubscription.empty)
  }
}
