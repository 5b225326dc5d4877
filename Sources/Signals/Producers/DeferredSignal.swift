/// A signal that builds a fresh signal for each subscription.
///
/// <!-- setup
/// let clock = ContinuousClock()
/// -->
/// ```swift
/// let now = DeferredSignal { JustSignal(clock.now) }  // read at subscription, not at creation
/// ```
///
/// `createSignal` runs once per subscription, on the subscribing thread,
/// and the observer is subscribed to what it returns.
public struct DeferredSignal<Upstream: Signal>: Signal {
  /// The built signal's output type.
  public typealias Output = Upstream.Output
  /// The built signal's failure type.
  public typealias Failure = Upstream.Failure

  /// Builds the signal each subscription subscribes to.
  public let createSignal: @Sendable () -> Upstream

  /// A signal that calls `createSignal` for each subscription.
  public init(_ createSignal: @escaping @Sendable () -> Upstream) {
    self.createSignal = createSignal
  }

  /// Builds a signal and subscribes `observer` to it.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    createSignal().subscribe(observer)
  }
}

extension DeferredSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
