/// The merge's storage is a `FanIn` holding a `MergeStateMachine`.
@usableFromInline
typealias MergeStorage<Downstream: SignalObserver> = FanIn<Downstream, MergeStateMachine>

/// Receives the events of one merged upstream.
@usableFromInline
struct MergeObserver<Downstream: SignalObserver>: FanInObserver {
  @usableFromInline let fanIn: MergeStorage<Downstream>
  @usableFromInline let key: UInt64

  @inlinable
  init(fanIn: MergeStorage<Downstream>, key: UInt64) {
    self.fanIn = fanIn
    self.key = key
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value, .failed:
      return fanIn.send(event)
    case .finished:
      let key = key
      return fanIn.transact { $0.upstreamFinished(key) }
    }
  }
}
