import Signals
import Testing

@Suite struct EmptySignalTests {
  @Test func finishesAtOnce() {
    let log = EventLog<Int, TestError>()
    _ = EmptySignal<Int, TestError>().subscribe(log)
    #expect(log.events == [.finished])
  }

  @Test func withoutImmediateCompletionItNeverEnds() {
    let log = EventLog<Int, Never>()
    let token = EmptySignal(completeImmediately: false, outputType: Int.self, failureType: Never.self).subscribe(log)
    #expect(log.events.isEmpty)
    token.cancel()
    #expect(log.events.isEmpty)
  }
}
