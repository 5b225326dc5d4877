import Testing

@testable import Signals

// `collect(.byTime)`'s machine, driven alone: no thread, lock or scheduler. The operator is pinned by its own
// tests and the contract suites.

/// One step of the collect-by-time machine: what it sent and asked for.
private struct CollectStep {
  var sends = TimedSends<[Int], TestError>()
  var effects = TimedEffects()

  var events: [Event<[Int], TestError>] { (0..<sends.count).map { sends.event(at: $0) } }
}

extension CollectByTimeStateMachine where Element == Int, Failure == TestError {
  fileprivate mutating func step(_ event: Event<Int, TestError>, at now: SignalInstant) -> CollectStep {
    var step = CollectStep()
    _ = receive(event, at: now, &step.sends, &step.effects)
    return step
  }

  fileprivate mutating func fire(_ id: UInt64, at now: SignalInstant) -> CollectStep {
    var step = CollectStep()
    timerFired(id, at: now, &step.sends, &step.effects)
    return step
  }
}

@Suite struct CollectByTimeStateMachineTests {
  @Test func theFirstValueOfAWindowStartsItsTimerAtTheWindowsEnd() {
    var machine = CollectByTimeStateMachine<Int, TestError>(interval: .milliseconds(100), count: nil, start: at(0))
    let first = machine.step(.value(1), at: at(30))
    #expect(first.events.isEmpty)
    #expect(first.effects.schedule?.offset == .milliseconds(100))
    let second = machine.step(.value(2), at: at(60))
    #expect(second.effects.schedule == nil, "the window's timer is already running")
    #expect(machine.fire(first.effects.schedule!.id, at: at(100)).events == [.value([1, 2])])
  }

  @Test func windowsStayOnTheGridFromTheStart() {
    var machine = CollectByTimeStateMachine<Int, TestError>(interval: .milliseconds(100), count: nil, start: at(50))
    #expect(machine.step(.value(1), at: at(349)).effects.schedule?.offset == .milliseconds(350))
    #expect(machine.windowEnd(after: at(350)) == at(450), "a value at a boundary belongs to the next window")
    #expect(machine.windowEnd(after: at(50)) == at(150))
  }

  @Test func theGridIsExactForIntervalsThatFloatingPointCannotHold() {
    let interval = Duration.milliseconds(100)
    let machine = CollectByTimeStateMachine<Int, TestError>(interval: interval, count: nil, start: at(0))
    for window in 1..<1_000 {
      let boundary = SignalInstant.zero + interval * window
      #expect(machine.windowEnd(after: boundary) == boundary + interval)
      #expect(machine.windowEnd(after: boundary - .nanoseconds(1)) == boundary)
    }
  }

  @Test func aValueAfterTheWindowsEndClosesItBeforeItsTimerDoes() {
    var machine = CollectByTimeStateMachine<Int, TestError>(interval: .milliseconds(100), count: nil, start: at(0))
    let timer = machine.step(.value(1), at: at(10)).effects.schedule!.id
    let late = machine.step(.value(2), at: at(100))
    #expect(late.events == [.value([1])])
    #expect(late.effects.cancel == timer)
    #expect(late.effects.schedule?.offset == .milliseconds(200))
    #expect(machine.fire(timer, at: at(100)).events.isEmpty, "a stale timer sends nothing")
  }

  @Test func aFullWindowSendsAtOnceAndTheGridRestartsThere() {
    var machine = CollectByTimeStateMachine<Int, TestError>(interval: .milliseconds(100), count: 2, start: at(0))
    let timer = machine.step(.value(1), at: at(10)).effects.schedule!.id
    let full = machine.step(.value(2), at: at(40))
    #expect(full.events == [.value([1, 2])])
    #expect(full.effects.cancel == timer)
    #expect(machine.step(.value(3), at: at(90)).effects.schedule?.offset == .milliseconds(140))
  }

  @Test func aTerminalEventSendsTheOpenWindowFirst() {
    var machine = CollectByTimeStateMachine<Int, TestError>(interval: .milliseconds(100), count: nil, start: at(0))
    _ = machine.step(.value(1), at: at(10))
    #expect(machine.step(.failed(TestError(1)), at: at(20)).events == [.value([1]), .failed(TestError(1))])
    var empty = CollectByTimeStateMachine<Int, TestError>(interval: .milliseconds(100), count: nil, start: at(0))
    #expect(empty.step(.finished, at: at(20)).events == [.finished], "no empty array")
  }

  @Test func endingHandsOverTheHeldValues() {
    var machine = CollectByTimeStateMachine<Int, TestError>(interval: .milliseconds(100), count: nil, start: at(0))
    _ = machine.step(.value(1), at: at(10))
    #expect(machine.end() == [1])
    #expect(machine.end().isEmpty)
  }
}
