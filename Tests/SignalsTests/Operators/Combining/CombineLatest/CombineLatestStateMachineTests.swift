import Testing

@testable import Signals

// `combineLatest`'s rules, on its machine alone (with the fan-in's state where a rule also drops an upstream):
// no thread, lock or scheduler. The operator is pinned by its own tests and the contract suites.

@Suite struct CombineLatestStateMachineTests {
  @Test func nothingUntilEveryUpstreamHasAValueThenTheLatestOfEach() {
    var machine = CombineLatestStateMachine<Int>(count: 2)
    #expect(isNone(machine.value(1, at: 0) as FanInStep<[Int], TestError>))
    #expect(emitted(machine.value(10, at: 1) as FanInStep<[Int], TestError>) == .value([1, 10]))
    #expect(emitted(machine.value(2, at: 0) as FanInStep<[Int], TestError>) == .value([2, 10]))
  }

  @Test func anUpstreamThatFinishesWithoutAValueEndsItAtOnce() {
    var machine = CombineLatestStateMachine<Int>(count: 2)
    _ = machine.value(1, at: 0) as FanInStep<[Int], TestError>
    #expect(emitted(machine.finished(at: 1) as FanInStep<[Int], TestError>) == .finished)
  }

  @Test func otherwiseItFinishesWhenEveryUpstreamHas() {
    var machine = CombineLatestStateMachine<Int>(count: 2)
    _ = machine.value(1, at: 0) as FanInStep<[Int], TestError>
    _ = machine.value(2, at: 1) as FanInStep<[Int], TestError>
    #expect(isNone(machine.finished(at: 0) as FanInStep<[Int], TestError>))
    #expect(emitted(machine.finished(at: 1) as FanInStep<[Int], TestError>) == .finished)
  }
}
