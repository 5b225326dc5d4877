extension Signal {
  /// Passes on only the values for which `isIncluded` returns `true`.
  @inlinable
  public func filter(_ isIncluded: @escaping @Sendable (Output) -> Bool) -> FilterSignal<Self> {
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
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(FilterObserver(downstream: observer, isIncluded: isIncluded))
  }

  /// Subscribes `observer` for another operator; see `Signal._subscribeHandle(_:)`.
  @inlinable
  public func _subscribeHandle<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream._subscribeHandle(FilterObserver(downstream: observer, isIncluded: isIncluded))
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

  /// A stateless forwarder: a late `finished` does to it what it does to its downstream.
  @inlinable
  static var _lateFinish: _SignalLateFinish { Downstream._lateFinish }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    if case .value(let value) = event, !isIncluded(value) { return .continue }
    return downstream.receive(event)
  }
}
