import Signals
import SignalsTesting
import Testing

/// A source driven by hand that records what its observer does with it: the answers to its events, and
/// how often its subscription is cancelled. It honours the `stop` contract: after a `stop` answer (or a
/// terminal event, or a cancel) it drops the observer and delivers nothing more.
final class StopProbeSignal<Output: Sendable, Failure: Error>: HandsOverSubscription, Sendable {
  private struct State {
    var observer: AnySignalObserver<Output, Failure>?
    var answers: [SignalControl] = []
    var cancels = 0
  }

  private let state = Locked(State())

  /// Times the subscription was cancelled.
  var cancelCount: Int { state.withLock { $0.cancels } }
  /// The observer's answers, in order.
  var answers: [SignalControl] { state.withLock { $0.answers } }
  var isSubscribed: Bool { state.withLock { $0.observer != nil } }

  /// Hands its operators a handle, as Signals' own sources do (it is a `HandsOverSubscription`): letting
  /// it go does not cancel, so the counts tell a cancel from a subscription that was only let go.
  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let erased = AnySignalObserver(observer)
    state.withLock { $0.observer = erased }
    return .handing(probeHandle { self.cancel() }, to: observer)
  }

  private func cancel() {
    let dropped = state.withLock { state -> AnySignalObserver<Output, Failure>? in
      state.cancels += 1
      defer { state.observer = nil }
      return state.observer
    }
    _ = dropped
  }

  /// Delivers `event`, unless the observer was dropped; returns its answer.
  @discardableResult
  func send(_ event: Event<Output, Failure>) -> SignalControl? {
    guard let observer = state.withLock({ $0.observer }) else { return nil }
    let answer = observer.receive(event)
    let dropped = state.withLock { state -> AnySignalObserver<Output, Failure>? in
      state.answers.append(answer)
      guard answer == .stop || event.isTerminal else { return nil }
      defer { state.observer = nil }
      return state.observer
    }
    _ = dropped
    return answer
  }
}

/// An operator that answers its upstream `stop` lets the upstream end by itself (the `SignalControl.stop`
/// contract) instead of also cancelling it: one cancel, with its lock round trips, less per ending. These
/// tests pin both halves: the upstream is answered `stop` and not cancelled, and it is still cancelled when
/// the ending comes from elsewhere (the downstream's cancel, another source).
@Suite struct StopAnswerTests {
  @Test func firstAnswersStopAndACancelAfterwardsDoesNotReachTheUpstream() {
    let source = StopProbeSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = source.first().subscribe(log)
    #expect(source.send(.value(7)) == .stop)
    #expect(log.events == [.value(7), .finished])
    token.cancel()
    #expect(source.cancelCount == 0)
    #expect(!source.isSubscribed)
  }

  @Test func firstStillCancelsTheUpstreamWhenCancelledBeforeAValue() {
    let source = StopProbeSignal<Int, Never>()
    let token = source.first().subscribe(EventLog<Int, Never>())
    token.cancel()
    #expect(source.cancelCount == 1)
    #expect(source.send(.value(1)) == nil)
  }

