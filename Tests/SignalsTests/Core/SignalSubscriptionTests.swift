import Signals
import SignalsTesting
import Testing

/// The subscriptions an app makes itself: each keeps what it cancels in one locked storage and ends it
/// through that storage, once.
@Suite struct SignalSubscriptionTests {
  @Test func onCancelRunsOnceOnTheFirstCancelAndIsReleasedThen() {
    let runs = Locked(0)
    let flag = ReleaseFlag()
    let subscription: SignalSubscription
    do {
      let probe = flag.probe()
      subscription = SignalSubscription {
        probe.touch()
        runs.withLock { $0 += 1 }
      }
    }
    #expect(!flag.isReleased, "the closure is kept until the subscription is cancelled")
    subscription.cancel()
    #expect(runs.withLock { $0 } == 1)
    #expect(flag.isReleased, "cancelling releases the closure, while the subscription lives")
    subscription.cancel()
    #expect(runs.withLock { $0 } == 1)
  }

  @Test func onCancelRunsOnceWhenTheSubscriptionIsReleasedUncancelled() {
    let runs = Locked(0)
    let flag = ReleaseFlag()
    do {
      let probe = flag.probe()
      let subscription = SignalSubscription {
        probe.touch()
        runs.withLock { $0 += 1 }
      }
      withExtendedLifetime(subscription) {}
    }
    #expect(runs.withLock { $0 } == 1)
    #expect(flag.isReleased)
  }

  @Test func aGroupCancelsEachMemberOnceAndLetsGoOfThem() {
    let runs = Locked([0, 0])
    let flags = [ReleaseFlag(), ReleaseFlag()]
    let group: SignalSubscription
    do {
      let members = (0..<2).map { index in
        let probe = flags[index].probe()
        return SignalSubscription {
          probe.touch()
          runs.withLock { $0[index] += 1 }
        }
      }
      group = SignalSubscription(members)
    }
    #expect(runs.withLock { $0 } == [0, 0])
    group.cancel()
    #expect(runs.withLock { $0 } == [1, 1])
    #expect(flags[0].isReleased && flags[1].isReleased, "the members are released once the group is cancelled")
    group.cancel()
    #expect(runs.withLock { $0 } == [1, 1])
  }

  @Test func releasingAGroupCancelsItsMembers() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    do {
      let group = SignalSubscription([subject.subscribe(log), subject.map { $0 * 10 }.subscribe(log)])
      subject.send(1)
      _ = group
    }
    subject.send(2)
    #expect(log.events == [.value(1), .value(10)])
    #expect(!subject.hasObservers)
  }

  @Test func cancellingAScheduledActionsSubscriptionCancelsTheActionOnceAndReleasesIt() {
    let scheduler = TestScheduler()
    let ran = Locked(false)
    let flag = ReleaseFlag()
    let subscription: SignalSubscription
    do {
      let probe = flag.probe()
      let action = scheduler.schedule(after: .seconds(1)) {
        probe.touch()
        ran.withLock { $0 = true }
      }
      subscription = SignalSubscription(cancelling: action, on: scheduler)
    }
    subscription.cancel()
    #expect(scheduler.pendingCount == 0)
    #expect(flag.isReleased, "the scheduler let go of the action")
    subscription.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(!ran.withLock { $0 })
  }
}
