import Signals
import SignalsTesting
import Testing

// "Coming from Combine" (Sources/Signals/Signals.docc/ComingFromCombine.md) says how Signals spells each
// Combine operator. This file writes them as a Combine user writes them, from Combine's operator reference
// (and CombineExt's and RxSwift's, for materialize, dematerialize, pairwise, withLatestFrom and the replaying
// share): if a call here stops compiling, the Combine ↔ Signals table in the docs is wrong. Where Signals spells something differently, the line says so and the
// table names it: `.signal` for `.publisher`, `JustSignal` for `Just`, `PassthroughSignal` for
// `PassthroughSubject`, `.failed` for `.failure`, and `breakpoint`'s `receiveSubscription` closure, which
// takes no argument. Each call's result is checked, so the probe also pins Combine's answers.

private struct ProbeError: Error, Equatable {}

private struct Point: Sendable {
  var x: Int
  var y: Int
  var z: Int
}

/// The values a signal sends, and how it ends (`nil` when it finished; the error when it failed).
private func outcome<S: Signal>(_ signal: S) -> (values: [S.Output], error: (any Error)?) {
  let log = Locked<[S.Output]>([])
  let failure = Locked<(any Error)?>(nil)
  let token = signal.sink(
    receiveCompletion: { completion in
      if case .failed(let error) = completion { failure.withLock { $0 = error } }
    }, receiveValue: { value in log.withLock { $0.append(value) } })
  withExtendedLifetime(token) {}
  return (log.withLock { $0 }, failure.withLock { $0 })
}

private final class Meter: Sendable {
  let reading = Locked(0)
  var value: Int {
    get { reading.withLock { $0 } }
    set { reading.withLock { $0 = newValue } }
  }
}

@Suite struct CombineSpellingProbeTests {
  let numbers = [3, 1, 4, 1, 5].signal  // Combine: [3, 1, 4, 1, 5].publisher

  @Test func mappingElements() {
    let running = outcome(
      numbers.tryScan(0) { sum, value in
        guard value != 5 else { throw ProbeError() }
        return sum + value
      })
    #expect(running.values == [3, 4, 8, 9] && running.error is ProbeError)
    let optionals: [Int?] = [1, nil, 3]
    #expect(outcome(optionals.signal.replaceNil(with: 0)).values == [1, 0, 3])
  }

  @Test func filteringElements() {
    #expect(outcome(numbers.tryFilter { $0 > 1 }).values == [3, 4, 5])
    let parsed = outcome(
      ["1", "x", "3"].signal.tryCompactMap { text -> Int? in
        guard !text.isEmpty else { throw ProbeError() }
        return Int(text)
      })
    #expect(parsed.values == [1, 3] && parsed.error == nil)
    #expect(outcome([1, 1, 2, 2, 1].signal.tryRemoveDuplicates(by: { $0 == $1 })).values == [1, 2, 1])
  }

  @Test func reducingElements() {
    #expect(outcome(numbers.tryReduce(0, +)).values == [14])
    let thrown = outcome(
      numbers.tryReduce(0) { sum, value in
        if value == 4 { throw ProbeError() }
        return sum + value
      })
    #expect(thrown.values.isEmpty && thrown.error is ProbeError)
  }

  @Test func mathematicalOperations() {
    #expect(outcome(numbers.max()).values == [5])
    #expect(outcome(numbers.min()).values == [1])
    #expect(outcome(numbers.max(by: <)).values == [5])
    #expect(outcome(numbers.min(by: { $0 < $1 })).values == [1])
    #expect(outcome(numbers.tryMax(by: { $0 < $1 })).values == [5])
    let thrown = outcome(
      numbers.tryMin { first, second in
        if first == 4 { throw ProbeError() }
        return first < second
      })
    #expect(thrown.error is ProbeError)
  }

  @Test func matchingCriteria() {
    #expect(outcome(numbers.contains(4)).values == [true])
    #expect(outcome(numbers.contains(where: { $0 > 9 })).values == [false])
    #expect(outcome(numbers.tryContains(where: { $0 == 1 })).values == [true])
    #expect(outcome(numbers.allSatisfy { $0 > 0 }).values == [true])
    let thrown = outcome(
      numbers.tryAllSatisfy { value in
        if value == 1 { throw ProbeError() }
        return true
      })
    #expect(thrown.error is ProbeError)
  }

