/// The state of a combineLatest: the latest value of each upstream and who finished.
struct CombineLatestStateMachine<Element: Sendable>: IndexedFanInMachine {
  var latest: [Element?]
  /// How many upstreams have not sent a value yet.
  var missing: Int
  /// How many upstreams have not finished yet.
  var unfinished: Int

  init(count: Int) {
    latest = Array(repeating: nil, count: count)
    missing = count
    unfinished = count
  }

  /// A value from upstream `index`: the combination, once every upstream has a value.
  mutating func value<Failure>(_ value: Element, at index: Int) -> FanInStep<[Element], Failure> {
    if latest[index] == nil { missing -= 1 }
    latest[index] = value
    guard missing == 0 else { return .none }
    return .emit(.value(latest.map { $0! }))
  }

  /// Upstream `index` finished: the end, if it never sent a value or was the last one.
  mutating func finished<Failure>(at index: Int) -> FanInStep<[Element], Failure> {
    unfinished -= 1
    return latest[index] == nil || unfinished == 0 ? .emit(.finished) : .none
  }

  mutating func clear() -> Any? {
    defer { latest = [] }
    return latest
  }
}
