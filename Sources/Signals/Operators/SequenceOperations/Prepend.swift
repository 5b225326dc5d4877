extension Signal {
  /// Emits `elements` first, then the upstream's events.
  ///
  /// <!-- setup
  /// let progress = PassthroughSignal<Double, Never>()
  /// -->
  /// ```swift
  /// let fromZero = progress.prepend(0)  // 0 at once, then the progress
  /// ```
  ///
  /// The elements are delivered synchronously during `subscribe`, before the
  /// upstream is subscribed. If the observer answers ``SignalControl/stop`` to
  /// one of them, the upstream is never subscribed.
  public consuming func prepend(_ elements: Output...) -> PrependSignal<Self, [Output]> {
    PrependSignal(upstream: self, elements: elements)
  }

  /// Emits the elements of `elements` first, then the upstream's events.
  ///
  /// The sequence is iterated once per subscription, synchronously during
  /// `subscribe`; the upstream is subscribed after it (and not at all if the
  /// observer answers ``SignalControl/stop`` meanwhile).
  public consuming func prepend<S: Sequence & Sendable>(_ elements: S) -> PrependSignal<Self, S>
  where S.Element == Output {
    PrependSignal(upstream: self, elements: elements)
  }
}

/// A signal that emits a sequence's elements before its upstream's events. See ``Signal/prepend(_:)->PrependSignal<Self,[Self.Output]>``.
public struct PrependSignal<Upstream: Signal, Elements: Sequence & Sendable>: Signal
where Elements.Element == Upstream.Output {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal that comes after the elements.
  public let upstream: Upstream
  /// The elements emitted first.
  public let elements: Elements

  /// Creates the signal; prefer ``Signal/prepend(_:)->PrependSignal<Self,[Self.Output]>``.
  public init(upstream: Upstream, elements: Elements) {
    self.upstream = upstream
    self.elements = elements
  }

  /// Delivers the elements to `observer`, then subscribes it to the upstream.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    for element in elements {
      guard observer.receive(.value(element)) == .continue else { return .empty }
    }
    return upstream.subscribe(observer)
  }
}

extension PrependSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
