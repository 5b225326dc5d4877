import Signals
import Testing

// The one FIFO of the delivery engines (subjects, fanIn, time operators, timeout, race, receive(on:)):
// order through array reuse and compaction, no array until needed, moved-out elements, bounded waste in a
// long drain, and what it hands back to release outside a lock.

private final class Box: Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
}

@Suite struct EventQueueTests {
  @Test func popsInTheOrderAppended() {
    // A model check: random appends and pops against an Array, so that draining, reuse of a drained array
    // and compaction of a long-drained prefix all happen between appends.
    var generator = SeededGenerator(seed: 17)
    var queue = EventQueue<Int>()
    var model: [Int] = []
    var next = 0
    for _ in 0..<20_000 {
      if generator.next() % 3 == 0 {
        #expect(queue.popFirst() == (model.isEmpty ? nil : model.removeFirst()))
      } else {
        queue.append(next)
        model.append(next)
        next += 1
      }
      #expect(queue.count == model.count)
      #expect(queue.isEmpty == model.isEmpty)
    }
    while let element = queue.popFirst() { #expect(element == model.removeFirst()) }
    #expect(model.isEmpty)
  }

  @Test func holdsNoArrayUntilAnElementIsQueuedAndEmptiesItWhenDrained() {
    var queue = EventQueue<Int>()
    #expect(queue.isEmpty && queue.arraySlots == 0 && queue.popFirst() == nil)
    for round in 0..<3 {
      for value in 0..<5 { queue.append(round * 10 + value) }
      var order: [Int] = []
      while let value = queue.popFirst() { order.append(value) }
      #expect(order == (0..<5).map { round * 10 + $0 })
      #expect(queue.arraySlots == 0)
    }
  }

  @Test func aLongDrainDropsItsDeliveredPrefix() {
    // A producer as fast as its consumer: two waiting at every step for 10,000 steps.
    var queue = EventQueue<Int>()
    queue.append(-1)
    for value in 0..<10_000 {
      queue.append(value)
      #expect(queue.popFirst() == value - 1)
      #expect(queue.arraySlots <= 130)
    }
  }

  @Test func aTakenElementIsReleasedAtOnceNotWhenTheQueueEmpties() {
    var queue = EventQueue<Box>()
    weak var first: Box?
    weak var second: Box?
    do {
      let boxes = [Box(1), Box(2), Box(3)]
      first = boxes[0]
      second = boxes[1]
      for box in boxes { queue.append(box) }
    }
    #expect(queue.popFirst()?.value == 1)
    #expect(queue.popFirst()?.value == 2)
    #expect(first == nil)
    #expect(second == nil)
    #expect(queue.count == 1)
  }

  @Test func removeAllHandsBackEverythingInOrderAndLeavesItEmpty() {
    var queue = EventQueue<Int>()
    for value in 0..<5 { queue.append(value) }
    _ = queue.popFirst()
    var taken = queue.removeAll()
    #expect(queue.isEmpty && queue.count == 0 && queue.popFirst() == nil)
    var order: [Int] = []
    while let value = taken.popFirst() { order.append(value) }
    #expect(order == [1, 2, 3, 4])
  }

  @Test func removeWhereKeepsTheOthersInOrderAndHandsBackTheRemoved() {
    var queue = EventQueue<Int>()
    for value in 0..<10 { queue.append(value) }
    _ = queue.popFirst()
    #expect(queue.contains { $0 == 7 })
    #expect(!queue.contains { $0 == 0 })
    var removed = queue.remove { $0.isMultiple(of: 3) }
    #expect(!queue.contains { $0 == 3 })
    var kept: [Int] = []
    while let value = queue.popFirst() { kept.append(value) }
    var dropped: [Int] = []
    while let value = removed.popFirst() { dropped.append(value) }
    #expect(kept == [1, 2, 4, 5, 7, 8])
    #expect(dropped == [3, 6, 9])
  }
}
