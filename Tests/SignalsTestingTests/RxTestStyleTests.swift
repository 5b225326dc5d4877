import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// Timing cases stated as RxTest states them: hot and cold inputs from event lists at virtual ticks,
// `start` (created 100, subscribed 200, cancelled 1000), and each input's subscriptions. Several port
// cases of RxSwift's own test suite (as facts about the operators, in our own code). One tick = 1 ms.

@Suite struct RxTestStyleTests {
  let test = MarbleTest(frame: .milliseconds(1))

  // MARK: The case

  @Test func aHotInputAtTicks150To600AndItsSubscriptions() {
    let xs = test.hotInput([.value(150, 1), .value(210, 2), .value(340, 3), .value(420, 4), .finished(600)])
    let results = test.start { xs.map { $0 * 10 } }
    #expect(results.testEvents == [.value(210, 20), .value(340, 30), .value(420, 40), .finished(600)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 600)])
  }

  // MARK: map

  @Test func mapTransformsEveryValueSentAfterTheSubscription() {
    let xs = test.hotInput([
      .value(150, 1), .value(210, 0), .value(220, 1), .value(230, 2), .value(240, 4), .finished(300),
    ])
    let results = test.start { xs.map { $0 * 2 } }
    #expect(results.testEvents == [.value(210, 0), .value(220, 2), .value(230, 4), .value(240, 8), .finished(300)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 300)])
  }

  @Test func mapPassesAFailureOn() {
    let xs = test.hotInput([.value(150, 1), .value(210, 0), .value(220, 1), .failed(230, MarbleTestError(code: 9))])
    let results = test.start { xs.map { $0 + 1 } }
    #expect(results.testEvents == [.value(210, 1), .value(220, 2), .failed(230, MarbleTestError(code: 9))])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 230)])
  }

  @Test func cancellingBeforeTheEndStopsTheUpstream() {
    let xs = test.hotInput([.value(210, 1), .value(250, 2), .value(310, 3), .finished(400)])
    let results = test.start(cancelled: 290) { xs.map { -$0 } }
    #expect(results.testEvents == [.value(210, -1), .value(250, -2)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 290)])
  }

  // MARK: filter

