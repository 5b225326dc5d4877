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

  @Test func theFirstValueWaitsForATimerAtItsInstantAndTheWindowsEndSendsTheLatest() {
    var machine = throttle(latest: true)
    let first = machine.step(.value(1), at: at(0))
    #expect(first.events.isEmpty, "sent by its timer, from the scheduler")
    #expect(first.effects.schedule?.id == 1 && first.effects.schedule?.offset == .zero)
    #expect(machine.fire(1, at: at(0)).events == [.value(1)])
    let second = machine.step(.value(2), at: at(100))
    #expect(second.events.isEmpty)
    #expect(second.effects.schedule?.offset == .milliseconds(300), "held until the window's end")
    _ = machine.step(.value(3), at: at(200))
    #expect(machine.fire(2, at: at(300)).events == [.value(3)], "latest: the newest replaced the held one")
  }

  @Test func aValueOfTheFirstValuesInstantReplacesIt() {
    var machine = throttle(latest: true)
    _ = machine.step(.value(1), at: at(0))
    #expect(machine.step(.value(2), at: at(0)).effects.schedule == nil, "it joins the waiting value")
    #expect(machine.fire(1, at: at(0)).events == [.value(2)])
  }

  @Test func notLatestKeepsTheWindowsFirstValue() {
    var machine = throttle(latest: false)
    _ = machine.step(.value(1), at: at(0))
    _ = machine.fire(1, at: at(0))
    _ = machine.step(.value(2), at: at(100))
    _ = machine.step(.value(3), at: at(200))
    #expect(machine.fire(2, at: at(300)).events == [.value(2)])
  }

  @Test func aValueAtTheWindowsEndBeforeItsTimerJoinsTheWaitingValue() {
    var machine = throttle(latest: true)
    _ = machine.step(.value(1), at: at(0))
    _ = machine.fire(1, at: at(0))
    _ = machine.step(.value(2), at: at(100))
    // At 300 ms, before the window's timer: it replaces the waiting value (Combine's), no new timer.
    let edge = machine.step(.value(3), at: at(300))
    #expect(edge.events.isEmpty && edge.effects.schedule == nil && edge.effects.cancel == nil)
    #expect(machine.fire(2, at: at(300)).events == [.value(3)])
    // After it, a value at 300 ms is inside the window the sent value opened, [300, 600).
    #expect(machine.step(.value(4), at: at(300)).effects.schedule?.offset == .milliseconds(600))
  }

  @Test func withoutTrailingValuesInsideAWindowAreDropped() {
    var machine = throttle(latest: true, trailing: false)
    _ = machine.step(.value(1), at: at(0))
    _ = machine.fire(1, at: at(0))
    let inside = machine.step(.value(2), at: at(100))
    #expect(inside.events.isEmpty && inside.effects.schedule == nil)
  }

  @Test func aTerminalEventWaitsForTheHeldValue() {
    var machine = throttle(latest: true)
    _ = machine.step(.value(1), at: at(0))
    _ = machine.fire(1, at: at(0))
    _ = machine.step(.value(2), at: at(100))
    let finished = machine.step(.finished, at: at(150))
    #expect(finished.events.isEmpty && finished.effects.schedule == nil && finished.effects.cancel == nil)
    #expect(machine.fire(2, at: at(300)).events == [.value(2), .finished])
  }

  @Test func aTerminalEventWithNothingHeldWaitsForATimerAtItsInstant() {
    var machine = throttle(latest: true)
    let failed = machine.step(.failed(TestError(1)), at: at(50))
    #expect(failed.events.isEmpty)
    #expect(failed.effects.schedule?.offset == .milliseconds(50))
    #expect(machine.fire(1, at: at(50)).events == [.failed(TestError(1))])
  }

  @Test func endingHandsBackTheHeldValueAndTheFailure() {
    var machine = throttle(latest: true)
    _ = machine.step(.value(1), at: at(0))
    _ = machine.step(.failed(TestError(2)), at: at(0))
    let discarded = machine.end()
    #expect(discarded.0 == 1 && discarded.1 == TestError(2))
  }
}
