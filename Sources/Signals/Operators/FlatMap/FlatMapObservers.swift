/// The flatMap's storage: a `FanIn` holding a `FlatMapStateMachine`.
@usableFromInline
typealias FlatMapStorage<Downstream: SignalObserver, Inner: Signal> = FanIn<Downstream, FlatMapStateMachine<Inner>>

extension FanIn {
  /// Subscribes waiting inner signals while slots are free. Only one thread does it at a time,
  /// in a loop, so that inner signals finishing during their subscription do not nest.
  @inlinable
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
      subscribe(inner, key: key, with: FlatMapInnerObserver(storage: self, key: key))
    }
  }
}

/// Receives the upstream's values and turns them into inner signals.
@usableFromInline
struct FlatMapOuterObserver<Downstream: SignalObserver, Upstream: Signal, Inner: Signal>: SignalObserver
where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure, Upstream.Failure == Downstream.Failure {
  @usableFromInline let storage: FlatMapStorage<Downstream, Inner>
  @usableFromInline let transform: @Sendable (Upstream.Output) -> Inner

  @inlinable
  init(storage: FlatMapStorage<Downstream, Inner>, transform: @escaping @Sendable (Upstream.Output) -> Inner) {
    self.storage = storage
    self.transform = transform
  }

  @inlinable
  func receive(_ event: Event<Upstream.Output, Upstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      let inner = transform(value)
      let control = storage.transact { state in
        state.machine.enqueue(inner)
        return .none
      }
      storage.launchInnerSignals()
      return control
    case .finished:
      return storage.transact { state in
        state.dropUpstream(FlatMapStateMachine<Inner>.upstreamKey)
        state.machine.isUpstreamFinished = true
        return state.machine.isDone ? .emit(.finished) : .none
      }
    case .failed(let error):
      return storage.send(.failed(error))
    }
  }
}

/// Receives the events of one inner signal.
@usableFromInline
struct FlatMapInnerObserver<Downstream: SignalObserver, Inner: Signal>: SignalObserver
where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure {
  @usableFromInline let storage: FlatMapStorage<Downstream, Inner>
  @usableFromInline let key: UInt64

  @inlinable
  init(storage: FlatMapStorage<Downstream, Inner>, key: UInt64) {
    self.storage = storage
    self.key = key
  }

  @inlinable
  func receive(_ event: Event<Inner.Output, Inner.Failure>) -> SignalControl {
    switch event {
    case .value, .failed:
      return storage.send(event)
    case .finished:
      let key = key
      let control = storage.transact { state in
        state.dropUpstream(key)
        state.machine.active -= 1
        return state.machine.isDone ? .emit(.finished) : .none
      }
      storage.launchInnerSignals()
      return control
    }
  }
}
