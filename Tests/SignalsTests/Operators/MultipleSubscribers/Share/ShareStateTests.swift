import Testing

@testable import Signals

// `share`'s rules, on its state alone: no thread, lock or scheduler. The operator is pinned by its own tests
// and the contract suites.

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
