/// The flatMap's state: a `FanIn` holding a `FlatMapStateMachine`.
typealias FlatMapStorage<Downstream: SignalObserver, Inner: Signal> = FanIn<Downstream, FlatMapStateMachine<Inner>>

extension FanIn {
  /// Subscribes waiting inner signals while slots are free. Only one thread does it at a time,
  /// in a loop, so that inner signals finishing during their subscription do not nest.
  func launchInnerSignals<Inner: Signal>()
  where Machine == FlatMapStateMachine<Inner>, Inner.Output == Output, Inner.Failure == Failure {
    var isLauncher = false
    while true {
      let next: (Inner, UInt64)? = state.withLock { state in
        if !isLauncher {
          guard !state.machine.isLaunching else { return nil }
          state.machine.isLaunching = true
          isLauncher = true
        }
        guard !state.isEnded, let (inner, key) = state.machine.nextLaunch() else {
          state.machine.isLaunching = false
          return nil
        }
        state.reserve(CollectionOfOne(key))
        return (inner, key)
      }
      guard let (inner, key) = next else { return }
      subscribe(inner, key: key, with: FlatMapInnerObserver(fanIn: self, key: key))
    }
  }
}

/// Receives the upstream's values and turns them into inner signals.
struct FlatMapOuterObserver<Downstream: SignalObserver, Upstream: Signal, Inner: Signal>: FanInObserver
where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure, Upstream.Failure == Downstream.Failure {
  let fanIn: FlatMapStorage<Downstream, Inner>
  let transform: @Sendable (Upstream.Output) -> Inner

  var key: UInt64 { FlatMapStateMachine<Inner>.upstreamKey }

  func receive(_ event: Event<Upstream.Output, Upstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      let inner = transform(value)
      let control = fanIn.transact { state in
        state.machine.enqueue(inner)
        return .none
      }
      fanIn.launchInnerSignals()
      return control
    case .finished:
      return fanIn.transact { $0.upstreamFinished() }
    case .failed(let error):
      return fanIn.send(.failed(error))
    }
  }
}

/// Receives the events of one inner signal.
struct FlatMapInnerObserver<Downstream: SignalObserver, Inner: Signal>: FanInObserver
where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure {
  let fanIn: FlatMapStorage<Downstream, Inner>
  let key: UInt64

  func receive(_ event: Event<Inner.Output, Inner.Failure>) -> SignalControl {
    switch event {
    case .value, .failed:
      return fanIn.send(event)
    case .finished:
      let key = key
      let control = fanIn.transact { $0.innerFinished(key) }
      fanIn.launchInnerSignals()
      return control
    }
  }
}
