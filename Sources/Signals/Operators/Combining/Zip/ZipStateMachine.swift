/// The state of a zip: a queue of unpaired values per upstream and who finished.
struct ZipStateMachine<Element: Sendable>: IndexedFanInMachine {
  var buffers: [EventQueue<Element>]
  var finished: [Bool]

  init(count: Int) {
    buffers = Array(repeating: EventQueue(), count: count)
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
    for bufferIndex in buffers.indices { combination.append(buffers[bufferIndex].popFirst()!) }
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
