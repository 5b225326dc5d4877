import Testing

@testable import Signals

// The rules of part B's stateful operators, on their machines and states alone: no thread, lock or
// scheduler. The operators are pinned by their own test files and the contract suites.

private func at(_ milliseconds: Int) -> SignalInstant {
  SignalInstant(offset: .milliseconds(milliseconds))
}

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

/// A downstream the fan-in's state can hold; these tests never deliver to it.
private struct Unused<Input: Sendable>: SignalObserver {
  func receive(_ event: Event<Input, TestError>) -> SignalControl { .continue }
}

private func emitted<Output>(_ step: FanInStep<Output, TestError>) -> Event<Output, TestError>? {
  if case .emit(let event) = step { return event }
  return nil
}

private func isNone<Output>(_ step: FanInStep<Output, TestError>) -> Bool {
  if case .none = step { return true }
  return false
}

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

@Suite struct WithLatestFromStateMachineTests {
  @Test func valuesPairWithTheLatestAndAreDroppedBeforeThereIsOne() {
    var state = FanInState(downstream: Unused<(Int, String)>(), machine: WithLatestFromStateMachine<String>())
    #expect(isNone(state.upstreamEvent(.value(1)) as FanInStep<(Int, String), TestError>))
    _ = state.otherValue("a")
    _ = state.otherValue("b")
    let paired = emitted(state.upstreamEvent(.value(2)) as FanInStep<(Int, String), TestError>)?.value
    #expect(paired?.0 == 2 && paired?.1 == "b")
  }

  @Test func theOthersFinishMattersOnlyWithoutAValue() {
    var withValue = FanInState(downstream: Unused<(Int, String)>(), machine: WithLatestFromStateMachine<String>())
    _ = withValue.otherValue("a")
    #expect(isNone(withValue.otherEnded(.finished) as FanInStep<(Int, String), TestError>))
    var without = FanInState(downstream: Unused<(Int, String)>(), machine: WithLatestFromStateMachine<String>())
    let ended = emitted(without.otherEnded(.finished) as FanInStep<(Int, String), TestError>)
    #expect(ended?.isTerminal == true && ended?.completion == .finished)
    let failed = emitted(withValue.otherEnded(.failed(TestError(3))) as FanInStep<(Int, String), TestError>)
    #expect(failed?.completion == .failed(TestError(3)))
  }
}

@Suite struct SubjectReplayTests {
  @Test func keepsTheLatestValuesOldestFirstAndHandsOutTheEvictedOne() {
    var replay = SubjectReplay<Int>(capacity: 3)
    var evicted: Int?
    for value in 1...3 { replay.record(value, evicting: &evicted) }
    #expect(evicted == nil && replay.inOrder == [1, 2, 3])
    replay.record(4, evicting: &evicted)
    #expect(evicted == 1 && replay.inOrder == [2, 3, 4])
    for value in 5...7 { replay.record(value, evicting: &evicted) }
    #expect(evicted == 4 && replay.inOrder == [5, 6, 7])
  }
}

@Suite struct AutoconnectStateTests {
  @Test func theFirstObserverConnectsAndTheLastOneToLeaveDisconnects() {
    var state = AutoconnectState()
    let first = state.join()
    let second = state.join()
    #expect(first.isFirst && !second.isFirst)
    let connection = SignalSubscription {}
    let isKept = state.connected(connection, generation: first.id)
    #expect(isKept)
    #expect(state.leave(first.id) == nil)
    #expect(state.leave(second.id) === connection)
    #expect(state.leave(second.id) == nil, "leaving twice changes nothing")
  }

  @Test func aConnectionMadeAfterEveryObserverLeftIsRefused() {
    var state = AutoconnectState()
    let first = state.join()
    #expect(state.leave(first.id) == nil, "no connection yet")
    let isKept = state.connected(SignalSubscription {}, generation: first.id)
    #expect(!isKept)
  }
}

@Suite struct SubscribeOnStateTests {
  @Test func aCancelBeforeTheSubscriptionRanStopsIt() {
    var state = SubscribeOnState(scheduler: schedulerReference(ImmediateSignalScheduler()))
    state.scheduled(SignalScheduledAction(id: 9))
    var pending: SignalScheduledAction?
    #expect(state.cancel(pending: &pending) == nil)
    #expect(pending?.id == 9)
    let runs = state.start()
    #expect(!runs)
  }

  @Test func aSubscriptionMadeAfterACancelIsRefused() {
    var state = SubscribeOnState(scheduler: schedulerReference(ImmediateSignalScheduler()))
    let runs = state.start()
    #expect(runs)
    var pending: SignalScheduledAction?
    _ = state.cancel(pending: &pending)
    #expect(pending == nil)
    #expect(!state.keepsUpstream)
  }
}
