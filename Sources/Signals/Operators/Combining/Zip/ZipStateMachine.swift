/// The state of a zip: a queue of unpaired values per upstream and who finished.
struct ZipStateMachine<Element: Sendable>: IndexedFanInMachine {
  var buffers: [ZipBuffer<Element>]
  var finished: [Bool]

  init(count: Int) {
    buffers = Array(repeating: ZipBuffer(), count: count)
    finished = Array(repeating: false, count: count)
  }

  /// Whether a finished upstream has nothing left to pair: no combination can ever be made again.
  var isExhausted: Bool {
    for index in buffers.indices where finished[index] && buffers[index].isEmpty { return true }
    return false
  }

  /// A value from upstream `index`: a combination when every upstream has one waiting.
  mutating func value<Failure>(_ value: Element, at index: Int) -> FanInStep<[Element], Failure> {
    buffers[index].append(value)
    guard buffers.allSatisfy({ !$0.isEmpty }) else { return .none }
    var combination: [Element] = []
    combination.reserveCapacity(buffers.count)
    for bufferIndex in buffers.indices { combination.append(buffers[bufferIndex].removeFirst()) }
    return isExhausted ? .emitThenEnd(combination, .finished) : .emit(.value(combination))
  }

  /// Upstream `index` finished: the end, if its buffer is empty.
  mutating func finished<Failure>(at index: Int) -> FanInStep<[Element], Failure> {
    finished[index] = true
    return buffers[index].isEmpty ? .emit(.finished) : .none
  }

  mutating func clear() -> Any? {
    defer { buffers = [] }
    return buffers
  }
}

/// A first-in first-out queue of values, amortized O(1) at both ends.
struct ZipBuffer<Element: Sendable>: Sendable {
  var items: [Element?] = []
  var head = 0

  init() {}

  var isEmpty: Bool { head == items.count }

  mutating func append(_ element: Element) {
    items.append(element)
  }

  /// Removes and returns the oldest value. The buffer must not be empty.
  mutating func removeFirst() -> Element {
    let element = items[head].take()!
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 32 && head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
    return element
  }
}