  @Test func filterKeepsTheValuesThatPass() {
    let xs = test.hotInput([
      .value(110, 1), .value(180, 2), .value(230, 3), .value(270, 4), .value(340, 5), .value(380, 6),
      .value(390, 7), .value(450, 8), .value(470, 9), .value(560, 10), .value(580, 11), .finished(600),
    ])
    let results = test.start { xs.filter { $0 % 2 == 0 } }
    #expect(
      results.testEvents == [.value(270, 4), .value(380, 6), .value(450, 8), .value(560, 10), .finished(600)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 600)])
  }

  @Test func filterCancelledEarly() {
    let xs = test.hotInput([.value(230, 3), .value(270, 4), .value(340, 5), .value(380, 6), .finished(600)])
    let results = test.start(cancelled: 400) { xs.filter { $0 > 4 } }
    #expect(results.testEvents == [.value(340, 5), .value(380, 6)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 400)])
  }

  // MARK: debounce

  @Test func debounceSendsEachValueAfterAQuietTime() {
    let xs = test.hotInput([
      .value(150, -1), .value(250, 0), .value(280, 1), .value(290, 2), .value(350, 3), .value(400, 4), .finished(550),
    ])
    let results = test.start { xs.debounce(for: .milliseconds(20), scheduler: test.scheduler) }
    #expect(
      results.testEvents == [.value(270, 0), .value(310, 2), .value(370, 3), .value(420, 4), .finished(550)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 550)])
  }

  @Test func debounceSendsThePendingValueWhenTheUpstreamFinishes() {
    let xs = test.hotInput([.value(210, 1), .value(220, 2), .value(225, 3), .finished(230)])
    let results = test.start { xs.debounce(for: .milliseconds(20), scheduler: test.scheduler) }
    #expect(results.testEvents == [.value(230, 3), .finished(230)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 230)])
  }

  // MARK: throttle

  @Test func throttleLatestSendsTheFirstAtOnceThenTheLatestOfEachWindow() {
    let xs = test.hotInput([
      .value(150, -1), .value(210, 1), .value(220, 2), .value(230, 3), .value(280, 4), .value(300, 5),
      .value(400, 6), .finished(500),
    ])
    let results = test.start { xs.throttle(for: .milliseconds(50), scheduler: test.scheduler, latest: true) }
    #expect(
      results.testEvents == [.value(210, 1), .value(260, 3), .value(310, 5), .value(400, 6), .finished(500)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 500)])
  }

  @Test func throttleFirstKeepsTheFirstValueOfEachWindow() {
    // Combine's `latest: false` (see Decisions): the first value held in a window is sent when it ends.
    let xs = test.hotInput([
      .value(210, 1), .value(220, 2), .value(230, 3), .value(280, 4), .value(300, 5), .value(400, 6), .finished(500),
    ])
    let results = test.start { xs.throttle(for: .milliseconds(50), scheduler: test.scheduler, latest: false) }
    #expect(
      results.testEvents == [.value(210, 1), .value(260, 2), .value(310, 4), .value(400, 6), .finished(500)])
  }

  // MARK: timeout

  @Test func timeoutFailsWhenTheUpstreamIsSilentTooLong() {
    let xs = test.hotInput([.value(150, 1), .value(210, 2), .value(300, 3), .value(650, 4), .finished(700)])
    let results = test.start { xs.timeout(.milliseconds(100), scheduler: test.scheduler) }
    #expect(results.testEvents == [.value(210, 2), .value(300, 3), .failed(400, .timedOut)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 400)])
  }

  @Test func timeoutThatNeverFiresPassesEverything() {
    let xs = test.hotInput([.value(70, 1), .value(130, 2), .value(310, 3), .value(400, 4), .finished(500)])
    let results = test.start { xs.timeout(.milliseconds(200), scheduler: test.scheduler) }
    #expect(results.testEvents == [.value(310, 3), .value(400, 4), .finished(500)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 500)])
  }

  @Test func timeoutSwitchesToTheFallbackAndSubscribesItThen() {
    let xs = test.hotInput([.value(210, 1), .value(240, 2), .value(500, 3)])
    let ys = test.coldInput([.value(50, -1), .finished(100)])
    let results = test.start { xs.timeout(.milliseconds(100), scheduler: test.scheduler, fallback: ys) }
    #expect(results.testEvents == [.value(210, 1), .value(240, 2), .value(390, -1), .finished(440)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 340)])
    #expect(ys.subscriptions == [TestSubscriptionRecord(340, 440)])
  }

  // MARK: Subscriptions of several inputs

  @Test func prefixUntilOutputCancelsBothInputsWhenTheTriggerFires() {
    let l = test.hotInput([.value(150, 1), .value(210, 2), .value(220, 3), .value(230, 4), .finished(250)])
    let r = test.hotInput([.value(150, 1), .value(225, 2), .finished(250)])
    let results = test.start { l.prefix(untilOutputFrom: r) }
    #expect(results.testEvents == [.value(210, 2), .value(220, 3), .finished(225)])
    #expect(l.subscriptions == [TestSubscriptionRecord(200, 225)])
    #expect(r.subscriptions == [TestSubscriptionRecord(200, 225)])
  }

  @Test func switchToLatestCancelsTheInnerItReplaces() {
    let ys1 = test.coldInput([.value(10, 101), .value(20, 102), .value(110, 103), .finished(200)])
    let ys2 = test.coldInput([.value(10, 201), .value(20, 202), .finished(50)])
    let xs = test.hotInput([.value(300, ys1), .value(400, ys2), .finished(500)])
    let results = test.start { xs.switchToLatest() }
    #expect(
      results.testEvents == [.value(310, 101), .value(320, 102), .value(410, 201), .value(420, 202), .finished(500)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 500)])
    #expect(ys1.subscriptions == [TestSubscriptionRecord(300, 400)])
    #expect(ys2.subscriptions == [TestSubscriptionRecord(400, 450)])
  }

  @Test func retryResubscribesAColdInputAfterEachFailure() {
    let xs = test.coldInput([.value(10, 1), .failed(20, MarbleTestError(code: 5))])
    let results = test.start { xs.retry(2) }
    #expect(
      results.testEvents == [
        .value(210, 1), .value(230, 1), .value(250, 1), .failed(260, MarbleTestError(code: 5)),
      ])
    #expect(
      xs.subscriptions == [
        TestSubscriptionRecord(200, 220), TestSubscriptionRecord(220, 240), TestSubscriptionRecord(240, 260),
      ])
  }

  @Test func mergeSubscribesToEveryInputAndEndsWithTheLast() {
    let xs = test.hotInput([.value(210, "a"), .finished(300)])
    let ys = test.hotInput([.value(220, "b"), .value(350, "c"), .finished(400)])
    let results = test.start { xs.merge(with: ys) }
    #expect(results.testEvents == [.value(210, "a"), .value(220, "b"), .value(350, "c"), .finished(400)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 300)])
    #expect(ys.subscriptions == [TestSubscriptionRecord(200, 400)])
  }

  @Test func appendSubscribesToTheSecondWhenTheFirstFinishes() {
    let xs = test.coldInput([.value(10, 1), .finished(50)])
    let ys = test.coldInput([.value(20, 2), .finished(30)])
    let results = test.start { xs.append(ys) }
    #expect(results.testEvents == [.value(210, 1), .value(270, 2), .finished(280)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 250)])
    #expect(ys.subscriptions == [TestSubscriptionRecord(250, 280)])
  }
}
