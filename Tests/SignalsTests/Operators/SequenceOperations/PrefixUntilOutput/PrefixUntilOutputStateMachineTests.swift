import Testing

@testable import Signals

// `prefix(untilOutputFrom:)`'s rules, on its machine alone (with the fan-in's state where a rule also drops an upstream): no
// thread, lock or scheduler. The operator is pinned by its own tests and the contract suites.

@Suite struct PrefixUntilOutputStateMachineTests {
  @Test func theTriggersValueFinishesItsFailureFailsItsFinishChangesNothing() {
    var state = FanInState(downstream: Unused<Int>(), machine: PrefixUntilOutputStateMachine())
    state.reserve([PrefixUntilOutputStateMachine.upstreamKey, PrefixUntilOutputStateMachine.triggerKey])
    #expect(isNone(state.triggerEvent(.finished)), "a trigger that finishes without a value changes nothing")
    #expect(emitted(state.triggerEvent(nil)) == .finished)
    #expect(emitted(state.triggerEvent(.failed(TestError(3)))) == .failed(TestError(3)))
  }
}
