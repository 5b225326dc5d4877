import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct CombineLatestFormsTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedCombineLatestIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "combine-latest-transform", in: "Sources/Signals/Operators/Combining/CombineLatest/CombineLatestForms.swift")
    let upstream = try m.hot(try diagram.lane("upstream"))
    let combined = upstream.combineLatest(try m.hot(try diagram.lane("other"))) { $0 + $1 }
    try expectMarbles(m, combined, diagram.output, values: ["x": "a1", "y": "b1", "z": "b2"])
  }

  @Test func combineLatestOfThreeAndFourWithAndWithoutTransform() {
    let (a, b, c, d) = (
      PassthroughSignal<Int, TestError>(), PassthroughSignal<String, TestError>(),
      PassthroughSignal<Bool, TestError>(), PassthroughSignal<Double, TestError>()
    )
    let three = EventLog<String, TestError>()
    let four = EventLog<String, TestError>()
    let fourMapped = EventLog<String, TestError>()
    let tokens = [
      a.combineLatest(b, c) { "\($0)\($1)\($2)" }.subscribe(three),
      a.combineLatest(b, c, d) { "\($0)\($1)\($2)\($3)" }.subscribe(four),
      a.combineLatest(b, c, d).map { "\($0)\($1)\($2)\($3)" }.subscribe(fourMapped),
    ]
    a.send(1)
    b.send("x")
    c.send(true)
    d.send(0.5)
    a.send(2)
    d.send(completion: .failed(TestError(4)))
    #expect(three.values == ["1xtrue", "2xtrue"])
    #expect(four.events == [.value("1xtrue0.5"), .value("2xtrue0.5"), .failed(TestError(4))])
    #expect(fourMapped.events == four.events)
    withExtendedLifetime(tokens) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.combineLatest(subject, subject, subject) { [witness] a, _, _, _ in
        _ = witness
        return a
      }
    }
  }
}
