import Foundation
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// breakpoint and breakpointOnError stop the process by design: what they stop is checked in exit tests (a
// child process), on the platforms that have them; what they let through, in process.

@Suite struct BreakpointTests {
  let m = MarbleTest(frame: .milliseconds(100))

  @Test func theDocumentedDiagramIsWhatTheOperatorDoes() throws {
    let diagram = try DocDiagram("breakpoint", in: "Sources/Signals/Operators/Debugging/Breakpoint.swift")
    let input = try m.hot(diagram.inputs[0])
    try expectMarbles(m, input.breakpoint(receiveOutput: { _ in false }), diagram.output)
  }

  @Test func whileTheClosuresSayNoEveryEventPassesThrough() {
    let asked = Locked<[String]>([])
    let signal = [1, 2].signal.setFailureType(to: TestError.self).append(FailSignal(TestError(3))).breakpoint(
      receiveSubscription: {
        asked.withLock { $0.append("subscription") }
        return false
      },
      receiveOutput: { value in
        asked.withLock { $0.append("\(value)") }
        return false
      },
      receiveCompletion: { _ in
        asked.withLock { $0.append("completion") }
        return false
      })
    #expect(syncEvents(signal) == [.value(1), .value(2), .failed(TestError(3))])
    #expect(asked.withLock { $0 } == ["subscription", "1", "2", "completion"])
    #expect(syncEvents([1].signal.breakpointOnError()) == [.value(1), .finished])
  }

  #if os(macOS) || os(Linux) || os(Windows)
    #if os(Windows)
      static let trapped = ExitTest.Condition.failure
    #else
      static let trapped = ExitTest.Condition.signal(SIGTRAP)
    #endif

    @Test func aValueTheClosureAcceptsRaisesTheDebuggerTrap() async {
      await #expect(processExitsWith: Self.trapped) {
        _ = [1, 2, 3].signal.breakpoint(receiveOutput: { $0 == 2 }).sink { _ in }
      }
    }

    @Test func aSubscriptionTheClosureAcceptsRaisesTheDebuggerTrap() async {
      await #expect(processExitsWith: Self.trapped) {
        _ = JustSignal(1).breakpoint(receiveSubscription: { true }).sink { _ in }
      }
    }

    @Test func aFailureRaisesTheDebuggerTrap() async {
      await #expect(processExitsWith: Self.trapped) {
        _ = FailSignal<Int, TestError>(TestError(1)).breakpointOnError().sink(
          receiveCompletion: { _ in }, receiveValue: { _ in })
      }
    }

    @Test func aFinishDoesNotRaiseIt() async {
      await #expect(processExitsWith: .success) {
        _ = [1, 2].signal.breakpointOnError().breakpoint(receiveOutput: { $0 > 5 }).sink { _ in }
      }
    }
  #endif
}

// MARK: In the contract registry

extension ContractCase {
  /// `breakpoint` and `breakpointOnError`'s cases of the contract registry (`ContractRegistry.swift` runs every check on them).
  static let breakpoint: [ContractCase] = [
    // `breakpointOnError` behind `replaceError`, so that the checks' failures never reach it: what it stops is
    // checked by the exit tests above.
    ContractCase(
      "breakpoint (never stopping)", [.identity, .finishesWithInputs, .failsWithInput, .holdsWitness]
    ) { context in
      context.input(0).breakpoint(
        receiveSubscription: { false },
        receiveOutput: { [witness = context.witness] _ in
          touch(witness)
          return false
        }, receiveCompletion: { _ in false }
      ).eraseToAnySignal()
    },
    ContractCase("breakpointOnError (after replaceError)", [.identity, .finishesWithInputs]) { context in
      contractErased(context.input(0).replaceError(with: -1).breakpointOnError())
    },
  ]
}
