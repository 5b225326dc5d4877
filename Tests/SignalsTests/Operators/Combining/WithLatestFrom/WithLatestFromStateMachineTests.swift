import Testing

@testable import Signals

// `withLatestFrom`'s rules, on its machine alone: no thread, lock or scheduler. It is pinned by its own tests and the contract suites.

@Suite struct WithLatestFromStateMachineTests {
  @Test func valuesPairWithTheLatestAndAreDroppedBeforeThereIsOne() {
    var state = FanInState(downstream: Unused<(Int, String)>(), machine: WithLatestFromStateMachine<String>())
    #expect(isNone(state.upstreamEvent(.value(1)) as FanInStep<(Int, String), TestError>))
    _ = state.otherValue("a")
    _ = state.otherValue("b")
    let paired = emitted(state.upstreamEvent(.value(2)) as FanInStep<(Int, String), TestError>)?.value
    #expect(paired?.0 == 2 && paired?.1 == "b")
  }

  @Test func theOthersFinishMattersOnlyWithoutAValue() {
    var withValue = FanInState(downstream: Unused<(Int, String)>(), machine: WithLatestFromStateMachine<String>())
    _ = withValue.otherValue("a")
    #expect(isNone(withValue.otherEnded(.finished) as FanInStep<(Int, String), TestError>))
    var without = FanInState(downstream: Unused<(Int, String)>(), machine: WithLatestFromStateMachine<String>())
    let ended = emitted(without.otherEnded(.finished) as FanInStep<(Int, String), TestError>)
    #expect(ended?.isTerminal == true && ended?.completion == .finished)
    let failed = emitted(withValue.otherEnded(.failed(TestError(3))) as FanInStep<(Int, String), TestError>)
    #expect(failed?.completion == .failed(TestError(3)))
  }
}
