import Testing

@testable import Signals

// `zip`'s rules, on its machine alone (with the fan-in's state where a rule also drops an upstream): no
// thread, lock or scheduler. The operator is pinned by its own tests and the contract suites.

@Suite struct ZipStateMachineTests {
  @Test func valuesPairInOrder() {
    var machine = ZipStateMachine<Int>(count: 2)
    _ = machine.value(1, at: 0) as FanInStep<[Int], TestError>
    _ = machine.value(2, at: 0) as FanInStep<[Int], TestError>
    #expect(emitted(machine.value(10, at: 1) as FanInStep<[Int], TestError>) == .value([1, 10]))
    #expect(emitted(machine.value(20, at: 1) as FanInStep<[Int], TestError>) == .value([2, 20]))
  }

  @Test func aFinishedUpstreamWithBufferedValuesEndsOnlyWhenTheyArePaired() {
    var machine = ZipStateMachine<Int>(count: 2)
    _ = machine.value(1, at: 0) as FanInStep<[Int], TestError>
    #expect(isNone(machine.finished(at: 0) as FanInStep<[Int], TestError>), "1 may still pair")
    guard case .emitThenEnd(let pair, .finished) = machine.value(10, at: 1) as FanInStep<[Int], TestError> else {
      Issue.record("the last possible pair is sent, then the end")
      return
    }
    #expect(pair == [1, 10])
  }

  @Test func aFinishedUpstreamWithNothingBufferedEndsItAtOnce() {
    var machine = ZipStateMachine<Int>(count: 2)
    #expect(emitted(machine.finished(at: 1) as FanInStep<[Int], TestError>) == .finished)
  }
}
