import Foundation
import Signals
import SignalsTesting
import Testing

// Issue 6.2: every operator that combines sources or crosses threads, hammered by several threads at
// once: no value lost or duplicated (counts match, each sender's order kept), exactly one terminal
// event, no deadlock (a watchdog fails the test instead of hanging). Sized to run in seconds;
// `SIGNALS_STRESS_SCALE=10` runs ten times more. The registry-wide concurrent checks are in
// Contracts/ContractTests.swift; these follow each operator's own arithmetic.

@Suite("Stress", .serialized) struct StressTests {
  let threads = 4
  let perThread = stressSize(5_000)

  /// Phase 1: every thread sends its tagged values on `input(thread)`; phase 2: the threads race to end them.
  func hammer(_ inputs: [PassthroughSignal<Int, TestError>], end: Bool = true) {
    onThreads(threads) { thread in
      let input = inputs[thread % inputs.count]
      for number in 0..<perThread { input.send(Tag.make(thread, number)) }
    }
    guard end else { return }
    onThreads(threads) { thread in
      for input in inputs { input.send(.finished) }
      _ = thread
    }
    stressRounds.withLock { $0 += 1 }
  }

  func report(_ recorder: ContractRecorder, senders: Int? = nil) -> StressReport {
    let state = recorder.snapshot
    return StressReport(
      values: state.events.compactMap(\.value), senders: senders ?? threads, perSender: perThread,
      terminals: state.terminals)
  }

