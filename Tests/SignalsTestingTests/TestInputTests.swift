import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

private struct Point: Equatable, Sendable {
  var x: Int
  var label: String
}

@Suite struct TestInputTests {
  let test = MarbleTest(frame: .milliseconds(1))

  // MARK: Hot inputs from event lists

  @Test func aHotInputSendsItsEventsAtTheirTicksToWhoeverIsSubscribed() {
    let xs = test.hotInput([.value(150, -1), .value(210, 101), .value(250, 7), .finished(600)])
    let results = test.record(xs, subscribed: 200)
    #expect(results.testEvents == [.value(210, 101), .value(250, 7), .finished(600)])
    #expect(results.events.map(\.time) == [210, 250, 600].map { SignalInstant(offset: .milliseconds($0)) })
  }

  @Test func valuesMayBeOfAnySendableType() {
    let points = test.hotInput([.value(10, Point(x: 1, label: "a")), .value(20, Point(x: -2, label: "b"))])
    #expect(test.record(points, frames: 30).values == [Point(x: 1, label: "a"), Point(x: -2, label: "b")])
    let words = test.hotInput([.value(40, "hello"), .value(50, "[1,\"a\"]")])
    #expect(test.record(words, frames: 60).values == ["hello", "[1,\"a\"]"])
    let pairs = test.coldInput([.value(5, (1, "a")), .value(6, (2, "b"))])
    #expect(test.record(pairs, subscribed: 100, cancelled: 200).values.map(\.1) == ["a", "b"])
  }

  @Test func anInputCanFailWithAnyError() {
    let xs = test.hotInput([.value(210, 1), .failed(300, MarbleTestError(code: 4))])
    let results = test.start { xs }
    #expect(results.testEvents == [.value(210, 1), .failed(300, MarbleTestError(code: 4))])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 300)])
  }

  @Test func eventsAtTheSameTickAreSentInTheOrderOfTheList() {
    let xs = test.hotInput([.value(220, 2), .value(210, 1), .value(220, 3), .finished(220)])
    #expect(test.start { xs }.testEvents == [.value(210, 1), .value(220, 2), .value(220, 3), .finished(220)])
  }

  @Test func eventsBeforeTheOriginAreNeverSent() {
    let xs = test.hotInput([.value(-5, "early"), .value(0, "zero"), .value(5, "late")])
    #expect(test.record(xs, frames: 10).values == ["zero", "late"])
  }

  @Test func nothingIsSentAfterATerminalEvent() {
    let xs = test.hotInput([.value(210, 1), .finished(220), .value(230, 2)])
    #expect(test.start { xs }.testEvents == [.value(210, 1), .finished(220)])
  }

  @Test func eventsMayBeAtInstantsOffTheGrid() {
    let coarse = MarbleTest(frame: .milliseconds(100))
    let offGrid = SignalInstant(offset: .milliseconds(250))
    let xs = coarse.hotInput([.value(.instant(offGrid), "a"), .value(3, "b")])
    let results = coarse.record(xs, subscribed: 0, cancelled: 5)
    #expect(results.testEvents == [.value(.instant(offGrid), "a"), .value(3, "b")])
    #expect(results.marbles() == "--ab")
  }

  // MARK: Cold inputs from event lists

  @Test func aColdInputStartsAtEachSubscription() {
    let ys = test.coldInput([.value(10, "x"), .value(20, "y"), .finished(30)])
    let first = test.record(ys, subscribed: 200)
    let second = test.record(ys, subscribed: 500)
    #expect(first.testEvents == [.value(210, "x"), .value(220, "y"), .finished(230)])
    #expect(second.testEvents == [.value(510, "x"), .value(520, "y"), .finished(530)])
    #expect(ys.subscriptions == [TestSubscriptionRecord(200, 230), TestSubscriptionRecord(500, 530)])
  }

  @Test func aColdInputAtAnInstantCountsFromItsSubscription() {
    let ys = test.coldInput([.value(.instant(SignalInstant(offset: .microseconds(2500))), 1)])
    let results = test.record(ys, subscribed: 100, cancelled: 110)
    #expect(results.testEvents == [.value(.instant(SignalInstant(offset: .microseconds(102_500))), 1)])
  }

  // MARK: Subscriptions

