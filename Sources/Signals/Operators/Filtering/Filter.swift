extension Signal {
  /// Passes on only the values for which `isIncluded` returns `true`.
  @inlinable
  public consuming func filter(_ isIncluded: @escaping @Sendable (Output) -> Bool) -> FilterSignal<Self> {
    FilterSignal(upstream: self, isIncluded: isIncluded)
  }
}

/// A signal that passes on the values of its upstream that satisfy a predicate. See ``Signal/filter(_:)``.
public struct FilterSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are filtered.
  public let upstream: Upstream
  /// The predicate.
  public let isIncluded: @Sendable (Output) -> Bool

  /// Creates the signal; prefer ``Signal/filter(_:)``.
  @inlinable
  public init(upstream: Upstream, isIncluded: @escaping @Sendable (Output) -> Bool) {
    self.upstream = upstream
    self.isIncluded = isIncluded
  }

  /// Subscribes `observer` to the values that pass the predicate.
  @inlinable
  @inline(__always)
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(FilterObserver(downstream: observer, isIncluded: isIncluded))
  }
}

@usableFromInline
struct FilterObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let downstream: Downstream
  @usableFromInline let isIncluded: @Sendable (Downstream.Input) -> Bool

  @inlinable
  init(downstream: Downstream, isIncluded: @escaping @Sendable (Downstream.Input) -> Bool) {
    self.downstream = downstream
    self.isIncluded = isIncluded
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    if case .value(let value) = event, !isIncluded(value) { return .continue }
    return downstream.receive(event)
  }
}

extension FilterSignal {
  /// Passes on only the values for which this signal's predicate and then `isIncluded` return `true`
  /// (`isIncluded` is not asked about a value the first predicate refused): one `filter`, with the same
  /// values, events and subscription as two.
  ///
  /// So filters in a row are one operator, whatever their number: one observer, one step per value (the
  /// Engines article, rule 10).
  @inlinable
  public consuming func filter(_ isIncluded: @escaping @Sendable (Output) -> Bool) -> FilterSignal<Upstream> {
    let first = self.isIncluded
    return FilterSignal(upstream: upstream) { first($0) && isIncluded($0) }
  }
}

extension FilterSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension FilterObserver: ForwardingObserver {}
extension FilterObserver: EngineObserver where Downstream: EngineObserver {
  /// Stateless: a late `finished` does to it what it does to its downstream.
  @inlinable
  static var lateFinish: LateFinish { Downstream.lateFinish }
}
