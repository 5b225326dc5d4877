import Testing

@testable import Signals

// `flatMap`'s rules, on its machine alone (with the fan-in's state where a rule also drops an upstream): no
// thread, lock or scheduler. The operator is pinned by its own tests and the contract suites.

@Suite struct FlatMapStateMachineTests {
  private typealias Inner = JustSignal<Int>

  @Test func innerSignalsWaitForAFreeSlotAndStartInOrder() {
    var machine = FlatMapStateMachine<Inner>(maxConcurrency: 1, buffering: .unbounded)
    machine.enqueue(JustSignal(1))
    machine.enqueue(JustSignal(2))
    let first = machine.nextLaunch()
    #expect(first?.1 == 1)
    let none = machine.nextLaunch()
    #expect(none == nil, "the one slot is taken")
    machine.active -= 1
    let second = machine.nextLaunch()
    #expect(second?.1 == 2)
  }

  @Test func aBoundedBufferDropsTheOldestOrTheNewest() {
    var newest = FlatMapStateMachine<Inner>(maxConcurrency: 1, buffering: .bufferingNewest(1))
    newest.enqueue(JustSignal(1))
    newest.enqueue(JustSignal(2))
    #expect(newest.waitingCount == 1)
    #expect(newest.nextLaunch()?.0.output == 2)
    var oldest = FlatMapStateMachine<Inner>(maxConcurrency: 1, buffering: .bufferingOldest(1))
    oldest.enqueue(JustSignal(1))
    oldest.enqueue(JustSignal(2))
    #expect(oldest.waitingCount == 1)
    #expect(oldest.nextLaunch()?.0.output == 1)
  }

  @Test func itFinishesOnceTheUpstreamAndEveryInnerSignalHave() {
    var state = FanInState(
      downstream: Unused<Int>(), machine: FlatMapStateMachine<Inner>(maxConcurrency: 2, buffering: .unbounded))
    state.reserve([0])
    state.machine.enqueue(JustSignal(1))
    let (_, key) = state.machine.nextLaunch()!
    state.reserve([key])
    #expect(isNone(state.upstreamFinished() as FanInStep<Int, TestError>), "an inner signal still runs")
    #expect(emitted(state.innerFinished(key) as FanInStep<Int, TestError>) == .finished)
  }
}
