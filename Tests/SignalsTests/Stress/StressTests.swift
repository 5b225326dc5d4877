import Foundation
import Signals
import SignalsTesting
import Testing

// Issue 6.2: every operator that combines sources or crosses threads, hammered by several threads at
// once: no value lost or duplicated (counts match, each sender's order kept), exactly one terminal
// event, no deadlock (a watchdog fails the test instead of hanging). Sized to run in seconds;
// `SIGNALS_STRESS_SCALE=10` runs ten times more. The registry-wide concurrent checks are in
// Contracts/ContractTests.swift; these follow each operator's own arithmetic, each beside the operator's other
// tests (`extension StressTests` in Tests/SignalsTests/Operators/<group>/… and Subjects/); the suite, its
// helpers and the async bridges' are here.

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
