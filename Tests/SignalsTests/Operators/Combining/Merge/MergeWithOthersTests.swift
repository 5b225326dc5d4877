import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

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
