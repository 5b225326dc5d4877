import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct ZipFormsTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedZipIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("zip-transform", in: "Sources/Signals/Operators/Combining/Zip/ZipForms.swift")
    let zipped = try m.hot(try diagram.lane("upstream")).zip(try m.hot(try diagram.lane("other"))) { $0 + $1 }
    try expectMarbles(m, zipped, diagram.output, values: ["x": "a1", "y": "b2"])
  }

  @Test func zipOfThreeAndFourWithAndWithoutTransform() {
    let (a, b, c, d) = ([1, 2].signal, ["x", "y"].signal, [true, false].signal, [0.5, 1.5].signal)
    #expect(syncEvents(a.zip(b, c) { "\($0)\($1)\($2)" }) == [.value("1xtrue"), .value("2yfalse"), .finished])
    #expect(
      syncEvents(a.zip(b, c, d).map { "\($0)\($1)\($2)\($3)" }) == [
        .value("1xtrue0.5"), .value("2yfalse1.5"), .finished,
      ])
    #expect(
      syncEvents(a.zip(b, c, d) { "\($0)\($1)\($2)\($3)" }) == [.value("1xtrue0.5"), .value("2yfalse1.5"), .finished])
  }

  @Test func aFourInputZipFinishesWhenAFinishedInputHasNothingLeftToPair() {
    let (a, b, c, d) = (
      PassthroughSignal<Int, Never>(), PassthroughSignal<Int, Never>(), PassthroughSignal<Int, Never>(),
      PassthroughSignal<Int, Never>()
    )
    let log = EventLog<Int, Never>()
    let token = a.zip(b, c, d) { $0 + $1 + $2 + $3 }.subscribe(log)
    for input in [a, b, c, d] { input.send(1) }
    a.send(2)
    d.send(completion: .finished)
    #expect(log.events == [.value(4), .finished])
    #expect(!a.hasObservers && !b.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.zip(subject, subject, subject) { [witness] a, _, _, _ in
        _ = witness
        return a
      }
    }
  }
}
