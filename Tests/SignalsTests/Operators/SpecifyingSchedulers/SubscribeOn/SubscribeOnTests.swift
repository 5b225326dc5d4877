import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct SubscribeOnTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "subscribe-on", in: "Sources/Signals/Operators/SpecifyingSchedulers/SubscribeOn/SubscribeOn.swift")
    let input = try m.cold(diagram.inputs[0])
    try expectMarbles(m, input.subscribe(on: m.scheduler), diagram.output)
  }

  @Test func theUpstreamIsSubscribedOnTheScheduler() {
    let scheduler = TestScheduler()
    let subscriptions = Locked(0)
    let upstream = DeferredSignal { () -> JustSignal<Int> in
      subscriptions.withLock { $0 += 1 }
      return JustSignal(1)
    }
    let log = EventLog<Int, Never>()
    let token = upstream.subscribe(on: scheduler).subscribe(log)
    #expect(subscriptions.withLock { $0 } == 0)
    scheduler.advance(by: .zero)
    #expect(subscriptions.withLock { $0 } == 1)
    #expect(log.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func eventsAreNotMoved() {
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(on: scheduler).subscribe(log)
    scheduler.advance(by: .zero)
    subject.send(1)
    #expect(log.values == [1], "delivered on the sending thread, at once")
    withExtendedLifetime(token) {}
  }

  @Test func cancellingBeforeTheSubscriptionRanCancelsIt() {
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, Never>()
    let token = subject.subscribe(on: scheduler).sink { _ in }
    token.cancel()
    #expect(scheduler.pendingCount == 0)
    scheduler.advance(by: .seconds(1))
    #expect(!subject.hasObservers)
  }

  @Test func cancellingAfterItRanCancelsTheUpstreamAtOnce() {
    // Decided (Decisions.md): Combine cancels on the scheduler; here cancel() releases everything when it
    // returns, as the event contract promises.
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = subject.subscribe(on: scheduler).subscribe(log)
    scheduler.advance(by: .zero)
    #expect(subject.hasObservers)
    token.cancel()
    #expect(!subject.hasObservers)
    #expect(scheduler.pendingCount == 0)
    subject.send(1)
    #expect(log.events.isEmpty)
  }

  @Test func anImmediateSchedulerSubscribesAtOnce() {
    let log = EventLog<Int, Never>()
    let token = [1, 2].signal.subscribe(on: ImmediateSignalScheduler()).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func aRealQueueSubscribesThere() async {
    let queue = DispatchQueue(label: "subscribe-on")
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 7)
    let seen = Locked<Int?>(nil)
    let upstream = DeferredSignal { () -> JustSignal<Int> in
      seen.withLock { $0 = DispatchQueue.getSpecific(key: key) }
      return JustSignal(1)
    }
    let value = try? await upstream.subscribe(on: DispatchSignalScheduler(queue: queue)).firstValue()
    #expect(value == 1)
    #expect(seen.withLock { $0 } == 7)
  }

  @Test func stoppingLetsTheUpstreamGo() {
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never> { _ in .stop }
    let token = subject.subscribe(on: scheduler).subscribe(log)
    scheduler.advance(by: .zero)
    subject.send(1)
    subject.send(2)
    #expect(log.values == [1])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `subscribe(on:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let subscribeOn: [ContractCase] = [
    ContractCase(
      "subscribe(on:)", [.finishesWithInputs, .failsWithInput, .usesScheduler, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).map { [witness = context.witness] value in
        touch(witness)
        return value
      }.subscribe(on: context.scheduler).eraseToAnySignal()
    }
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `subscribe(on:)`'s rows of the bad-input table (`BadInputTests.swift`).
  static let subscribeOn: [BadInputRow] = [
    BadInputRow(
      api: "subscribe(on:)", input: "cancelled before the subscription ran", behaviour: "never subscribes"
    ) {
      let scheduler = TestScheduler()
      let subject = PassthroughSignal<Int, Never>()
      subject.subscribe(on: scheduler).sink { _ in }.cancel()
      scheduler.run()
      return !subject.hasObservers && scheduler.pendingCount == 0
    }
  ]
}
