import Signals
import Testing

@Suite struct SequenceSignalTests {
  @Test func emitsElementsInOrderThenFinishes() {
    let log = EventLog<Int, Never>()
    _ = [1, 2, 3].signal.subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(3), .finished])
  }

  @Test func emptySequenceJustFinishes() {
    let log = EventLog<Int, Never>()
    _ = SequenceSignal([Int]()).subscribe(log)
    #expect(log.events == [.finished])
  }

  @Test func eachSubscriptionIteratesAgain() {
    let signal = SequenceSignal(1...2)
    let first = EventLog<Int, Never>()
    let second = EventLog<Int, Never>()
    _ = signal.subscribe(first)
    _ = signal.subscribe(second)
    #expect(first.values == [1, 2])
    #expect(second.values == [1, 2])
  }

  @Test func stopEndsIterationOfAnInfiniteSequence() {
    let log = EventLog<Int, Never> { $0.value == 3 ? .stop : .continue }
    _ = (1...).signal.subscribe(log)
    #expect(log.events == [.value(1), .value(2), .value(3)])
  }

  @Test func failureTypeInitializer() {
    let log = EventLog<Character, TestError>()
    _ = SequenceSignal("ab", failureType: TestError.self).subscribe(log)
    #expect(log.events == [.value("a"), .value("b"), .finished])
  }
}
