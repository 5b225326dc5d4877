import Signals
import Testing

@Suite struct FailSignalTests {
  @Test func failsAtOnce() {
    let log = EventLog<Int, TestError>()
    _ = FailSignal<Int, TestError>(TestError(7)).subscribe(log)
    #expect(log.events == [.failed(TestError(7))])
  }

  @Test func outputTypeInitializer() {
    let log = EventLog<String, TestError>()
    _ = FailSignal(outputType: String.self, failure: TestError(1)).subscribe(log)
    #expect(log.events == [.failed(TestError(1))])
  }
}
