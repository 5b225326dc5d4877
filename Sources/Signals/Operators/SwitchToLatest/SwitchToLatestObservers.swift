/// The switchToLatest's storage: a `FanIn` holding a `SwitchToLatestStateMachine`.
@usableFromInline
typealias SwitchToLatestStorage<Downstream: SignalObserver> = FanIn<Downstream, SwitchToLatestStateMachine>

/// Receives the upstream's inner signals.
@usableFromInline
struct SwitchToLatestOuterObserver<Downstream: SignalObserver, Upstream: Signal>: SignalObserver
where
  Upstream.Output: Signal, Upstream.Output.Output == Downstream.Input, Upstream.Output.Failure == Downstream.Failure,
  Upstream.Failure == Downstream.Failure
{
  @usableFromInline let storage: SwitchToLatestStorage<Downstream>

  @inlinable
  init(storage: SwitchToLatestStorage<Downstream>) {
    self.storage = storage
  }

  @inlinable
  func receive(_ event: Event<Upstream.Output, Upstream.Failure>) -> SignalControl {
    switch event {
    case .value(let inner):
      var key: UInt64?
      let control = storage.transact { state in
        key = state.switchToNewInner()
        return .none
      }
      if let key { storage.subscribe(inner, key: key, with: SwitchToLatestInnerObserver(storage: storage, key: key)) }
      return control
    case .finished:
      return storage.transact { $0.upstreamFinished() }
    case .failed(let error):
      return storage.send(.failed(error))
    }
  }
}

/// Receives the events of one inner signal.
@usableFromInline
struct SwitchToLatestInnerObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let storage: SwitchToLatestStorage<Downstream>
  @usableFromInline let key: UInt64

  @inlinable
  init(storage: SwitchToLatestStorage<Downstream>, key: UInt64) {
    self.storage = storage
    self.key = key
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    let key = key
    return storage.transact { $0.innerEvent(event, from: key) }
  }
}
