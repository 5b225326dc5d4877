import Signals
import Testing

@Suite struct RecordSignalTests {
  @Test func sendsTheValuesThenTheCompletionToEachObserver() {
    let record = RecordSignal<Int, TestError>(output: [1, 2], completion: .failed(TestError(3)))
    for _ in 0..<2 {
      let log = EventLog<Int, TestError>()
      let token = record.subscribe(log)
      #expect(log.events == [.value(1), .value(2), .failed(TestError(3))])
      withExtendedLifetime(token) {}
    }
  }

  @Test func theRecordingClosureWritesTheScript() {
    let record = RecordSignal<String, Never> { recording in
      recording.receive("a")
      recording.receive("b")
      recording.receive(completion: .finished)
    }
    let log = EventLog<String, Never>()
    let token = record.subscribe(log)
    #expect(log.events == [.value("a"), .value("b"), .finished])
    #expect(record.recording.output == ["a", "b"])
    #expect(record.recording.completion == .finished)
    withExtendedLifetime(token) {}
  }

  @Test func aRecordingWithoutACompletionFinishes() {
    let record = RecordSignal<Int, TestError> { $0.receive(1) }
    let log = EventLog<Int, TestError>()
    let token = record.subscribe(log)
    #expect(log.events == [.value(1), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func stopEndsTheScript() {
    let record = RecordSignal<Int, Never>(output: [1, 2, 3], completion: .finished)
    let log = EventLog<Int, Never> { _ in .stop }
    let token = record.subscribe(log)
    #expect(log.events == [.value(1)])
    withExtendedLifetime(token) {}
  }

  @Test func recordingAfterTheCompletionIsRefused() {
    typealias Recording = RecordSignal<Int, Never>.Recording
    #expect(Recording.problem(recordingAfterCompletion: true, what: "a value")?.hasPrefix("Signals: ") == true)
    #expect(Recording.problem(recordingAfterCompletion: false, what: "a value") == nil)
  }
}

@Suite struct OptionalAndResultSignalTests {
  @Test func anOptionalWithAValueSendsItThenFinishes() {
    let log = EventLog<Int, Never>()
    let token = Optional(4).signal.subscribe(log)
    #expect(log.events == [.value(4), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func nilJustFinishes() {
    let log = EventLog<Int, Never>()
    let token = Int?.none.signal.subscribe(log)
    #expect(log.events == [.finished])
    withExtendedLifetime(token) {}
  }

  @Test func aSuccessSendsItsValueThenFinishes() {
    let log = EventLog<Int, TestError>()
    let token = Result<Int, TestError>.success(2).signal.subscribe(log)
    #expect(log.events == [.value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func aFailureFails() {
    let log = EventLog<Int, TestError>()
    let token = Result<Int, TestError>.failure(TestError(5)).signal.subscribe(log)
    #expect(log.events == [.failed(TestError(5))])
    withExtendedLifetime(token) {}
  }

  @Test func stopAfterTheValueSkipsTheFinish() {
    let optional = EventLog<Int, Never> { _ in .stop }
    let result = EventLog<Int, Never> { _ in .stop }
    let tokens = [OptionalSignal(1).subscribe(optional), ResultSignal(.success(1)).subscribe(result)]
    #expect(optional.events == [.value(1)])
    #expect(result.events == [.value(1)])
    withExtendedLifetime(tokens) {}
  }
}
