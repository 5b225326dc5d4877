extension Signal where Failure == Never {
  /// Turns a signal of events back into their signal: each `.value` is emitted, and the first `.finished`
  /// or `.failed` event ends the result that way.
  ///
  /// ```marble dematerialize
  /// upstream:          -v-w-e-|
  /// dematerialize():   -a-b-#
  /// ```
  ///
  /// Above, `v` is `.value(a)`, `w` is `.value(b)` and `e` is `.failed(error)`. The inverse of
  /// ``Signal/materialize()``, as CombineExt's and RxSwift's `dematerialize()`. The terminal event releases
  /// the upstream, and whatever it sends afterwards is never delivered; an upstream that finishes without a
  /// terminal event finishes the result.
  public consuming func dematerialize<T: Sendable, E: Error>() -> DematerializeSignal<Self, T, E>
  where Output == Event<T, E> {
    DematerializeSignal(upstream: self)
  }
}

/// A signal that turns a signal of events back into their signal. See ``Signal/dematerialize()``.
public struct DematerializeSignal<Upstream: Signal, Output: Sendable, Failure: Error>: Signal
where Upstream.Output == Event<Output, Failure>, Upstream.Failure == Never {
  /// The signal of events.
  public let upstream: Upstream

  /// Creates the signal; prefer ``Signal/dematerialize()``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes `observer` to the events the upstream's values describe.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(DematerializeObserver(downstream: observer))
  }
}

// Stateless: after it answers `.stop`, the upstream delivers nothing more.
struct DematerializeObserver<Downstream: SignalObserver>: SignalObserver {
  let downstream: Downstream

  func receive(_ event: Event<Event<Downstream.Input, Downstream.Failure>, Never>) -> SignalControl {
    switch event {
    case .value(let described):
      guard described.isTerminal else { return downstream.receive(described) }
      _ = downstream.receive(described)
      return .stop
    case .finished:
      return downstream.receive(.finished)
    }
  }
}

extension DematerializeSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension DematerializeObserver: ForwardingObserver {}
extension DematerializeObserver: EngineObserver where Downstream: EngineObserver {}
