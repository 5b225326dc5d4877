import Testing

@testable import Signals

// `debounce`'s machine, driven alone: no thread, lock or scheduler. Each step says what it sends and which
// timers it starts or cancels (`TimedStep`). The operator with a scheduler is pinned by its own tests.

@Suite struct DebounceStateMachineTests {
  @Test func eachValueReplacesTheWaitingOneAndItsTimer() {
    var machine = DebounceStateMachine<String, TestError>(interval: .milliseconds(200))
    let a = machine.step(.value("a"), at: at(0))
    #expect(a.events.isEmpty)
    #expect(a.effects.schedule?.id == 1 && a.effects.schedule?.offset == .milliseconds(200))
    let b = machine.step(.value("b"), at: at(100))
    #expect(b.effects.cancel == 1, "a's timer is cancelled")
    #expect(b.effects.schedule?.id == 2 && b.effects.schedule?.offset == .milliseconds(300))
    #expect(machine.fire(1, at: at(200)).events.isEmpty, "a stale timer sends nothing")
    #expect(machine.fire(2, at: at(300)).events == [.value("b")])
  }

  @Test func aTerminalEventFlushesTheWaitingValueFirst() {
    var machine = DebounceStateMachine<String, TestError>(interval: .milliseconds(200))
    _ = machine.step(.value("a"), at: at(0))
    let failed = machine.step(.failed(TestError(1)), at: at(50))
    #expect(failed.events == [.value("a"), .failed(TestError(1))])
    #expect(failed.effects.cancel == 1)
  }

  @Test func endingHandsBackTheWaitingValue() {
    var machine = DebounceStateMachine<String, TestError>(interval: .milliseconds(200))
    _ = machine.step(.value("a"), at: at(0))
    #expect(machine.end() == "a")
  }
}
