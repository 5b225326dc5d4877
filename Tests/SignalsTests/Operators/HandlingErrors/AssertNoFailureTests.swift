import Foundation
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// assertNoFailure stops the process by design: what it stops is checked in exit tests (a child process), on
// the platforms that have them; what it lets through, in process.

@Suite struct AssertNoFailureTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram(
      "assert-no-failure", in: "Sources/Signals/Operators/HandlingErrors/AssertNoFailure.swift")
    let input = try m.hot(diagram.inputs[0], error: TestError(1))
    let checked: AssertNoFailureSignal<AnySignal<String, TestError>> = input.assertNoFailure()
    try expectMarbles(m, checked, diagram.output)
  }

  @Test func valuesAndFinishedPassThrough() {
    let checked = [1, 2].signal.setFailureType(to: TestError.self).assertNoFailure("numbers")
    #expect(syncEvents(checked) == [.value(1), .value(2), .finished])
  }

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.assertNoFailure()
    }
  }

  #if os(macOS) || os(Linux) || os(Windows)
    @Test func aFailureStopsTheProcessNamingThePrefixAndTheError() async throws {
      let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = FailSignal<Int, TestError>(TestError(42)).assertNoFailure("intro asset").sink { _ in }
      }
      let output = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(output.contains("Signals: assertNoFailure: intro asset: unexpected failure TestError(code: 42)"))
    }
  #endif
}

// MARK: In the contract registry

extension ContractCase {
  /// `assertNoFailure`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let assertNoFailure: [ContractCase] = [
    // Behind `replaceError`, so that the checks' failures never reach it: what it stops is checked by the exit
    // tests above.
    ContractCase("assertNoFailure (after replaceError)", [.identity, .finishesWithInputs]) { context in
      contractErased(context.input(0).replaceError(with: -1).assertNoFailure())
    }
  ]
}
