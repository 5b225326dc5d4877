import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct DropUntilOutputTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "drop-until-output", in: "Sources/Signals/Operators/SequenceOperations/DropUntilOutput/DropUntilOutput.swift")
    let upstream = try m.hot(diagram.inputs[0])
    let trigger = try m.hot(diagram.inputs[1])
    try expectMarbles(m, upstream.drop(untilOutputFrom: trigger), diagram.output)
  }

  @Test func dropsValuesUntilTheTriggerSendsAValueThenLetsTheTriggerGo() {
    let values = PassthroughSignal<Int, Never>()
    let trigger = PassthroughSignal<Void, Never>()
    let log = EventLog<Int, Never>()
    let token = values.drop(untilOutputFrom: trigger).subscribe(log)
    values.send(1)
    trigger.send()
    #expect(!trigger.hasObservers, "the trigger is let go after its first value")
    values.send(2)
    values.send(completion: .finished)
    #expect(log.events == [.value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func theTriggerFinishingWithoutAValueFinishesIt() {
    let values = PassthroughSignal<Int, Never>()
    let trigger = PassthroughSignal<Void, Never>()
    let log = EventLog<Int, Never>()
    let token = values.drop(untilOutputFrom: trigger).subscribe(log)
    trigger.send(completion: .finished)
    values.send(1)
    #expect(log.events == [.finished])
    #expect(!values.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func theTriggerFailingFailsIt() {
    let values = PassthroughSignal<Int, TestError>()
    let trigger = PassthroughSignal<Void, TestError>()
    let log = EventLog<Int, TestError>()
    let token = values.drop(untilOutputFrom: trigger).subscribe(log)
    trigger.send(completion: .failed(TestError(3)))
    #expect(log.events == [.failed(TestError(3))])
    #expect(!values.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func theTriggerIsSubscribedFirst() {
    let log = EventLog<Int, Never>()
    let token = [1, 2].signal.drop(untilOutputFrom: JustSignal(())).subscribe(log)
    #expect(log.events == [.value(1), .value(2), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func theUpstreamsTerminalEventPassesAtAnyTimeAndCancelsTheTrigger() {
    let values = PassthroughSignal<Int, TestError>()
    let trigger = PassthroughSignal<Void, Never>()
    let log = EventLog<Int, TestError>()
    let token = values.drop(untilOutputFrom: trigger).subscribe(log)
    values.send(1)
    values.send(completion: .failed(TestError(1)))
    #expect(log.events == [.failed(TestError(1))])
    #expect(!trigger.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func cancellingReleasesBoth() {
    let trigger = PassthroughSignal<Void, TestError>()
    expectCancellationContract { subject, witness in
      subject.drop(untilOutputFrom: trigger.map { [witness] in withExtendedLifetime(witness) {} })
    }
    #expect(!trigger.hasObservers)
  }
}

// MARK: In the contract registry

extension ContractCase {
  /// `drop(untilOutputFrom:)`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let dropUntilOutput: [ContractCase] = [
    ContractCase("drop(untilOutputFrom:)", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).drop(untilOutputFrom: context.input(1)).eraseToAnySignal()
    },
    ContractCase("drop(untilOutputFrom: Just)", [.identity, .deepChain, .finishesWithInputs, .failsWithInput]) {
      context in
      context.input(0).drop(untilOutputFrom: JustSignal(())).eraseToAnySignal()
    },
  ]
}
