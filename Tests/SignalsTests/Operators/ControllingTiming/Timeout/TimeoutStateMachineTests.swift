import Testing

@testable import Signals

// `timeout`'s rules, on its machine alone: no thread, lock or scheduler. The engine's behaviour with a
// scheduler is pinned by TimeoutTests.

private typealias Machine = TimeoutStateMachine<Int, TestError, TimeoutFailure<TestError>>

private func failing(first: Duration = .seconds(3), each: Duration? = .seconds(3)) -> Machine {
  Machine(first: first, each: each, mapping: .wrapped, firing: .fail { .timedOut })
}

private func instant(_ seconds: Int) -> SignalInstant {
  SignalInstant(offset: .seconds(seconds))
}

/// Whether `firing` is the timeout firing with a failure.
private func fails(_ firing: Machine.Firing) -> Bool {
  if case .fail = firing { return true }
  return false
}

@Suite struct TimeoutStateMachineTests {
  @Test func itStartsTimerZeroForTheFirstInterval() {
    var machine = failing(first: .seconds(2))
    let timer = machine.start()
    #expect(timer.id == 0 && timer.isDelay && timer.offset == .seconds(2))
    #expect(machine.timer == 0)
  }

  @Test func aValueAtTheDeadlineThatComesBeforeTheTimerIsInTime() {
    // The value first, then the timer, both at 3 s (the first deadline).
    var machine = failing()
    _ = machine.start()
    #expect(machine.receive(.value(1)) == .pass)
    var cancel: UInt64?
    var start: TimedTimerRequest?
    machine.valueHandled(at: instant(3), cancel: &cancel, start: &start)
    #expect(cancel == nil && start == nil, "a lazy restart only moves the deadline")
    guard case .move(let moved) = machine.timerFired(0) else {
      Issue.record("the timer at the deadline moves to the value's deadline")
      return
    }
    #expect(moved.id == 0 && !moved.isDelay && moved.offset == .seconds(6))
    #expect(fails(machine.timerFired(0)), "with nothing since, the moved timer fires")
  }

  @Test func aValueAtTheDeadlineThatComesAfterTheTimerIsLate() {
    // The timer first, then the value, both at 3 s.
    var machine = failing()
    _ = machine.start()
    #expect(fails(machine.timerFired(0)))
    #expect(machine.receive(.value(1)) == .refuse, "the upstream was ended; a late value is refused")
    #expect(machine.receive(.finished) == .refuse)
  }

  @Test func anEagerRestartCancelsTheTimerAndStartsAFreshOne() {
    // `each` shorter than the first interval: the restart cannot wait for the first timer.
    var machine = failing(first: .seconds(5), each: .seconds(2))
    _ = machine.start()
    #expect(machine.receive(.value(1)) == .pass)
    var cancel: UInt64?
    var start: TimedTimerRequest?
    machine.valueHandled(at: nil, cancel: &cancel, start: &start)
    #expect(cancel == 0)
    #expect(start?.id == 1 && start?.isDelay == true && start?.offset == .seconds(2))
    guard case .none = machine.timerFired(0) else {
      Issue.record("a cancelled timer's late firing changes nothing")
      return
    }
    #expect(fails(machine.timerFired(1)))
  }

  @Test func aTimeoutOnTheFirstValueOnlyStopsTimingAfterIt() {
    var machine = failing(first: .seconds(3), each: nil)
    _ = machine.start()
    #expect(machine.receive(.value(1)) == .pass)
    var cancel: UInt64?
    var start: TimedTimerRequest?
    machine.valueHandled(at: nil, cancel: &cancel, start: &start)
    #expect(cancel == 0 && start == nil)
    guard case .none = machine.timerFired(0) else {
      Issue.record("nothing is timed once a value came")
      return
    }
  }

  @Test func aTerminalEventPassesAndCancelsTheTimer() {
    var machine = failing()
    _ = machine.start()
    #expect(machine.receive(.failed(TestError(1))) == .passCancelling(0))
    #expect(Machine.mapped(.failed(TestError(1)), by: machine.mapping) == .failed(.upstream(TestError(1))))
    guard case .none = machine.timerFired(0) else {
      Issue.record("the timing ended with the upstream")
      return
    }
  }

  @Test func aDeadlineMovesTheTimerOnceSoAClockThatNeverMovesStillTimesOut() {
    var machine = failing()
    _ = machine.start()
    var cancel: UInt64?
    var start: TimedTimerRequest?
    _ = machine.receive(.value(1))
    machine.valueHandled(at: .zero, cancel: &cancel, start: &start)  // deadline 3 s
    guard case .move = machine.timerFired(0) else {
      Issue.record("the first firing moves to the value's deadline")
      return
    }
    #expect(fails(machine.timerFired(0)), "the same deadline again: it fires")
  }

  @Test func firingSwitchesToTheFallbackWhoseEventsPassUntilItEnds() {
    typealias Switching = TimeoutStateMachine<Int, Never, Never>
    var machine = Switching(
      first: .seconds(1), each: .seconds(1), mapping: .unchanged, firing: .switchTo(JustSignal(9)))
    _ = machine.start()
    guard case .switchTo = machine.timerFired(0) else {
      Issue.record("the timeout switches to its fallback")
      return
    }
    #expect(machine.receive(.value(1)) == .refuse, "the upstream is done")
    let value = machine.receiveFallback(.value(9))
    let finish = machine.receiveFallback(.finished)
    let after = machine.receiveFallback(.value(10))
    #expect(value && finish)
    #expect(!after, "nothing after the fallback's terminal event")
  }

  @Test func endingHandsOverWhatTheMachineHoldsOfTheUsers() {
    var machine = failing()
    let (makeError, fallback) = machine.end()
    #expect(makeError != nil && fallback == nil)
    #expect(machine.receive(.value(1)) == .refuse)
  }
}
