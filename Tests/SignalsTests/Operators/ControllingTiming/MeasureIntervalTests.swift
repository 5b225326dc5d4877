import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct MeasureIntervalTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "measure-interval", in: "Sources/Signals/Operators/ControllingTiming/MeasureInterval.swift")
    let input = try m.hot(diagram.inputs[0])
    let frames = input.measureInterval(using: m.scheduler).map { String(Int($0 / m.frame)) }
    try expectMarbles(m, frames, diagram.output)
  }

  @Test func eachSubscriptionMeasuresFromItsStart() {
    let scheduler = TestScheduler()
    let subject = PassthroughSignal<Int, TestError>()
    scheduler.advance(by: .seconds(5))
    let log = EventLog<Duration, TestError>()
    let token = subject.measureInterval(using: scheduler).subscribe(log)
    scheduler.advance(by: .seconds(2))
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.value(.seconds(2)), .value(.zero), .failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func cancellingReleasesTheUpstream() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] in
        withExtendedLifetime(witness) {}
        return $0
      }.measureInterval(using: TestScheduler())
    }
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `measureInterval(using:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let measureInterval: [ContractCase] = [
    // Its values are not the input's: offset, so that the reentrancy check's observer does not resend forever.
    ContractCase("measureInterval(using:)", [.finishesWithInputs, .failsWithInput]) { context in
      context.input(0).measureInterval(using: context.scheduler).map { 1_000 + Int($0 / .seconds(1)) }
        .eraseToAnySignal()
    }
  ]
}
