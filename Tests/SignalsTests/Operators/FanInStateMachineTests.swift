import Testing

@testable import Signals

// The combining operators' rules, on their machines alone (with the fan-in's state where a rule also drops
// an upstream): no thread, lock or scheduler. The operators are pinned by their own test files and the
// contract suites.

/// A downstream the fan-in's state can hold; these tests never deliver to it.
private struct Unused<Input: Sendable>: SignalObserver {
  func receive(_ event: Event<Input, TestError>) -> SignalControl { .continue }
}

/// The event a step emits, if it emits one.
private func emitted<Output>(_ step: FanInStep<Output, TestError>) -> Event<Output, TestError>? {
  if case .emit(let event) = step { return event }
  return nil
}

private func isNone<Output>(_ step: FanInStep<Output, TestError>) -> Bool {
  if case .none = step { return true }
  return false
}

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

@Suite struct MergeStateMachineTests {
  @Test func itFinishesWhenEveryUpstreamHas() {
    var state = FanInState(downstream: Unused<Int>(), machine: MergeStateMachine(remaining: 2))
    state.reserve([0, 1])
    #expect(isNone(state.upstreamFinished(0)))
    #expect(emitted(state.upstreamFinished(1)) == .finished)
    #expect(state.upstreams.slots.isEmpty, "both upstreams were let go")
  }
}

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

@Suite struct SwitchToLatestStateMachineTests {
  @Test func onlyTheLatestInnerSignalIsHeard() {
    var state = FanInState(downstream: Unused<Int>(), machine: SwitchToLatestStateMachine())
    let first = state.switchToNewInner()
    let second = state.switchToNewInner()
    guard case .stopUpstream = state.innerEvent(.value(1), from: first) else {
      Issue.record("a replaced inner signal is answered stop")
      return
    }
    #expect(emitted(state.innerEvent(.value(2), from: second)) == .value(2))
  }

  @Test func itFinishesWhenTheUpstreamAndTheCurrentInnerSignalHave() {
    var state = FanInState(downstream: Unused<Int>(), machine: SwitchToLatestStateMachine())
    let inner = state.switchToNewInner()
    #expect(isNone(state.upstreamFinished()))
    #expect(emitted(state.innerEvent(.finished, from: inner)) == .finished)
  }
}

@Suite struct PrefixUntilOutputStateMachineTests {
  @Test func theTriggersValueFinishesItsFailureFailsItsFinishChangesNothing() {
    var state = FanInState(downstream: Unused<Int>(), machine: PrefixUntilOutputStateMachine())
    state.reserve([PrefixUntilOutputStateMachine.upstreamKey, PrefixUntilOutputStateMachine.triggerKey])
    #expect(isNone(state.triggerEvent(.finished)), "a trigger that finishes without a value changes nothing")
    #expect(emitted(state.triggerEvent(nil)) == .finished)
    #expect(emitted(state.triggerEvent(.failed(TestError(3)))) == .failed(TestError(3)))
  }
}

@Suite struct ShareStateTests {
  @Test func theFirstObserverConnectsAndTheLastOneToLeaveCloses() {
    var state = ShareState<Int, Never>()
    let (connection, first, isFirst) = state.join()
    #expect(isFirst)
    let (same, second, secondIsFirst) = state.join()
    #expect(same === connection && !secondIsFirst)
    let upstream = SignalSubscription {}
    let isKept = state.connected(connection, upstream)
    #expect(isKept)
    let afterFirst = state.leave(first, from: connection)
    #expect(afterFirst == nil, "one observer is left")
    let afterSecond = state.leave(second, from: connection)
    #expect(afterSecond === upstream, "the last one closes the connection")
    #expect(state.connection == nil)
    let next = state.join()
    #expect(next.isFirst, "the next observer starts a new connection")
  }
}
