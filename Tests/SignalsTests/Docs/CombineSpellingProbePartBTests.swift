import Signals
import SignalsTesting
import Testing

// "Coming from Combine" (Sources/Signals/Signals.docc/ComingFromCombine.md) says how Signals spells each
// Combine operator. This file writes part B's operators as a Combine user would — Combine's spelling, or the
// table's where it differs (each such line says so) — so that the table's claims compile, and checks what
// each does in a line. SignalsFoundationTests has the twin for the coding operators and notifications.

private final class Meter: Sendable {
  let reading = Locked(0)
  var value: Int {
    get { reading.withLock { $0 } }
    set { reading.withLock { $0 = newValue } }
  }
}

@Suite struct CombineSpellingProbePartBTests {
  @Test func reducingAndTiming() {
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, Never>()
    // Combine: .collect(.byTime(scheduler, .seconds(1)), options: nil): no `options:`.
    let byTime = subject.collect(.byTime(scheduler, .seconds(1)))
    let byTimeOrCount = subject.collect(.byTimeOrCount(scheduler, .seconds(1), 2))
    // Combine: .measureInterval(using: scheduler, options: nil), sending the scheduler's Stride: a Duration.
    let intervals: MeasureIntervalSignal<PassthroughSignal<Int, Never>> = subject.measureInterval(using: scheduler)
    // Combine: .subscribe(on: scheduler, options: nil).
    let subscribedOn = subject.subscribe(on: scheduler)
    let logs = (EventLog<[Int], Never>(), EventLog<[Int], Never>(), EventLog<Duration, Never>(), EventLog<Int, Never>())
    let tokens = [
      byTime.subscribe(logs.0), byTimeOrCount.subscribe(logs.1), intervals.subscribe(logs.2),
      subscribedOn.subscribe(logs.3),
    ]
    scheduler.advance(by: .zero)
    subject.send(1)
    subject.send(2)
    scheduler.advance(by: .seconds(1))
    #expect(logs.0.values == [[1, 2]])
    #expect(logs.1.values == [[1, 2]])
    #expect(logs.2.values == [.zero, .zero])
    #expect(logs.3.values == [1, 2])
    withExtendedLifetime(tokens) {}
  }

  @Test func sequencing() {
    let values = PassthroughSignal<Int, Never>()
    let start = PassthroughSignal<Void, Never>()
    let log = EventLog<Int, Never>()
    let token = values.drop(untilOutputFrom: start).subscribe(log)
    values.send(1)
    start.send(())
    values.send(2)
    #expect(log.values == [2])
    withExtendedLifetime(token) {}
  }

  @Test func sharing() {
    let upstream = PassthroughSignal<Int, Never>()
    let connectable = upstream.makeConnectable()
    let early = EventLog<Int, Never>()
    let earlyToken = connectable.subscribe(early)
    // Combine's connect() returns a Cancellable; here a SignalSubscription, which disconnects when released.
    let connection: SignalSubscription = connectable.connect()
    upstream.send(1)
    let automatic = upstream.makeConnectable().autoconnect()
    let multicast = upstream.multicast { PassthroughSignal<Int, Never>() }
    let intoSubject = upstream.multicast(subject: CurrentValueSignal<Int, Never>(0))
    let shared = upstream.share()
    let logs = (EventLog<Int, Never>(), EventLog<Int, Never>(), EventLog<Int, Never>(), EventLog<Int, Never>())
    let tokens = [
      automatic.subscribe(logs.0), multicast.subscribe(logs.1), intoSubject.subscribe(logs.2),
      shared.subscribe(logs.3), multicast.connect(), intoSubject.connect(),
    ]
    upstream.send(2)
    #expect(early.values == [1, 2])
    #expect(logs.0.values == [2] && logs.1.values == [2] && logs.2.values == [0, 2] && logs.3.values == [2])
    withExtendedLifetime((earlyToken, connection, tokens)) {}
  }

  @Test func subscribersAndSources() {
    let meter = Meter()
    let readings = PassthroughSignal<Int, Never>()
    let assigned = readings.assign(to: \.value, on: meter)
    readings.send(7)
    #expect(meter.value == 7)
    // Combine: Record(output:completion:) and Record { $0.receive(…) }; `.failure` is `.failed`.
    let record = RecordSignal<Int, TestError>(output: [1], completion: .failed(TestError(1)))
    let recorded = RecordSignal<Int, TestError> { recording in
      recording.receive(2)
      recording.receive(completion: .finished)
    }
    // Combine: optional.publisher and result.publisher: `.signal`.
    let optional = Optional(3).signal
    let result = Result<Int, TestError>.success(4).signal
    let subject = PassthroughSignal<Int, TestError>()
    let feeding = record.subscribe(subject)
    #expect(events(record) == [.value(1), .failed(TestError(1))])
    #expect(events(recorded) == [.value(2), .finished])
    #expect(events(optional) == [.value(3), .finished])
    #expect(events(result) == [.value(4), .finished])
    #expect(events(subject) == [.failed(TestError(1))], "subscribe(_:) of a subject sent the record into it")
    withExtendedLifetime((assigned, feeding)) {}
  }

  @Test func whatCombineExtAndRxSwiftAdd() {
    let scheduler = TestScheduler()
    let taps = PassthroughSignal<Int, Never>()
    let text = CurrentValueSignal<String, Never>("a")
    let latest = taps.withLatestFrom(text)
    let combined = taps.withLatestFrom(text) { tap, text in "\(text)\(tap)" }
    let replayed = taps.share(replay: 1)
    let subject = ReplaySignal<Int, Never>(bufferSize: 1)
    let failing = FailSignal<Int, TestError>(TestError(1))
    let retried = failing.retry(
      1, delay: .exponential(initial: .seconds(1), maximum: .seconds(2)), scheduler: scheduler)
    let logs = (EventLog<String, Never>(), EventLog<String, Never>(), EventLog<Int, TestError>())
    let tokens = [latest.subscribe(logs.0), combined.subscribe(logs.1), retried.subscribe(logs.2)]
    let replayToken = replayed.sink { _ in }
    taps.send(1)
    subject.send(5)
    scheduler.run()
    #expect(logs.0.values == ["a"] && logs.1.values == ["a1"])
    #expect(logs.2.events == [.failed(TestError(1))])
    #expect(events(replayed.prefix(1)) == [.value(1), .finished])
    #expect(events(subject.prefix(1)) == [.value(5), .finished])
    withExtendedLifetime((tokens, replayToken)) {}
  }
}
