import Testing

@testable import Signals

// `merge`'s rules, on its machine alone (with the fan-in's state where a rule also drops an upstream): no
// thread, lock or scheduler. The operator is pinned by its own tests and the contract suites.

@Suite struct MergeStateMachineTests {
  @Test func itFinishesWhenEveryUpstreamHas() {
    var state = FanInState(downstream: Unused<Int>(), machine: MergeStateMachine(remaining: 2))
    state.reserve([0, 1])
    #expect(isNone(state.upstreamFinished(0)))
    #expect(emitted(state.upstreamFinished(1)) == .finished)
    #expect(state.upstreams.slots.isEmpty, "both upstreams were let go")
  }
}
