import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite struct ZipAndCombineLatestFormsTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedZipIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("zip-transform", in: "Sources/Signals/Operators/Combining/Zip/ZipForms.swift")
    let zipped = try m.hot(try diagram.lane("upstream")).zip(try m.hot(try diagram.lane("other"))) { $0 + $1 }
    try expectMarbles(m, zipped, diagram.output, values: ["x": "a1", "y": "b2"])
  }

  @Test func theDocumentedCombineLatestIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "combine-latest-transform", in: "Sources/Signals/Operators/Combining/CombineLatest/CombineLatestForms.swift")
    let upstream = try m.hot(try diagram.lane("upstream"))
    let combined = upstream.combineLatest(try m.hot(try diagram.lane("other"))) { $0 + $1 }
    try expectMarbles(m, combined, diagram.output, values: ["x": "a1", "y": "b1", "z": "b2"])
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
    expectCancellationContract { subject, witness in
      subject.combineLatest(subject, subject, subject) { [witness] a, _, _, _ in
        _ = witness
        return a
      }
    }
  }
}

@Suite struct MergeWithOthersTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "merge-with-others", in: "Sources/Signals/Operators/Combining/Merge/MergeWithOthers.swift")
    let taps = try m.hot(try diagram.lane("taps"))
    let merged = try m.hot(try diagram.lane("upstream")).merge(with: taps.map { $0 })
    try expectMarbles(m, merged, diagram.output)
  }

  @Test func signalsOfOneTypeStillMergeWithoutErasure() {
    let a = PassthroughSignal<Int, Never>()
    let same: MergeSignal<PassthroughSignal<Int, Never>> = a.merge(with: a, a)
    _ = same
  }

  @Test func mergesUpToSevenOthersOfDifferentTypes() {
    let ones = [1].signal
    let merged = ones.merge(
      with: ones.map { $0 + 1 }, ones.filter { _ in true }.map { $0 + 2 }, JustSignal(4), ones.prefix(1).map { $0 + 4 },
      ones.scan(5, +), ones.compactMap { $0 + 6 }, ones.dropFirst(0).map { $0 + 7 })
    #expect(syncEvents(merged) == (1...8).map { .value($0) } + [.finished])
  }

  @Test func theFirstFailureFailsTheMergeAndCancelsTheOthers() {
    let a = PassthroughSignal<Int, TestError>()
    let b = PassthroughSignal<Int, TestError>()
    let log = EventLog<Int, TestError>()
    let token = a.merge(with: b.map { $0 * 10 }).subscribe(log)
    a.send(1)
    b.send(2)
    b.send(completion: .failed(TestError(1)))
    #expect(log.events == [.value(1), .value(20), .failed(TestError(1))])
    #expect(!a.hasObservers)
    withExtendedLifetime(token) {}
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.merge(
        with: subject.map { [witness] value in
          _ = witness
          return value
        })
    }
  }
}
