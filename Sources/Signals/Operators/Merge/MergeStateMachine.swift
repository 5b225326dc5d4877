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
