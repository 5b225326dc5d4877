/// The state of a switchToLatest: which inner signal is current, and whether the upstream finished.
struct SwitchToLatestStateMachine: FanInMachine {
  /// The slot key of the upstream, after every inner signal's (they get keys from 1): slots end in key
  /// order, so cancelling cancels the inner signals first, then the upstream, as Combine's `switchToLatest` does.
  static var upstreamKey: UInt64 { .max }

  /// The key of the current inner signal, while it has not finished.
  var current: UInt64?
  var nextKey: UInt64 = 1
  var isUpstreamFinished = false

  init() {}
}

extension FanInState where Machine == SwitchToLatestStateMachine {
  /// A new inner signal: drops the current one and returns the key for the new one.
  mutating func switchToNewInner() -> UInt64 {
    if let current = machine.current { dropUpstream(current) }
    let key = machine.nextKey
    machine.nextKey += 1
    machine.current = key
    reserve(CollectionOfOne(key))
    return key
  }

  /// An event of inner signal `key`: forwarded if it is the current one, else that inner is stopped.
  mutating func innerEvent(_ event: Event<Output, Failure>, from key: UInt64) -> FanInStep<Output, Failure> {
    guard machine.current == key else { return .stopUpstream }
    guard case .finished = event else { return .emit(event) }
    dropUpstream(key)
    machine.current = nil
    return machine.isUpstreamFinished ? .emit(.finished) : .none
  }

  /// The upstream finished: the end, unless an inner signal is still running.
  mutating func upstreamFinished() -> FanInStep<Output, Failure> {
    dropUpstream(SwitchToLatestStateMachine.upstreamKey)
    machine.isUpstreamFinished = true
    return machine.current == nil ? .emit(.finished) : .none
  }
}