  @Test func sequenceOperationsAndSelecting() {
    #expect(outcome(numbers.tryDrop(while: { $0 > 2 })).values == [1, 4, 1, 5])
    #expect(outcome(numbers.tryPrefix(while: { $0 > 2 })).values == [3])
    #expect(outcome(numbers.tryFirst(where: { $0 > 3 })).values == [4])
    #expect(outcome(numbers.tryLast(where: { $0 < 4 })).values == [1])
    #expect(outcome(numbers.output(in: 1...3)).values == [1, 4, 1])
    #expect(outcome(numbers.output(in: 3...)).values == [1, 5])
  }

  @Test func handlingErrors() {
    let failing = [1].signal.setFailureType(to: ProbeError.self).append(FailSignal(ProbeError()))  // Combine: Fail
    #expect(outcome(failing.tryCatch { _ in JustSignal(0) }).values == [1, 0])  // Combine: Just(0)
    let rethrown = outcome(failing.tryCatch { error -> JustSignal<Int> in throw error })
    #expect(rethrown.values == [1] && rethrown.error is ProbeError)
    #expect(outcome([1, 2].signal.setFailureType(to: ProbeError.self).assertNoFailure()).values == [1, 2])
    #expect(outcome([1, 2].signal.setFailureType(to: ProbeError.self).assertNoFailure("probe")).values == [1, 2])
  }

  @Test func debugging() {
    let watched = numbers.breakpoint(
      receiveSubscription: { false },  // Signals: no subscription argument (Combine's closure takes one)
      receiveOutput: { $0 > 100 },
      receiveCompletion: { completion in
        if case .failed = completion { return true }  // Combine: .failure
        return false
      })
    #expect(outcome(watched).values == [3, 1, 4, 1, 5])
    #expect(outcome(numbers.breakpointOnError()).values == [3, 1, 4, 1, 5])
  }

  @Test func keyPaths() {
    let points = [Point(x: 1, y: 2, z: 3)].signal
    #expect(outcome(points.map(\.x)).values == [1])
    #expect(outcome(points.map(\.x, \.y)).values.map { "\($0.0)\($0.1)" } == ["12"])
    #expect(outcome(points.map(\.x, \.y, \.z)).values.map { "\($0.0)\($0.1)\($0.2)" } == ["123"])
  }

  @Test func combiningPublishers() {
    let (a, b, c, d) = ([1, 2].signal, ["x", "y"].signal, [true, false].signal, [0.5, 1.5].signal)
    #expect(outcome(a.zip(b) { "\($0)\($1)" }).values == ["1x", "2y"])
    #expect(outcome(a.zip(b, c) { "\($0)\($1)\($2)" }).values == ["1xtrue", "2yfalse"])
    #expect(outcome(a.zip(b, c, d)).values.map { "\($0.0)\($0.1)\($0.2)\($0.3)" } == ["1xtrue0.5", "2yfalse1.5"])
    #expect(outcome(a.zip(b, c, d) { "\($0)\($1)\($2)\($3)" }).values == ["1xtrue0.5", "2yfalse1.5"])
    #expect(outcome(a.combineLatest(b) { "\($0)\($1)" }).values == ["2x", "2y"])
    #expect(outcome(a.combineLatest(b, c) { "\($0)\($1)\($2)" }).values == ["2ytrue", "2yfalse"])
    #expect(outcome(a.combineLatest(b, c, d)).values.count == 2)
    #expect(outcome(a.combineLatest(b, c, d) { "\($0)\($1)\($2)\($3)" }).values == ["2yfalse0.5", "2yfalse1.5"])
    let merged = a.merge(with: a.map { $0 * 10 }, JustSignal(7), a.filter { $0 > 1 })
    #expect(outcome(merged).values == [1, 2, 10, 20, 7, 2])
  }

  @Test func fromCombineExt() {
    let events = outcome(numbers.prefix(1).materialize())
    #expect(events.values == [.value(3), .finished])
    #expect(outcome(numbers.materialize().dematerialize()).values == [3, 1, 4, 1, 5])
    #expect(outcome([1, 2, 3].signal.pairwise()).values.map { "\($0.0)\($0.1)" } == ["12", "23"])
  }

  // Timing, sharing, subscribers and sources; SignalsFoundationTests has the twin for the coding operators and
  // notifications.

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
