import Signals
import SignalsTesting
import Testing

@Suite struct AfterSignalTests {
  @Test func emitsThenFinishesAtTheDelay() {
    let scheduler = TestScheduler()
    let log = TimedLog<Void>(on: scheduler)
    let token = AfterSignal(.milliseconds(2600), on: scheduler).subscribe(log.observer)
    scheduler.advance(by: .milliseconds(2599))
    #expect(log.values.isEmpty)
    #expect(log.finishedAt.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(log.times == [instant(2.6)])
    #expect(log.finishedAt == [instant(2.6)])
    #expect(scheduler.pendingCount == 0)
    withExtendedLifetime(token) {}
  }

  @Test func carriesAValue() {
    let scheduler = TestScheduler()
    let log = EventLog<String, Never>()
    let token = AfterSignal(.seconds(3), value: "timed out", on: scheduler).subscribe(log)
    scheduler.advance(by: .seconds(3))
    #expect(log.values == ["timed out"])
    #expect(log.completion == .finished)
    withExtendedLifetime(token) {}
  }

  @Test func theDelayIsMeasuredFromEachSubscription() {
    let scheduler = TestScheduler()
    let signal = AfterSignal(.seconds(1), value: 1, on: scheduler)
    let first = TimedLog<Int>(on: scheduler)
    let second = TimedLog<Int>(on: scheduler)
    let token = signal.subscribe(first.observer)
    scheduler.advance(by: .milliseconds(400))
    let other = signal.subscribe(second.observer)
    scheduler.run()
    #expect(first.times == [instant(1)])
    #expect(second.times == [instant(1.4)])
    withExtendedLifetime((token, other)) {}
  }

  @Test(arguments: [Duration.zero, .seconds(-2)])
  func aZeroOrNegativeDelayFiresAtTheNextAdvanceNotDuringSubscribe(delay: Duration) {
    let scheduler = TestScheduler()
    scheduler.advance(by: .seconds(5))
    let log = TimedLog<Void>(on: scheduler)
    let token = AfterSignal(delay, on: scheduler).subscribe(log.observer)
    #expect(log.values.isEmpty)
    scheduler.advance()
    #expect(log.times == [instant(5)])
    #expect(log.finishedAt == [instant(5)])
    withExtendedLifetime(token) {}
  }

  @Test func cancellingBeforeTheDeadlineDeliversNothingAndReleasesTheObserver() {
    let scheduler = TestScheduler()
    let flag = ReleaseFlag()
    let probe = flag.probe()
    let events = Locked(0)
    let token = AfterSignal(.seconds(1), on: scheduler).sink { _ in
      probe.touch()
      events.withLock { $0 += 1 }
    }
    _ = consume probe
    #expect(scheduler.pendingCount == 1)
    token.cancel()
    #expect(scheduler.pendingCount == 0)
    #expect(flag.isReleased)
    scheduler.advance(by: .seconds(2))
    #expect(events.withLock { $0 } == 0)
    token.cancel()  // idempotent
  }

  @Test func stopOnTheValueSkipsFinished() {
    let scheduler = TestScheduler()
    let log = EventLog<Void, Never> { _ in .stop }
    let token = AfterSignal(.seconds(1), on: scheduler).subscribe(log)
    scheduler.advance(by: .seconds(1))
    #expect(log.events.count == 1)
    #expect(log.completion == nil)
    withExtendedLifetime(token) {}
  }

  @Test func cancellingDuringTheValueSkipsFinished() {
    let scheduler = TestScheduler()
    let holder = Locked<SignalSubscription?>(nil)
    let events = Locked<[String]>([])
    let token = AfterSignal(.seconds(1), on: scheduler).observe { event in
      events.withLock { $0.append(event.isTerminal ? "finished" : "value") }
      holder.withLock { $0 }?.cancel()
    }
    holder.withLock { $0 = token }
    scheduler.advance(by: .seconds(1))
    #expect(events.withLock { $0 } == ["value"])
  }

  @Test func onTheImmediateSchedulerItFiresDuringSubscribe() {
    let log = EventLog<Int, Never>()
    let token = AfterSignal(.seconds(10), value: 7, on: ImmediateSignalScheduler()).subscribe(log)
    #expect(log.values == [7])
    #expect(log.completion == .finished)
    token.cancel()
  }
}
