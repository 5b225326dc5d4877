import Testing

@testable import Signals

// `switchToLatest`'s rules, on its machine alone (with the fan-in's state where a rule also drops an upstream): no
// thread, lock or scheduler. The operator is pinned by its own tests and the contract suites.

@Suite struct SwitchToLatestStateMachineTests {
  @Test func onlyTheLatestInnerSignalIsHeard() {
    var state = FanInState(downstream: Unused<Int>(), machine: SwitchToLatestStateMachine())
    let first = state.switchToNewInner()
    let second = state.switchToNewInner()
    guard case .stopUpstream = state.innerEvent(.value(1), from: first) else {
      Issue.record("a replaced inner signal is answered stop")
      return
    }
    #expect(emitted(state.innerEvent(.value(2), from: second)) == .value(2))
  }

  @Test func itFinishesWhenTheUpstreamAndTheCurrentInnerSignalHave() {
    var state = FanInState(downstream: Unused<Int>(), machine: SwitchToLatestStateMachine())
    let inner = state.switchToNewInner()
    #expect(isNone(state.upstreamFinished()))
    #expect(emitted(state.innerEvent(.finished, from: inner)) == .finished)
  }
}
