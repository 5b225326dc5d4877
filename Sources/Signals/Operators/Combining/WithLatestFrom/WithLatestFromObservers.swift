/// Receives the upstream's events: each value goes out with the latest of the other signal.
@usableFromInline
struct WithLatestFromObserver<Downstream: SignalObserver, Input: Sendable, Latest: Sendable>: FanInObserver
where Downstream.Input == (Input, Latest) {
  @usableFromInline let fanIn: FanIn<Downstream, WithLatestFromStateMachine<Latest>>

  @inlinable
  init(fanIn: FanIn<Downstream, WithLatestFromStateMachine<Latest>>) {
    self.fanIn = fanIn
  }

  @inlinable
  var key: UInt64 { WithLatestFromStateMachine<Latest>.upstreamKey }

  @inlinable
  func receive(_ event: Event<Input, Downstream.Failure>) -> SignalControl {
    fanIn.transact { $0.upstreamEvent(event) }
  }
}

/// Receives the other signal's events: its values are kept.
@usableFromInline
struct WithLatestFromOtherObserver<Downstream: SignalObserver, Other: Signal>: FanInObserver {
  @usableFromInline let fanIn: FanIn<Downstream, WithLatestFromStateMachine<Other.Output>>
  @usableFromInline let otherFailure: @Sendable (Other.Failure) -> Downstream.Failure

  @inlinable
  init(
    fanIn: FanIn<Downstream, WithLatestFromStateMachine<Other.Output>>,
    otherFailure: @escaping @Sendable (Other.Failure) -> Downstream.Failure
  ) {
    self.fanIn = fanIn
    self.otherFailure = otherFailure
  }

  @inlinable
  var key: UInt64 { WithLatestFromStateMachine<Other.Output>.otherKey }

  @inlinable
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
