extension Signal where Output: Signal, Output.Failure == Failure {
  /// Mirrors the newest inner signal: each new inner signal replaces the previous one,
  /// which is cancelled at once.
  ///
  /// The upstream sends the inner signals `a` and `b` (drawn as hot signals, on the upstream's frames):
  ///
  /// ```marble switch-to-latest
  /// upstream:        -a---b----|
  /// a:               --1-2-3-4--
  /// b:               ---x--5--6|
  /// switchToLatest:  --1-2-5--6|
  /// ```
  ///
  /// <!-- setup
  /// func search(_ query: String) -> AfterSignal<[String]> {
  ///   AfterSignal(.milliseconds(300), value: ["results for \(query)"], on: DispatchSignalScheduler.main)
  /// }
  /// let queries = PassthroughSignal<String, Never>()
  /// -->
  /// ```swift
  /// let results = queries.map { query in search(query) }.switchToLatest()
  /// ```
  ///
  /// Finishes when the upstream and the current inner signal finished; the first failure of
  /// either fails it and cancels the other first. Cancelling cancels the current inner signal, then the
  /// upstream, as Combine does.
  public consuming func switchToLatest() -> SwitchToLatestSignal<Self> {
    SwitchToLatestSignal(upstream: self)
  }
}

/// A signal that mirrors the newest of the signals its upstream sends. See ``Signal/switchToLatest()-2z47i``.
///
/// - A new inner signal cancels the previous one at once; events the previous one still
///   sends are ignored.
/// - Finishes when the upstream finished and the current inner signal (if any) finished.
/// - Fails at the first failure of the upstream or of the current inner signal, after cancelling the other.
/// - Cancelling cancels the current inner signal, then the upstream (Combine's order).
public struct SwitchToLatestSignal<Upstream: Signal>: Signal
where Upstream.Output: Signal, Upstream.Output.Failure == Upstream.Failure {
  /// The inner signals' output type.
  public typealias Output = Upstream.Output.Output
  /// The failure type, shared by the upstream and the inner signals.
  public typealias Failure = Upstream.Failure

  /// The signal of signals.
  public let upstream: Upstream

  /// Creates the signal; prefer ``Signal/switchToLatest()-2z47i``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes `observer` to the newest inner signal's events.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let fanIn = SwitchToLatestStorage(downstream: observer, machine: SwitchToLatestStateMachine())
    let key = SwitchToLatestStateMachine.upstreamKey
    guard fanIn.reserve(CollectionOfOne(key)) else { return .empty }
    if fanIn.isWaiting(for: key) {
      upstream.subscribe(keeping: SwitchToLatestOuterObserver<Observer, Upstream>(fanIn: fanIn))
    }
    return .handing(fanIn.handle, to: observer)
  }
}

extension SwitchToLatestSignal: HandsOverSubscription {}
