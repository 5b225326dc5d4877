import Testing

@testable import Signals

// `delay`'s machine, driven alone: no thread, lock or scheduler. Each step says what it sends and which timers
// it starts or cancels (`TimedStep`). The operator with a scheduler is pinned by its own tests.

@Suite struct DelayStateMachineTests {
  @Test func everyEventWaitsForItsOwnTimerAndTheyKeepTheirOrder() {
    var machine = DelayStateMachine<Int, TestError>(interval: .milliseconds(100))
    #expect(machine.step(.value(1), at: at(0)).effects.schedule?.offset == .milliseconds(100))
    #expect(machine.step(.finished, at: at(50)).effects.schedule?.offset == .milliseconds(150))
    #expect(machine.fire(1, at: at(100)).events == [.value(1)])
    #expect(machine.fire(2, at: at(150)).events == [.finished])
  }

  @Test func aTimerFiringBeforeEarlierOnesSendsTheirEventsFirstAndCancelsTheirTimers() {
    // A real-time scheduler may run equal or near deadlines out of order.
    var machine = DelayStateMachine<Int, TestError>(interval: .milliseconds(100))
    _ = machine.step(.value(1), at: at(0))
    _ = machine.step(.value(2), at: at(0))
    let second = machine.fire(2, at: at(100))
    #expect(second.events == [.value(1), .value(2)])
    #expect(second.effects.cancelBelow == 2)
    #expect(machine.fire(1, at: at(100)).events.isEmpty)
  }

  @Test func endingHandsBackTheWaitingEvents() {
    var machine = DelayStateMachine<Int, TestError>(interval: .milliseconds(100))
    _ = machine.step(.value(1), at: at(0))
    #expect(machine.end().map(\.event) == [.value(1)])
  }
}
