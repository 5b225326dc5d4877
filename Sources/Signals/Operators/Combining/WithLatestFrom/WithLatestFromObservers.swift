/// Receives the upstream's events: each value goes out with the latest of the other signal.
struct WithLatestFromObserver<Downstream: SignalObserver, Input: Sendable, Latest: Sendable>: FanInObserver
where Downstream.Input == (Input, Latest) {
  let fanIn: FanIn<Downstream, WithLatestFromStateMachine<Latest>>

  var key: UInt64 { WithLatestFromStateMachine<Latest>.upstreamKey }

  func receive(_ event: Event<Input, Downstream.Failure>) -> SignalControl {
    fanIn.transact { $0.upstreamEvent(event) }
  }
}

/// Receives the other signal's events: its values are kept.
struct WithLatestFromOtherObserver<Downstream: SignalObserver, Other: Signal>: FanInObserver {
  let fanIn: FanIn<Downstream, WithLatestFromStateMachine<Other.Output>>
  let otherFailure: @Sendable (Other.Failure) -> Downstream.Failure

  var key: UInt64 { WithLatestFromStateMachine<Other.Output>.otherKey }

  func receive(_ event: Event<Other.Output, Other.Failure>) -> SignalControl {
    switch event {
    case .value(let value): return fanIn.transact { $0.otherValue(value) }
    case .finished: return fanIn.transact { $0.otherEnded(.finished) }
    case .failed(let error):
      let failure = otherFailure(error)
      return fanIn.transact { $0.otherEnded(.failed(failure)) }
    }
  }
}
