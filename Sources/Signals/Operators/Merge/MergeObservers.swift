/// The merge's storage is a `Serializer` holding a `MergeStateMachine`.
@usableFromInline
typealias MergeStorage<Downstream: SignalObserver> = Serializer<Downstream, MergeStateMachine>

/// Receives the events of one merged upstream.
@usableFromInline
struct MergeObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let serializer: MergeStorage<Downstream>
  @usableFromInline let key: UInt64

  @inlinable
  init(serializer: MergeStorage<Downstream>, key: UInt64) {
    self.serializer = serializer
    self.key = key
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value, .failed:
      return serializer.send(event)
    case .finished:
      let key = key
      return serializer.transact { state in
        state.dropUpstream(key)
        return state.machine.upstreamFinished()
      }
    }
  }
}
