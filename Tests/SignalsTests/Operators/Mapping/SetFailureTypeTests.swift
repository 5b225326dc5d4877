import Signals
import Testing

@Suite struct SetFailureTypeTests {
  @Test func passesValuesAndFinishedWithTheNewType() {
    let log = EventLog<Int, TestError>()
    let signal: SetFailureTypeSignal<SequenceSignal<[Int], Never>, TestError> = [1, 2].signal.setFailureType(
      to: TestError.self)
    _ = signal.subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
  }

  @Test func cancellation() {
    expectCancellationContract(upstreamFailure: Never.self) { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.setFailureType(to: TestError.self)
    }
  }

  @Test func downstreamStopPropagates() {
    let subject = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, TestError> { _ in .stop }
    let token = subject.setFailureType(to: TestError.self).subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events == [.value(1)])
    #expect(!subject.hasObservers)
    withExtendedLifetime(token) {}
  }
}
