/// The state of a merge: how many upstreams have not finished yet.
@usableFromInline
struct MergeStateMachine: FanInMachine {
  @usableFromInline var remaining: Int

  @inlinable
  init(remaining: Int) {
    self.remaining = remaining
  }

  /// One upstream finished: the merge finishes with the last one.
  @inlinable
  mutating func upstreamFinished<Output, Failure>() -> FanInStep<Output, Failure> {
    remaining -= 1
    return remaining == 0 ? .emit(.finished) : .none
  }
}

extension FanInState where Machine == MergeStateMachine {
  /// Upstream `key` finished: the merge finishes when every upstream has.
  @inlinable
  mutating func upstreamFinished(_ key: UInt64) -> FanInStep<Output, Failure> {
    dropUpstream(key)
    return machine.upstreamFinished()
  }
}