  @Test func passthroughSubjectDeliversEveryValueOnceToEveryObserver() async {
    let subject = PassthroughSignal<Int, TestError>()
    let observers = [ContractRecorder(), ContractRecorder()]
    let reports = await watchdog("\(threads) threads sending into a subject") {
      let tokens = observers.map { subject.subscribe($0) }
      hammer([subject])
      withExtendedLifetime(tokens) {}
      return observers.map { report($0) }
    }
    for report in reports ?? [] { #expect(report.isExact, "\(report)") }
    #expect(observers.allSatisfy { $0.snapshot.overlaps == 0 })
  }

  @Test func currentValueSubjectKeepsTheLastValueSent() async {
    let subject = CurrentValueSignal<Int, TestError>(-1)
    let recorder = ContractRecorder()
    let result = await watchdog("\(threads) threads setting a current value") {
      let token = subject.subscribe(recorder)
      onThreads(threads) { thread in
        for number in 0..<perThread { subject.send(Tag.make(thread, number)) }
      }
      withExtendedLifetime(token) {}
      return (subject.value, recorder.values.last)
    }
    guard let result else { return }
    #expect(result.0 == result.1, "the subject's value is not the last value delivered")
    #expect(recorder.snapshot.valueCount == threads * perThread + 1)
  }

  @Test func mergeDeliversEveryValueOnceAndFinishesOnce() async {
    let inputs = (0..<threads).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let result = await watchdog("merge of \(threads) inputs, one thread each") {
      let token = MergeSignal(inputs).subscribe(recorder)
      hammer(inputs)
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
    #expect(recorder.snapshot.overlaps == 0)
  }

  @Test func raceDeliversOneWinnerOnly() async {
    let inputs = (0..<threads).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let values = await watchdog("race of \(threads) inputs, one thread each") {
      let token = RaceSignal(inputs).subscribe(recorder)
      hammer(inputs)
      withExtendedLifetime(token) {}
      return recorder.values
    }
    guard let values else { return }
    let winners = Set(values.map(Tag.sender))
    #expect(winners.count == 1, "values from more than one input: \(winners)")
    #expect(values.map(Tag.number) == Array(0..<perThread), "the winner's values were not all delivered in order")
    #expect(recorder.snapshot.terminals == 1)
  }

  @Test func racePairDeliversOneWinnerOnly() async {
    let inputs = (0..<2).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let values = await watchdog("race(with:) of 2 inputs of different types, one thread each") {
      let token = inputs[0].map { $0 }.race(with: inputs[1]).subscribe(recorder)
      onThreads(2) { thread in
        for number in 0..<perThread { inputs[thread].send(Tag.make(thread, number)) }
        inputs[thread].send(.finished)
      }
      withExtendedLifetime(token) {}
      return recorder.values
    }
    guard let values else { return }
    let winners = Set(values.map(Tag.sender))
    #expect(winners.count == 1, "values from more than one input: \(winners)")
    #expect(values.map(Tag.number) == Array(0..<perThread), "the winner's values were not all delivered in order")
    #expect(recorder.snapshot.terminals == 1)
  }

  @Test func zipPairsTheNthValuesOfEachInput() async {
    let inputs = (0..<2).map { _ in PassthroughSignal<Int, TestError>() }
    let log = EventLog<[Int], TestError>()
    let events = await watchdog("zip of 2 inputs, one thread each") {
      let token = ZipSignal(inputs).subscribe(log)
      onThreads(2) { thread in
        for number in 0..<perThread { inputs[thread].send(Tag.make(thread, number)) }
      }
      onThreads(2) { thread in inputs[thread].send(.finished) }
      withExtendedLifetime(token) {}
      return log.events
    }
    guard let events else { return }
    let pairs = events.compactMap(\.value)
    #expect(pairs.count == perThread)
    #expect(pairs.enumerated().allSatisfy { index, pair in pair.map(Tag.number) == [index, index] })
    #expect(events.filter(\.isTerminal).count == 1)
  }

  @Test func combineLatestEndsWithTheLastOfEachAndNeverGoesBack() async {
    let inputs = (0..<2).map { _ in PassthroughSignal<Int, TestError>() }
    let log = EventLog<[Int], TestError>()
    let events = await watchdog("combineLatest of 2 inputs, one thread each") {
      let token = CombineLatestSignal(inputs).subscribe(log)
      onThreads(2) { thread in
        for number in 0..<perThread { inputs[thread].send(Tag.make(thread, number)) }
      }
      onThreads(2) { thread in inputs[thread].send(.finished) }
      withExtendedLifetime(token) {}
      return log.events
    }
    guard let events else { return }
    let combinations = events.compactMap(\.value).map { $0.map(Tag.number) }
    #expect(combinations.last == [perThread - 1, perThread - 1])
    #expect(combinations.count <= 2 * perThread)
    let monotonic = zip(combinations, combinations.dropFirst()).allSatisfy { $0[0] <= $1[0] && $0[1] <= $1[1] }
    #expect(monotonic, "a combination went back in time")
    #expect(events.filter(\.isTerminal).count == 1)
  }

  @Test func flatMapMergesInnerSignalsFedFromSeveralThreads() async {
    let outer = PassthroughSignal<Int, TestError>()
    let inners = (0..<threads).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let result = await watchdog("flatMap over \(threads) inner signals, one thread each") {
      let token = outer.flatMap { inners[$0] }.subscribe(recorder)
      for index in inners.indices { outer.send(index) }
      outer.send(.finished)
      hammer(inners)
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
  }

  @Test func flatMapOfSynchronousInnersFromSeveralThreads() async {
    let outer = PassthroughSignal<Int, TestError>()
    let recorder = ContractRecorder()
    let result = await watchdog("flatMap(Just) fed by \(threads) threads") {
      let token = outer.flatMap { JustSignal($0).setFailureType(to: TestError.self) }.subscribe(recorder)
      hammer([outer])
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
  }

  @Test func switchToLatestNeverDeliversAStaleInnerValue() async {
    let outer = PassthroughSignal<Int, TestError>()
    let inners = (0..<threads).map { _ in PassthroughSignal<Int, TestError>() }
    let recorder = ContractRecorder()
    let senders = await watchdog("switchToLatest switching while inner signals send") {
      let token = outer.map { inners[$0] }.switchToLatest().subscribe(recorder)
      onThreads(threads + 1) { thread in
        if thread == threads {
          for index in inners.indices {
            outer.send(index)
            for _ in 0..<50 { sched_yield() }
          }
          return
        }
        for number in 0..<perThread { inners[thread].send(Tag.make(thread, number)) }
      }
      outer.send(.finished)
      for inner in inners { inner.send(.finished) }
      withExtendedLifetime(token) {}
      return recorder.values.map(Tag.sender)
    }
    guard let senders else { return }
    #expect(zip(senders, senders.dropFirst()).allSatisfy { $0 <= $1 }, "a value of a replaced inner signal arrived")
    #expect(recorder.snapshot.terminals == 1)
    #expect(recorder.snapshot.overlaps == 0)
  }

  @Test func shareDeliversEveryValueOnceToEverySubscriber() async {
    let subject = PassthroughSignal<Int, TestError>()
    let shared = subject.share()
    let observers = [ContractRecorder(), ContractRecorder(), ContractRecorder()]
    let reports = await watchdog("share with 3 subscribers fed by \(threads) threads") {
      let tokens = observers.map { shared.subscribe($0) }
      hammer([subject])
      withExtendedLifetime(tokens) {}
      return observers.map { report($0) }
    }
    for report in reports ?? [] { #expect(report.isExact, "\(report)") }
  }

  @Test func timeoutThatNeverFiresPassesEveryValue() async {
    let subject = PassthroughSignal<Int, TestError>()
    let scheduler = TestScheduler()
    let recorder = ContractRecorder()
    let result = await watchdog("timeout while \(threads) threads send and one advances time") {
      let token = subject.timeout(.seconds(1_000), scheduler: scheduler) { TestError(99) }.subscribe(recorder)
      onThreads(threads + 1) { thread in
        if thread == threads {
          for _ in 0..<200 { scheduler.advance(by: .seconds(1)) }
          return
        }
        for number in 0..<perThread { subject.send(Tag.make(thread, number)) }
      }
      subject.send(.finished)
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
  }

  @Test func timeoutFiringWhileThreadsSendEndsOnce() async {
    let rounds = stressSize(50)
    let states = await watchdog("timeouts firing while \(threads) threads send") {
      (0..<rounds).map { _ -> ContractRecorder.State in
        let subject = PassthroughSignal<Int, TestError>()
        let scheduler = TestScheduler()
        let recorder = ContractRecorder()
        let token = subject.timeout(.milliseconds(1), scheduler: scheduler) { TestError(99) }.subscribe(recorder)
        onThreads(threads) { thread in
          for number in 0..<20 {
            subject.send(Tag.make(thread, number))
            if thread == 0 { scheduler.advance(by: .milliseconds(1)) }
          }
        }
        scheduler.advance(by: .seconds(1))
        withExtendedLifetime(token) {}
        stressRounds.withLock { $0 += 1 }
        return recorder.snapshot
      }
    }
    for state in states ?? [] {
      #expect(state.terminals == 1)
      #expect(state.eventsAfterTerminal == 0)
      #expect(state.overlaps == 0)
    }
  }

  @Test func receiveOnDeliversEveryValueInEachSendersOrder() async {
    let subject = PassthroughSignal<Int, TestError>()
    let scheduler = TestScheduler()
    let recorder = ContractRecorder()
    let result = await watchdog("receive(on:) while \(threads) threads send and one advances time") {
      let token = subject.receive(on: scheduler).subscribe(recorder)
      onThreads(threads + 1) { thread in
        if thread == threads {
          for _ in 0..<500 { scheduler.advance() }
          return
        }
        for number in 0..<perThread { subject.send(Tag.make(thread, number)) }
      }
      subject.send(.finished)
      scheduler.advance(by: .seconds(1))
      withExtendedLifetime(token) {}
      return report(recorder)
    }
    if let result { #expect(result.isExact, "\(result)") }
    #expect(recorder.snapshot.overlaps == 0)
  }

  @Test func valuesAsyncSequenceGetsEveryValueSentFromSeveralThreads() async {
    let subject = PassthroughSignal<Int, Never>()
    let consumer = Task {
      var received: [Int] = []
      for await value in subject.values { received.append(value) }
      return received
    }
    let sent = await watchdog("\(threads) threads sending into an async sequence") {
      while !subject.hasObservers { sched_yield() }
      onThreads(threads) { thread in
        for number in 0..<perThread { subject.send(Tag.make(thread, number)) }
      }
      subject.send(completion: .finished)
      return true
    }
    guard sent != nil else {
      consumer.cancel()
      return
    }
    let report = StressReport(values: await consumer.value, senders: threads, perSender: perThread, terminals: 1)
    #expect(report.isExact, "\(report)")
  }

  @Test func asyncSequenceSignalDeliversEveryElementYieldedFromSeveralThreads() async {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let log = EventLog<Int, Never>()
    let token = AsyncSequenceSignal(stream).subscribe(log)
    let done = await watchdog("\(threads) threads yielding into an AsyncStream behind a signal") {
      onThreads(threads) { thread in
        for number in 0..<perThread { continuation.yield(Tag.make(thread, number)) }
      }
      continuation.finish()
      while log.completion == nil { sched_yield() }
      return true
    }
    withExtendedLifetime(token) {}
    guard done != nil else { return }
    let report = StressReport(
      values: log.values, senders: threads, perSender: perThread, terminals: log.events.filter(\.isTerminal).count)
    #expect(report.isExact, "\(report)")
  }
}
