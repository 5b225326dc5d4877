import Signals
import SignalsTesting
import Testing

@Suite struct PrintTests {
  /// A text stream that keeps what is written.
  final class TextRecorder: TextOutputStream, Sendable {
    let text = Locked("")
    func write(_ string: String) { text.withLock { $0 += string } }
    var lines: [String] { text.withLock { $0 }.split(separator: "\n").map(String.init) }
  }

  @Test func printsOneLinePerEventWithThePrefix() {
    let recorder = TextRecorder()
    let log = EventLog<Int, Never>()
    _ = [1, 2].signal.print("tap", to: recorder).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
    #expect(
      recorder.lines == [
        "tap: receive subscription", "tap: receive value: (1)", "tap: receive value: (2)", "tap: receive finished",
      ])
    #expect(recorder.text.withLock { $0 }.hasSuffix("\n"))
  }

  @Test func printsErrorsAndCancelWithoutPrefix() {
    let recorder = TextRecorder()
    _ = FailSignal<Int, TestError>(TestError(1)).print(to: recorder).subscribe(EventLog<Int, TestError>())
    #expect(recorder.lines == ["receive subscription", "receive error: (TestError(code: 1))"])

    let cancelled = TextRecorder()
    let subject = PassthroughSignal<Int, TestError>()
    let token = subject.print("p", to: cancelled).subscribe(EventLog<Int, TestError>())
    token.cancel()
    #expect(cancelled.lines == ["p: receive subscription", "p: receive cancel"])
  }

  @Test func printsToStandardOutputByDefault() {
    let log = EventLog<Int, Never>()
    _ = JustSignal(1).print("stdout").subscribe(log)
    #expect(log.events == [.value(1), .finished])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.print(to: TextRecorder())
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.print(to: TextRecorder()) }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `print`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let print: [ContractCase] = [
    ContractCase("print", [.identity, .finishesWithInputs, .failsWithInput]) { context in
      context.input(0).print("contract", to: DiscardingStream()).eraseToAnySignal()
    }
  ]
}