  @Test func aSubscriptionEndsWhenItIsCancelled() {
    let xs = test.hotInput([.value(210, 1), .value(500, 2), .finished(600)])
    _ = test.start(cancelled: 400) { xs }
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 400)])
  }

  @Test func aSubscriptionEndsWhenTheObserverAnswersStop() {
    let xs = test.hotInput([.value(210, 1), .value(220, 2), .value(230, 3), .finished(600)])
    let ys = test.coldInput([.value(10, 1), .value(20, 2), .finished(600)])
    #expect(test.start { xs.prefix(2) }.testEvents == [.value(210, 1), .value(220, 2), .finished(220)])
    #expect(test.start(created: 1000, subscribed: 1000, cancelled: 2000) { ys.first() }.values == [1])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 220)])
    #expect(ys.subscriptions == [TestSubscriptionRecord(1000, 1010)])
  }

  @Test func aSubscriptionThatNeverEndedHasNoEnd() {
    let xs = test.hotInput([.value(210, 1)])
    let recorder = SignalRecorder<Int, Never>(scheduler: test.scheduler)
    let subscription = xs.subscribe(recorder)
    test.scheduler.advance(to: test.instant(of: 300))
    #expect(xs.subscriptions == [TestSubscriptionRecord(0)])
    #expect(xs.subscriptions.first?.description == "(0, not ended)")
    subscription.cancel()
    #expect(xs.subscriptions == [TestSubscriptionRecord(0, 300)])
  }

  @Test func aSubscriptionToAFinishedHotInputStartsAndEndsAtOnce() {
    let xs = test.hotInput([TestEvent<Int, Never>.finished(100)])
    let results = test.start { xs }
    #expect(results.testEvents == [.finished(200)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 200)])
  }

  @Test func releasingASubscriptionEndsIt() {
    let xs = test.hotInput([.value(210, 1)])
    do {
      let subscription = xs.subscribe(SignalRecorder<Int, Never>(scheduler: test.scheduler))
      test.scheduler.advance(to: test.instant(of: 250))
      withExtendedLifetime(subscription) {}
    }
    test.scheduler.advance(to: test.instant(of: 260))
    #expect(xs.subscriptions == [TestSubscriptionRecord(0, 250)])
  }

  @Test func anEndOffTheGridIsAnInstant() {
    let coarse = MarbleTest(frame: .milliseconds(100))
    let xs = coarse.hotInput([.value(1, "a")])
    let offGrid = SignalInstant(offset: .milliseconds(250))
    _ = coarse.record(xs, subscribed: 1, cancelled: .instant(offGrid))
    #expect(xs.subscriptions == [TestSubscriptionRecord(1, .instant(offGrid))])
    #expect(coarse.time(of: offGrid) == .instant(offGrid))
    #expect(coarse.time(of: SignalInstant(offset: .milliseconds(300))) == .tick(3))
  }

  @Test func subscriptionsDrawAsRxJSSubscriptionDiagrams() throws {
    let m = MarbleTest()
    let input = try m.hotInput("-a-^-b-|")
    let early = try m.coldInput("-a-b")
    _ = m.record(input)
    _ = m.record(early.prefix(1))
    #expect(input.subscriptionMarbles == ["^---!"])
    #expect(early.subscriptionMarbles == ["----^!"])
    let instant = try m.coldInput("|")
    _ = m.record(instant)
    #expect(instant.subscriptionMarbles == ["-----(^!)"])
  }

  // MARK: Inputs from diagrams

  @Test func diagramInputsRecordTheirSubscriptionsToo() throws {
    let m = MarbleTest()
    let hot = try m.hotInput("--a--b--|", values: ["a": 1, "b": 2])
    let cold = try m.coldInput("-x#", error: MarbleTestError(code: 2))
    let typed = try m.coldInput("-1-2|", values: [:] as [Character: Int])
    let failing = try m.hotInput("-a#", values: ["a": 1], error: MarbleTestError(code: 3))
    #expect(m.record(hot).marbles(values: ["a": 1, "b": 2]) == "--a--b--|")
    #expect(m.record(cold).completion == .failed(MarbleTestError(code: 2)))
    #expect(m.record(typed).values == [1, 2])
    #expect(try m.hotInput("ab").subscriptions.isEmpty)
    #expect(hot.subscriptions == [TestSubscriptionRecord(0, 8)])
    #expect(cold.subscriptions == [TestSubscriptionRecord(8, 10)])
    #expect(typed.subscriptions == [TestSubscriptionRecord(10, 14)])
    #expect(failing.subscriptions.isEmpty)
  }

  @Test func everyDiagramFormMakesATestInput() throws {
    let m = MarbleTest()
    let hot = try m.hotInput("-a#", error: MarbleTestError(code: 1))
    let cold = try m.coldInput("-1-2|", values: ["1": 10, "2": 20])
    let coldFailing = try m.coldInput("-a#", values: ["a": 1], error: MarbleTestError(code: 2))
    #expect(m.record(hot).completion == .failed(MarbleTestError(code: 1)))
    #expect(m.record(cold).values == [10, 20])
    #expect(m.record(coldFailing).testEvents == [.value(7, 1), .failed(8, MarbleTestError(code: 2))])
    #expect(hot.subscriptions == [TestSubscriptionRecord(0, 2)])
  }

  @Test func aTestThatEndsCancelsItsHotInputsPendingEvents() throws {
    // Today releasing a scheduled action's handle also cancels it; MarbleTest's deinit cancels explicitly,
    // which keeps this true once handles no longer cancel when released.
    let scheduler = TestScheduler()
    do {
      let m = MarbleTest(scheduler: scheduler)
      _ = try m.hotInput("--a--b|")
      _ = m.hotInput([.value(3, "c")])
      #expect(scheduler.pendingCount == 4)
    }
    #expect(scheduler.pendingCount == 0)
  }

  @Test func aTestEventReadsAsWritten() {
    #expect(TestEvent<Int, MarbleTestError>.value(210, 2).description == "value(210, 2)")
    #expect(
      TestEvent<Int, Never>.finished(.instant(SignalInstant(offset: .milliseconds(2650)))).description
        == "finished(2.65 s)")
    #expect(TestEvent<Int, MarbleTestError>.failed(3, MarbleTestError()).description.hasPrefix("failed(3, "))
    #expect(TestSubscriptionRecord(200, 600).description == "(200, 600)")
  }
}
