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

// MARK: In the contract registry

extension ContractCase {
  /// `withLatestFrom`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let withLatestFrom: [ContractCase] = [
    ContractCase("withLatestFrom", inputs: 2, [.finishesWithInputs, .failsWithInput, .concurrent]) { context in
      context.input(0).withLatestFrom(context.input(1)).eraseToAnySignal()
    },
    ContractCase(
      "withLatestFrom(resultSelector:)", inputs: 2, [.finishesWithInputs, .failsWithInput, .holdsWitness, .concurrent]
    ) { context in
      context.input(0).withLatestFrom(context.input(1)) { [witness = context.witness] value, latest in
        touch(witness)
        return value &+ latest
      }.eraseToAnySignal()
    },
  ]
}

// MARK: In the bad-input table

extension BadInputRow {
  /// `withLatestFrom`'s rows of the bad-input table (`BadInputTests.swift`).
  static let withLatestFrom: [BadInputRow] = [
    BadInputRow(
      api: "withLatestFrom(_:)", input: "another signal that finishes without a value",
      behaviour: "finishes at once (nothing could be sent)"
    ) {
      events(JustSignal(1).withLatestFrom(EmptySignal<Int, Never>())) == [.finished]
    }
  ]
}
