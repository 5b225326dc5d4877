import Testing

@testable import Signals

// `throttle`'s machine, driven alone: no thread, lock or scheduler. Each step says what it sends and which timers
// it starts or cancels (`TimedStep`). The operator with a scheduler is pinned by its own tests.

@Suite struct ThrottleStateMachineTests {
  private func throttle(latest: Bool, leading: Bool = true, trailing: Bool = true) -> ThrottleStateMachine<
    Int, TestError
  > {
    ThrottleStateMachine(interval: .milliseconds(300), latest: latest, leading: leading, trailing: trailing)
  }

  @Test func theFirstValueGoesAtOnceAndTheWindowsEndSendsTheLatest() {
    var machine = throttle(latest: true)
    #expect(machine.step(.value(1), at: at(0)).events == [.value(1)])
    let second = machine.step(.value(2), at: at(100))
    #expect(second.events.isEmpty)
    #expect(second.effects.schedule?.offset == .milliseconds(300), "held until the window's end")
    _ = machine.step(.value(3), at: at(200))
    #expect(machine.fire(1, at: at(300)).events == [.value(3)], "latest: the newest replaced the held one")
  }

  @Test func notLatestKeepsTheWindowsFirstValue() {
    var machine = throttle(latest: false)
    _ = machine.step(.value(1), at: at(0))
    _ = machine.step(.value(2), at: at(100))
    _ = machine.step(.value(3), at: at(200))
    #expect(machine.fire(1, at: at(300)).events == [.value(2)])
  }

  @Test func aValueExactlyAtTheWindowsEndBelongsToTheNextWindow() {
    var machine = throttle(latest: true)
    _ = machine.step(.value(1), at: at(0))
    _ = machine.step(.value(2), at: at(100))
    // At 300 ms, before the window's timer: the held value is sent now, this one held in the new window.
    let edge = machine.step(.value(3), at: at(300))
    #expect(edge.events == [.value(2)])
    #expect(edge.effects.cancel == 1)
    #expect(edge.effects.schedule?.offset == .milliseconds(600))
  }

  @Test func withoutTrailingValuesInsideAWindowAreDropped() {
    var machine = throttle(latest: true, trailing: false)
    _ = machine.step(.value(1), at: at(0))
    let inside = machine.step(.value(2), at: at(100))
    #expect(inside.events.isEmpty && inside.effects.schedule == nil)
  }

  @Test func aTerminalEventFlushesTheHeldValue() {
    var machine = throttle(latest: true)
    _ = machine.step(.value(1), at: at(0))
    _ = machine.step(.value(2), at: at(100))
    #expect(machine.step(.finished, at: at(150)).events == [.value(2), .finished])
  }
}
