import Signals
import SignalsTesting
import Testing

// The snippets of SignalsTesting.docc/EventListsAndSubscriptions.md and of the `///` comments of the
// event-list API, kept compiling and true here: each claim in a snippet's comments is an #expect.

@Suite struct EventListsArticleTests {
  @Test func inputsFromEventLists() {
    let test = MarbleTest(frame: .milliseconds(1))  // one tick = 1 ms
    let xs = test.hotInput([.value(150, 1), .value(210, 2), .value(340, 3), .value(420, 4), .finished(600)])
    let results = test.start { xs.map { $0 * 10 } }
    #expect(results.testEvents == [.value(210, 20), .value(340, 30), .value(420, 40), .finished(600)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 600)])
  }

  @Test func aRecorderOfYourOwn() {
    let scheduler = TestScheduler()
    let recorder = SignalRecorder<Int, Never>(scheduler: scheduler)
    let subscription = TimerSignal(every: .seconds(1), on: scheduler).prefix(3).subscribe(recorder)
    scheduler.advance(by: .seconds(5))
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.recording(frame: .seconds(1)).marbles() == "-12(3|)")
    subscription.cancel()
  }

  @Test func subscriptions() {
    let test = MarbleTest(frame: .milliseconds(1))
    let ys1 = test.coldInput([.value(10, 101), .value(20, 102), .value(110, 103), .finished(200)])
    let ys2 = test.coldInput([.value(10, 201), .value(20, 202), .finished(50)])
    let xs = test.hotInput([.value(300, ys1), .value(400, ys2), .finished(500)])
    let results = test.start { xs.switchToLatest() }
    #expect(ys1.subscriptions == [TestSubscriptionRecord(300, 400)])
    #expect(ys2.subscriptions == [TestSubscriptionRecord(400, 450)])
    #expect(results.values == [101, 102, 201, 202])
  }

  @Test func readingRxJSDiagrams() throws {
    let rx = MarbleTest(frame: .milliseconds(1), groupLength: .rxjs)
    let obs1 = try rx.coldInput("-a-c-e|")
    let obs2 = try rx.hotInput(" ^-b-d-f|")
    let mismatch = try rx.expect(obs1.merge(with: obs2), toProduce: " -abcdef|")
    #expect(mismatch == nil)
    #expect(obs1.subscriptionMarbles == ["^-----!"])
    #expect(obs2.subscriptionMarbles == ["^------!"])
  }
}

@Suite struct EventListDocCommentTests {
  @Test func testTime() {
    let test = MarbleTest(frame: .milliseconds(1))
    let times: [TestTime] = [150, .tick(210), .instant(SignalInstant(offset: .milliseconds(2650)))]
    #expect(test.instant(of: times[1]) == SignalInstant(offset: .milliseconds(210)))
    #expect(times.map(\.description) == ["150", "210", "2.65 s"])
  }

  @Test func testEvent() {
    let events: [TestEvent<Int, Never>] = [.value(150, -1), .value(210, 101), .finished(600)]
    #expect(events.map(\.time) == [150, 210, 600])
  }

  @Test func timeOfAnInstant() {
    let test = MarbleTest(frame: .milliseconds(100))
    #expect(test.time(of: SignalInstant(offset: .milliseconds(300))) == .tick(3))
    #expect(
      test.time(of: SignalInstant(offset: .milliseconds(250))) == .instant(SignalInstant(offset: .milliseconds(250))))
  }

  @Test func hotInputOfEvents() {
    let test = MarbleTest(frame: .milliseconds(1))
    let xs = test.hotInput([.value(150, 1), .value(210, 2), .finished(600)])
    let results = test.start { xs }
    #expect(results.testEvents == [.value(210, 2), .finished(600)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 600)])
  }

  @Test func hotInputThatFails() {
    struct Broken: Error, Equatable {}
    let test = MarbleTest(frame: .milliseconds(1))
    let xs = test.hotInput([.value(210, "a"), .failed(300, Broken())])
    #expect(test.start { xs }.testEvents == [.value(210, "a"), .failed(300, Broken())])
  }

  @Test func coldInputOfEvents() {
    let test = MarbleTest(frame: .milliseconds(1))
    let ys = test.coldInput([.value(10, "x"), .value(20, "y"), .finished(30)])
    let results = test.start { ys }
    #expect(results.testEvents == [.value(210, "x"), .value(220, "y"), .finished(230)])
    #expect(ys.subscriptions == [TestSubscriptionRecord(200, 230)])
  }

  @Test func hotInputOfADiagram() throws {
    let test = MarbleTest(frame: .milliseconds(1), groupLength: .rxjs)
    let e1 = try test.hotInput("--a--^--b--|", values: ["a": 1, "b": 2], error: TimeoutFailure<Never>.timedOut)
    #expect(test.record(e1).testEvents == [.value(3, 2), .finished(6)])
    let m = MarbleTest()
    let input = try m.hotInput("-a-^-b-|")
    _ = m.record(input)
    #expect(input.subscriptionMarbles == ["^---!"])
  }

  @Test func recordAtTicks() {
    let test = MarbleTest(frame: .milliseconds(1))
    let xs = test.hotInput([.value(100, "a"), .value(300, "b"), .value(500, "c"), .finished(700)])
    let recording = test.record(xs, subscribed: 200, cancelled: 400)
    #expect(recording.testEvents == [.value(300, "b")])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 400)])
  }

  @Test func startWithFilter() {
    let test = MarbleTest(frame: .milliseconds(1))
    let xs = test.hotInput([.value(150, 1), .value(210, 2), .value(220, 3), .value(230, 4), .finished(600)])
    let results = test.start { xs.filter { $0 % 2 == 0 } }
    #expect(results.testEvents == [.value(210, 2), .value(230, 4), .finished(600)])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 600)])
  }

  @Test func marbleRecording() {
    let test = MarbleTest(frame: .milliseconds(1))
    let xs = test.hotInput([.value(150, 1), .value(210, 2), .finished(300)])
    let results = test.start { xs.map { $0 + 1 } }
    #expect(results.testEvents == [.value(210, 3), .finished(300)])
    #expect(results.values == [3])
  }

  @Test func testEventsOfAColdInput() {
    let test = MarbleTest(frame: .milliseconds(1))
    let recording = test.start { test.coldInput([.value(0, "a"), .finished(50)]) }
    #expect(recording.testEvents == [.value(200, "a"), .finished(250)])
  }

  @Test func diagramGroupLengths() throws {
    let ours = try MarbleDiagram("-(ab)-c|")
    let pasted = try MarbleDiagram("-(ab)-c|", groupLength: .rxjs)
    #expect(ours.slots.map(\.frame) == [1, 3, 4])
    #expect(pasted.slots.map(\.frame) == [1, 6, 7])
  }

  @Test func timelineMarblesOfALane() {
    let timeline = SignalTimeline(frame: .seconds(1))
    let lane = SignalTimeline.Lane(
      "",
      marks: [.value("a", at: SignalInstant(offset: .seconds(2))), .finished(at: SignalInstant(offset: .seconds(2)))])
    #expect(timeline.marbles(of: lane) == "--(a|)")
  }
}
