extension Signal where Failure == Never {
  /// Gives a signal that cannot fail the failure type another signal needs, to combine them.
  ///
  /// <!-- setup
  /// struct LoadError: Error {}
  /// let ticks = PassthroughSignal<Int, Never>()
  /// let loading = PassthroughSignal<Int, LoadError>()
  /// -->
  /// ```swift
  /// let progress = ticks.setFailureType(to: LoadError.self).combineLatest(loading)  // fails when loading fails
  /// ```
  public consuming func setFailureType<E: Error>(to failureType: E.Type) -> SetFailureTypeSignal<Self, E> {
    SetFailureTypeSignal(upstream: self)
  }
}

/// A signal that cannot fail, typed with another failure type. See ``Signal/setFailureType(to:)``.
public struct SetFailureTypeSignal<Upstream: Signal, Failure: Error>: Signal where Upstream.Failure == Never {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal that cannot fail.
  public let upstream: Upstream

  /// Creates the signal; prefer ``Signal/setFailureType(to:)``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes `observer`; it receives the upstream's values and `finished`.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(SetFailureTypeObserver(downstream: observer))
  }
}

struct SetFailureTypeObserver<Downstream: SignalObserver>: SignalObserver {
  let downstream: Downstream

  func receive(_ event: Event<Downstream.Input, Never>) -> SignalControl {
    switch event {
    case .value(let value): return downstream.receive(.value(value))
    case .finished: return downstream.receive(.finished)
    }
  }
}

extension SetFailureTypeSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension SetFailureTypeObserver: ForwardingObserver {}
extension SetFailureTypeObserver: EngineObserver where Downstream: EngineObserver {
  /// Stateless: a late `finished` does to it what it does to its downstream.
  static var lateFinish: LateFinish { Downstream.lateFinish }
}
