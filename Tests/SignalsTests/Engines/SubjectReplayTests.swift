import Testing

@testable import Signals

// The subjects' replay buffer (`SubjectReplay`), alone: no thread, lock or scheduler. It is pinned by its own tests and the contract suites.

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
