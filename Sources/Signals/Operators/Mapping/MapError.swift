extension Signal {
  /// Transforms the failure with `transform`; values and `finished` pass through.
  ///
  /// <!-- setup
  /// struct NetworkError: Error {}
  /// enum IntroFailure: Error { case content(NetworkError) }
  /// let download = PassthroughSignal<[UInt8], NetworkError>()
  /// -->
  /// ```swift
  /// let content = download.mapError { IntroFailure.content($0) }  // Signal<[UInt8], IntroFailure>
  /// ```
  public consuming func mapError<E: Error>(_ transform: @escaping @Sendable (Failure) -> E) -> MapErrorSignal<Self, E> {
    MapErrorSignal(upstream: self, transform: transform)
  }
}

/// A signal that transforms its upstream's failure. See ``Signal/mapError(_:)``.
public struct MapErrorSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal whose failure is transformed.
  public let upstream: Upstream
  /// The transformation of the failure.
  public let transform: @Sendable (Upstream.Failure) -> Failure

  /// Creates the signal; prefer ``Signal/mapError(_:)``.
  public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Failure) -> Failure) {
    self.upstream = upstream
    self.transform = transform
  }

  /// Subscribes `observer`; a failure reaches it transformed.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(MapErrorObserver(downstream: observer, transform: transform))
  }
}

struct MapErrorObserver<Downstream: SignalObserver, UpstreamFailure: Error>: SignalObserver {
  let downstream: Downstream
  let transform: @Sendable (UpstreamFailure) -> Downstream.Failure

  func receive(_ event: Event<Downstream.Input, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value): return downstream.receive(.value(value))
    case .finished: return downstream.receive(.finished)
    case .failed(let error): return downstream.receive(.failed(transform(error)))
    }
  }
}

extension MapErrorSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension MapErrorObserver: ForwardingObserver {}
extension MapErrorObserver: EngineObserver where Downstream: EngineObserver {
  /// Stateless: a late `finished` does to it what it does to its downstream.
  static var lateFinish: LateFinish { Downstream.lateFinish }
}