  @Test func timeoutAnswersStopAndSparesItsUpstreamWhenTheDownstreamStops() {
    let scheduler = TestScheduler()
    let source = StopProbeSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = source.timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(0)).first().subscribe(log)
    #expect(scheduler.pendingCount == 1)
    #expect(source.send(.value(4)) == .stop)
    #expect(log.events == [.value(4), .finished])
    #expect(scheduler.pendingCount == 0)  // its timer is still cancelled
    token.cancel()
    #expect(source.cancelCount == 0)
  }

  @Test func timeoutCancelsItsUpstreamWhenTheTimerEndsIt() {
    let scheduler = TestScheduler()
    let source = StopProbeSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = source.timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(0)).subscribe(log)
    scheduler.advance(by: .seconds(3))
    #expect(log.events == [.value(0), .finished])
    #expect(source.cancelCount == 1)
    withExtendedLifetime(token) {}
  }

  @Test func timeoutCancelsItsUpstreamWhenTheDownstreamCancels() {
    let scheduler = TestScheduler()
    let source = StopProbeSignal<Int, Never>()
    let token = source.timeout(.seconds(3), scheduler: scheduler).subscribe(EventLog<Int, TimeoutFailure<Never>>())
    #expect(source.send(.value(1)) == .continue)
    token.cancel()
    #expect(source.cancelCount == 1)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func timeoutEndsItsFallbackOnceWhenItAnswersStop() {
    // Like every source here, the fallback is answered `stop` and ends by itself: not cancelled then, nor by
    // the downstream's cancel afterwards. (While timeout held its fallback as an `AnySignal`, whose
    // subscription cancels when released, letting it go cancelled it once: an artefact of the erasure.)
    let scheduler = TestScheduler()
    let fallback = StopProbeSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = NeverSignal<Int, Never>().timeout(.seconds(1), scheduler: scheduler, fallback: fallback).first()
      .subscribe(log)
    scheduler.advance(by: .seconds(1))
    #expect(fallback.send(.value(9)) == .stop)
    #expect(log.events == [.value(9), .finished])
    #expect(fallback.cancelCount == 0)
    token.cancel()
    #expect(fallback.cancelCount == 0)
  }

  @Test func raceSparesTheWinnerItAnswersStopAndCancelsTheLoser() {
    let winner = StopProbeSignal<Int, Never>()
    let loser = StopProbeSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = winner.race(with: loser.map { $0 }).first().subscribe(log)
    #expect(winner.send(.value(1)) == .stop)
    #expect(log.events == [.value(1), .finished])
    #expect(winner.cancelCount == 0)
    #expect(loser.cancelCount == 1)
    #expect(loser.send(.value(2)) == nil)
    token.cancel()
    #expect(winner.cancelCount == 0)
  }

  @Test func raceCancelsBothWhenTheDownstreamCancels() {
    let a = StopProbeSignal<Int, Never>()
    let b = StopProbeSignal<Int, Never>()
    let token = a.race(with: b.map { $0 }).subscribe(EventLog<Int, Never>())
    #expect(a.send(.value(1)) == .continue)  // a won; b was cancelled then
    #expect(b.cancelCount == 1)
    token.cancel()
    #expect(a.cancelCount == 1)
  }

  @Test func theIntroRaceEndsWithoutCancellingItsWinner() {
    // The W5 pipeline: the trigger wins, and the subject sees only the `stop` answer.
    let scheduler = TestScheduler()
    let trigger = PassthroughSignal<Void, Never>()
    let log = EventLog<Int, Never>()
    let token = trigger.map { 1 }
      .race(with: AfterSignal(.milliseconds(2600), value: 2, on: scheduler))
      .timeout(.seconds(3), scheduler: scheduler, fallback: JustSignal(3))
      .first()
      .subscribe(log)
    #expect(scheduler.pendingCount == 2)
    trigger.send()
    #expect(log.events == [.value(1), .finished])
    #expect(!trigger.hasObservers)
    #expect(scheduler.pendingCount == 0)
    trigger.send()
    token.cancel()
    #expect(log.events == [.value(1), .finished])
  }

  @Test func aSubjectObserverThatStopsWhileAValueIsQueuedIsRemovedAndTheQueueDrains() {
    // The single-observer fast path: the observer sends into its own subject (queued), then answers
    // `stop`. It is removed and gets nothing more; the subject goes idle and serves a new observer.
    let subject = PassthroughSignal<Int, Never>()
    let first = EventLog<Int, Never> { event in
      if case .value(1) = event { subject.send(2) }
      return .stop
    }
    let token = subject.subscribe(first)
    subject.send(1)
    #expect(first.events == [.value(1)])
    #expect(!subject.hasObservers)
    let second = EventLog<Int, Never>()
    let secondToken = subject.subscribe(second)
    subject.send(3)
    #expect(second.events == [.value(3)])
    withExtendedLifetime((token, secondToken)) {}
  }
}
