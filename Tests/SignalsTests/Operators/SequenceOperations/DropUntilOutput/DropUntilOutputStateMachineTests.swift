import Testing

@testable import Signals

// `drop(untilOutputFrom:)`'s rules, on its machine alone: no thread, lock or scheduler. It is pinned by its own tests and the contract suites.

@Suite struct DropUntilOutputStateMachineTests {
  @Test func valuesWaitForTheTriggersValueAndTerminalEventsAlwaysPass() {
    var state = FanInState(downstream: Unused<Int>(), machine: DropUntilOutputStateMachine())
    state.reserve([DropUntilOutputStateMachine.upstreamKey, DropUntilOutputStateMachine.triggerKey])
    #expect(isNone(state.upstreamEvent(.value(1))))
    guard case .stopUpstream = state.triggerEvent(nil) else {
      Issue.record("the trigger is answered stop after its value")
      return
    }
    #expect(emitted(state.upstreamEvent(.value(2))) == .value(2))
    guard case .stopUpstream = state.triggerEvent(.failed(TestError(1))) else {
      Issue.record("the trigger is not heard once the gate is open")
      return
    }
    #expect(emitted(state.upstreamEvent(.finished)) == .finished)
  }

  @Test func theTriggersTerminalEventBeforeAValueEndsIt() {
    var finishing = FanInState(downstream: Unused<Int>(), machine: DropUntilOutputStateMachine())
    #expect(emitted(finishing.triggerEvent(.finished)) == .finished)
    var failing = FanInState(downstream: Unused<Int>(), machine: DropUntilOutputStateMachine())
    #expect(emitted(failing.triggerEvent(.failed(TestError(2)))) == .failed(TestError(2)))
  }
}
