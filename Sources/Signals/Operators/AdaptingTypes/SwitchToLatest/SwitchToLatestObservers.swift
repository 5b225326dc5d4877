/// The switchToLatest's state: a `FanIn` holding a `SwitchToLatestStateMachine`.
typealias SwitchToLatestStorage<Downstream: SignalObserver> = FanIn<Downstream, SwitchToLatestStateMachine>

/// Receives the upstream's inner signals.
struct SwitchToLatestOuterObserver<Downstream: SignalObserver, Upstream: Signal>: FanInObserver
where
  Upstream.Output: Signal, Upstream.Output.Output == Downstream.Input, Upstream.Output.Failure == Downstream.Failure,
  Upstream.Failure == Downstream.Failure
{
  let fanIn: SwitchToLatestStorage<Downstream>

  init(fanIn: SwitchToLatestStorage<Downstream>) {
    self.fanIn = fanIn
  }

  var key: UInt64 { SwitchToLatestStateMachine.upstreamKey }

  func receive(_ event: Event<Upstream.Output, Upstream.Failure>) -> SignalControl {
    switch event {
    case .value(let inner):
      var key: UInt64?
      let control = fanIn.transact { state in
        key = state.switchToNewInner()
        return .none
      }
      if let key { fanIn.subscribe(inner, key: key, with: SwitchToLatestInnerObserver(fanIn: fanIn, key: key)) }
      return control
    case .finished:
      return fanIn.transact { $0.upstreamFinished() }
    case .failed(let error):
      return fanIn.send(.failed(error))
    }
  }
}

/// Receives the events of one inner signal.
struct SwitchToLatestInnerObserver<Downstream: SignalObserver>: FanInObserver {
  let fanIn: SwitchToLatestStorage<Downstream>
  let key: UInt64

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    let key = key
    return fanIn.transact { $0.innerEvent(event, from: key) }
  }
}
