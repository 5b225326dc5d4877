extension Signal {
  /// Transforms each value into a signal and merges the events of those inner signals.
  ///
  /// Each upstream value names an inner signal (drawn as hot signals, on the upstream's frames); `b`'s
  /// failure fails the result, after cancelling `a`, then the upstream:
  ///
  /// ```marble flat-map
  /// upstream:  -a-b------
  /// a:         --1--2--3-
  /// b:         ----3-#
  /// flatMap:   --1-32#
  /// ```
  ///
  /// <!-- setup
  /// struct PageRequest: Sendable { var number: Int }
  /// func load(_ request: PageRequest) -> JustSignal<String> { JustSignal("page \(request.number)") }
  /// let pageRequests = [1, 2, 3].signal.map { PageRequest(number: $0) }
  /// -->
  /// ```swift
  /// let pages = pageRequests.flatMap(maxConcurrency: 2) { request in load(request) }
  /// ```
  ///
  /// - Parameters:
  ///   - maxConcurrency: How many inner signals may be subscribed at once; the others wait,
  ///     in order, until one finishes. Unlimited by default.
  ///     Precondition: at least 1 ("Signals: flatMap(maxConcurrency:) needs at least 1").
  ///   - buffering: How many inner signals may wait for a slot, and which to keep when more
  ///     arrive: `.unbounded` (the default) keeps all of them; `.bufferingOldest(n)` drops the
  ///     newcomer, `.bufferingNewest(n)` the oldest waiting one. A dropped inner signal is never subscribed.
  ///   - transform: Makes the inner signal for a value.
  ///
  /// Finishes when the upstream and every inner signal finished. The first failure, of the upstream or of
  /// any inner signal, fails the whole and cancels everything else first: the other inner signals, then
  /// the upstream. Cancelling cancels the inner signals, then the upstream, as Combine does. An inner
  /// signal's failure cancels the upstream too, where Combine leaves the upstream subscribed (nothing would
  /// ever come of it again, and the event contract releases everything upstream once a signal has ended).
  public consuming func flatMap<Inner: Signal>(
    maxConcurrency: Int = .max,
    buffering: SignalBufferingPolicy = .unbounded,
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> FlatMapSignal<Self, Inner> where Inner.Failure == Failure {
    FlatMapSignal(upstream: self, maxConcurrency: maxConcurrency, buffering: buffering, transform: transform)
  }
}

/// A signal that merges the inner signals made from each upstream value.
/// See ``Signal/flatMap(maxConcurrency:buffering:_:)-3nvrb``.
public struct FlatMapSignal<Upstream: Signal, Inner: Signal>: Signal where Inner.Failure == Upstream.Failure {
  /// The inner signals' output type.
  public typealias Output = Inner.Output
  /// The failure type, shared by the upstream and the inner signals.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are transformed.
  public let upstream: Upstream
  /// How many inner signals may be subscribed at once.
  public let maxConcurrency: Int
  /// The policy of the queue of inner signals waiting for a slot.
  public let buffering: SignalBufferingPolicy
  /// Makes the inner signal for a value.
  public let transform: @Sendable (Upstream.Output) -> Inner

  /// Creates the signal; prefer ``Signal/flatMap(maxConcurrency:buffering:_:)-3nvrb``.
  ///
  /// - Precondition: `maxConcurrency` is at least 1, and a bounded `buffering` limit is at least 1.
  public init(
    upstream: Upstream, maxConcurrency: Int, buffering: SignalBufferingPolicy,
    transform: @escaping @Sendable (Upstream.Output) -> Inner
  ) {
    if let problem = Self.problem(maxConcurrency: maxConcurrency) { preconditionFailure(problem) }
    _ = buffering.limit
    self.upstream = upstream
    self.maxConcurrency = maxConcurrency
    self.buffering = buffering
    self.transform = transform
  }

  /// The precondition message for a bad `maxConcurrency`, or `nil` when it is valid.
  package static func problem(maxConcurrency: Int) -> String? {
    maxConcurrency >= 1 ? nil : "Signals: flatMap(maxConcurrency:) needs at least 1, got \(maxConcurrency)"
  }

  /// Subscribes `observer` to the merged events of the inner signals.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let machine = FlatMapStateMachine<Inner>(maxConcurrency: maxConcurrency, buffering: buffering)
    let fanIn = FlatMapStorage(downstream: observer, machine: machine)
    guard fanIn.reserve(CollectionOfOne(FlatMapStateMachine<Inner>.upstreamKey)) else { return .empty }
    let key = FlatMapStateMachine<Inner>.upstreamKey
    if fanIn.isWaiting(for: key) {
      let outer = FlatMapOuterObserver<Observer, Upstream, Inner>(fanIn: fanIn, transform: transform)
      upstream.subscribe(keeping: outer)
    }
    return .handing(fanIn.handle, to: observer)
  }
}

extension FlatMapSignal: HandsOverSubscription {}
