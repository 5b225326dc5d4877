extension Signal {
  /// Transforms each value with `transform`.
  ///
  /// <!-- setup
  /// let taps = PassthroughSignal<Void, Never>()
  /// -->
  /// ```swift
  /// let ones = taps.map { 1 }  // Signal<Int, Never>
  /// ```
  @inlinable
  public consuming func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> MapSignal<Self, T> {
    MapSignal(upstream: self, transform: transform)
  }
}

/// A signal that transforms each value of its upstream. See ``Signal/map(_:)-((Self.Output)->T)``.
public struct MapSignal<Upstream: Signal, Output: Sendable>: Signal {
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are transformed.
  public let upstream: Upstream
  /// The transformation.
  public let transform: @Sendable (Upstream.Output) -> Output

  /// Creates the signal; prefer ``Signal/map(_:)-((Self.Output)->T)``.
  @inlinable
  public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) -> Output) {
    self.upstream = upstream
    self.transform = transform
  }

  /// Subscribes `observer` to the transformed values.
  @inlinable
  @inline(__always)
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(MapObserver(downstream: observer, transform: transform))
  }
}

@usableFromInline
struct MapObserver<Downstream: SignalObserver, Input: Sendable>: SignalObserver {
  @usableFromInline let downstream: Downstream
  @usableFromInline let transform: @Sendable (Input) -> Downstream.Input

  @inlinable
  init(downstream: Downstream, transform: @escaping @Sendable (Input) -> Downstream.Input) {
    self.downstream = downstream
    self.transform = transform
  }

  @inlinable
  func receive(_ event: Event<Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value): return downstream.receive(.value(transform(value)))
    case .finished: return downstream.receive(.finished)
    case .failed(let error): return downstream.receive(.failed(error))
    }
  }
}

extension MapSignal {
  /// Transforms each value with this signal's transformation, then with `transform`: one `map` whose
  /// transformation is the two in turn, with the same values, events and subscription as two.
  ///
  /// So maps in a row are one operator, whatever their number: one observer, one step per value (three
  /// `map`s cost what one does; the Engines article, rule 10).
  @inlinable
  public consuming func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> MapSignal<Upstream, T> {
    let first = self.transform
    return MapSignal<Upstream, T>(upstream: upstream) { transform(first($0)) }
  }
}

extension MapSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension MapObserver: ForwardingObserver {}
extension MapObserver: EngineObserver where Downstream: EngineObserver {
  /// Stateless: a late `finished` does to it what it does to its downstream.
  @inlinable
  static var lateFinish: LateFinish { Downstream.lateFinish }
}
