import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct WithLatestFromTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "with-latest-from", in: "Sources/Signals/Operators/Combining/WithLatestFrom/WithLatestFrom.swift")
    let upstream = try m.hot(diagram.inputs[0])
    let other = try m.hot(diagram.inputs[1])
    try expectMarbles(m, upstream.withLatestFrom(other), diagram.output)
  }

  @Test func eachValueGoesOutWithTheLatestOfTheOther() {
    let taps = PassthroughSignal<Int, Never>()
    let names = PassthroughSignal<String, Never>()
    let log = EventLog<String, Never>()
    let token = taps.withLatestFrom(names) { tap, name in "\(name)\(tap)" }.subscribe(log)
    taps.send(0)
    names.send("a")
    names.send("b")
    taps.send(1)
    taps.send(2)
    names.send("c")
    taps.send(3)
    #expect(log.values == ["b1", "b2", "c3"])
    withExtendedLifetime(token) {}
  }

  @Test func theOtherIsSubscribedFirstSoACurrentValueIsThereForTheFirstValue() {
    let log = EventLog<String, Never>()
    let token = [1, 2].signal.withLatestFrom(CurrentValueSignal<String, Never>("x")).subscribe(log)
    #expect(log.events == [.value("x"), .value("x"), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func theOtherFinishingAfterAValueChangesNothing() {
    let taps = PassthroughSignal<Int, Never>()
    let other = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = taps.withLatestFrom(other).subscribe(log)
    other.send(7)
    other.send(completion: .finished)
    taps.send(1)
    taps.send(completion: .finished)
    #expect(log.events == [.value(7), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func theOtherFinishingWithoutAValueFinishesAtOnce() {
    let taps = PassthroughSignal<Int, Never>()
    let other = PassthroughSignal<Int, Never>()
    let log = EventLog<Int, Never>()
    let token = taps.withLatestFrom(other).subscribe(log)
    taps.send(1)
    other.send(completion: .finished)
    #expect(log.events == [.finished])
    #expect(!taps.hasObservers, "nothing could ever be sent: the upstream is cancelled")
    withExtendedLifetime(token) {}
  }

  @Test func theOtherFailingFailsIt() {
    let taps = PassthroughSignal<Int, TestError>()
    let other = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = taps.withLatestFrom(other).subscribe(log)
    other.send(1)
    other.send(completion: .failed(TestError(4)))
    taps.send(1)
    #expect(log.events == [.failed(TestError(4))])
    #expect(!taps.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func anOtherThatCannotFailWorksWithAFailingUpstream() {
    let taps = PassthroughSignal<Int, TestError>()
    let other = CurrentValueSignal<String, Never>("n")
    let log = EventLog<String, TestError>()
    let token = taps.withLatestFrom(other) { "\($1)\($0)" }.subscribe(log)
    taps.send(1)
    taps.send(completion: .failed(TestError(2)))
    #expect(log.events == [.value("n1"), .failed(TestError(2))])
    #expect(!other.hasObservers, "the upstream's end cancels the other")
    withExtendedLifetime(token) {}
  }

  @Test func cancellingReleasesBothAndTheKeptValue() {
    expectCancellationContract { subject, witness in
      subject.withLatestFrom(CurrentValueSignal<Int, TestError>(0)) { [witness] value, _ in
        withExtendedLifetime(witness) {}
        return value
      }
    }
  }

  @Test func stoppingReleasesTheUpstream() {
    expectStopReleasesUpstream { $0.withLatestFrom(CurrentValueSignal<Int, TestError>(0)) }
  }
}

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
