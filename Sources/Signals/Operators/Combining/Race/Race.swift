extension Signal {
  /// Mirrors whichever of this signal and `others` sends its first event first.
  ///
  /// <!-- setup
  /// enum Outcome: Sendable { case ready, timedOut }
  /// let contentReady = PassthroughSignal<Outcome, Never>().eraseToAnySignal()
  /// let timeout = AfterSignal(.seconds(3), value: Outcome.timedOut, on: DispatchSignalScheduler.main)
  ///   .eraseToAnySignal()
  /// -->
  /// ```swift
  /// let outcome = contentReady.race(with: timeout)
  /// ```
  ///
  /// The first *event of any kind* wins, a value, a finish or a failure (as in RxSwift and
  /// RxJS): from then on only the winner's events are delivered, and the other signals are
  /// cancelled at once. A signal that sends during its subscription wins before the later
  /// signals are even subscribed (they never are).
  @inlinable
  public consuming func race(with others: Self...) -> RaceSignal<Self> {
    RaceSignal([self] + others)
  }
}

/// A signal that mirrors the first of several signals to send an event. See ``Signal/race(with:)->RaceSignal<Self>``.
///
/// - The first event of any kind (value, finish or failure) decides the winner; the losers
///   are cancelled at once, their subscriptions released.
/// - Upstreams are subscribed in array order; one that sends synchronously while being
///   subscribed wins, and the later ones are then never subscribed.
/// - An empty array finishes at once: with no contestant nothing can ever be emitted, and a
///   signal that silently never ends would hang whoever waits on it (RxSwift and RxJS never end here).
public struct RaceSignal<Upstream: Signal>: Signal {
  /// The upstreams' output type.
  public typealias Output = Upstream.Output
  /// The upstreams' failure type.
  public typealias Failure = Upstream.Failure

  /// The contestants, subscribed in this order.
  public let upstreams: [Upstream]

  /// Races `upstreams`. With no upstream at all, the signal finishes at once.
  @inlinable
  public init(_ upstreams: [Upstream]) {
    self.upstreams = upstreams
  }

  /// Subscribes `observer` to the winner's events.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    guard !upstreams.isEmpty else {
      _ = observer.receive(.finished)
      return .empty
    }
    let core = RaceCore(downstream: observer)
    for (index, upstream) in upstreams.enumerated() {
      upstream.subscribe(keeping: core.observer(index))
      // Decided: the rest are never subscribed.
      guard index + 1 < upstreams.count, core.isUndecided else { break }
    }
    return .handing(core.handle, to: observer)
  }
}

extension RaceSignal: HandsOverSubscription {}
