import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct SignalRecorderTests {
  @Test func recordsEveryEventWithItsInstantNoLockBoxNeeded() {
    let scheduler = TestScheduler()
    let ticks = TimerSignal(every: .seconds(1), on: scheduler).prefix(3)
    let recorder = SignalRecorder<Int, Never>(scheduler: scheduler)
    let subscription = ticks.subscribe(recorder)
    scheduler.advance(by: .seconds(5))
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.completion == .finished)
    #expect(recorder.entries.map(\.time) == [1, 2, 3, 3].map { SignalInstant(offset: .seconds($0)) })
    #expect(recorder.recording(frame: .seconds(1)).marbles() == "-12(3|)")
    subscription.cancel()
  }

  @Test func itsAnswerCanStopTheSubscription() {
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, Never>()
    let recorder = SignalRecorder<Int, Never>(scheduler: scheduler) { $0 == .value(2) ? .stop : .continue }
    let subscription = subject.subscribe(recorder)
    for n in 1...3 { subject.send(n) }
    #expect(recorder.events == [.value(1), .value(2)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(subscription) {}
  }

  @Test func itRecordsEverySubscriptionItIsGiven() {
    let scheduler = TestScheduler()
    let recorder = SignalRecorder<String, Never>(scheduler: scheduler)
    let one = JustSignal("a").subscribe(recorder)
    let two = JustSignal("b").subscribe(recorder)
    #expect(recorder.events == [.value("a"), .finished, .value("b"), .finished])
    withExtendedLifetime((one, two)) {}
  }

  @Test func itIsThreadSafe() async {
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, Never>()
    let recorder = SignalRecorder<Int, Never>(scheduler: scheduler)
    let subscription = subject.subscribe(recorder)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask { for n in 0..<250 { subject.send(worker * 1000 + n) } }
      }
    }
    #expect(recorder.values.count == 1000)
    #expect(Set(recorder.values).count == 1000)
    subscription.cancel()
  }
}

@Suite struct MarbleTestRecordingTests {
  let test = MarbleTest(frame: .milliseconds(1))

  @Test func recordSubscribesAndCancelsAtTheGivenTicks() {
    let xs = test.hotInput([.value(100, "a"), .value(300, "b"), .value(500, "c"), .finished(700)])
    let recording = test.record(xs, subscribed: 200, cancelled: 400)
    #expect(recording.testEvents == [.value(300, "b")])
    #expect(xs.subscriptions == [TestSubscriptionRecord(200, 400)])
    #expect(test.scheduler.now == test.instant(of: 400))
  }

  @Test func withoutACancelInstantRecordRunsUntilNothingIsPending() {
    let ys = test.coldInput([.value(5, 1), .finished(10)])
    let recording = test.record(ys, subscribed: 50)
    #expect(recording.testEvents == [.value(55, 1), .finished(60)])
    #expect(test.scheduler.pendingCount == 0)
  }

  @Test func startUsesRxTestsDefaults() {
    let made = Locked<[SignalInstant]>([])
    let scheduler = test.scheduler
    let ys = test.coldInput([.value(0, "x"), .value(900, "late")])
    let results = test.start {
      let now = scheduler.now
      made.withLock { $0.append(now) }
      return ys
    }
    #expect(made.withLock { $0 } == [test.instant(of: 100)])
    #expect(results.testEvents == [.value(200, "x")])
    #expect(ys.subscriptions == [TestSubscriptionRecord(200, 1000)])
    #expect(scheduler.now == test.instant(of: 1000))
  }

  @Test func anEventAtTheCancelInstantCountsWhenItWasScheduledFirst() {
    // The hot input's event at 1000 was scheduled before `start` scheduled the cancellation.
    let xs = test.hotInput([.value(1000, 1)])
    #expect(test.start { xs }.testEvents == [.value(1000, 1)])
  }

  @Test func anEventAtTheCancelInstantScheduledLaterIsNotRecorded() {
    // The cold input schedules its event at 1000 when it is subscribed, at 200: after the cancellation.
    let ys = test.coldInput([.value(0, "first"), .value(800, "at the cancel instant")])
    #expect(test.start { ys }.testEvents == [.value(200, "first")])
    #expect(ys.subscriptions == [TestSubscriptionRecord(200, 1000)])
  }

  @Test func aRecordingsStepsMustBeInOrder() {
    #expect(test.problem(created: 100, subscribed: 200, cancelled: 1000) == nil)
    #expect(test.problem(created: 200, subscribed: 200, cancelled: 200) == nil)
    #expect(
      test.problem(created: 300, subscribed: 200, cancelled: 1000)
        == "Signals: MarbleTest: the instants of a recording must be in order, got created 300, subscribed 200, cancelled 1000"
    )
    #expect(
      test.problem(created: nil, subscribed: 500, cancelled: 400)
        == "Signals: MarbleTest: the instants of a recording must be in order, got subscribed 500, cancelled 400")
  }

  @Test func recordingsDrawAsLanesOfATimeline() throws {
    let m = MarbleTest(frame: .milliseconds(100))
    let input = try m.hotInput("-a--b|")
    let output = m.record(input.map { $0.uppercased() })
    let timeline = SignalTimeline(
      frame: m.frame, origin: m.origin, lanes: [output.lane("output", values: ["A": "A", "B": "B"])])
    #expect(timeline.description == "output  -A--B|")
    let failing = m.record(try m.coldInput("-#", error: MarbleTestError()))
    #expect(SignalTimeline(frame: m.frame, origin: m.origin, lanes: [failing.lane("f")]).description == "f  ------#")
  }
}
