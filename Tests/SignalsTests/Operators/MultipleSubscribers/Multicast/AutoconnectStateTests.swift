import Testing

@testable import Signals

// `autoconnect()`'s rules, on its state alone: no thread, lock or scheduler. It is pinned by its own tests and the contract suites.

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
