extension Signal {
  /// Emits every event of the upstream as a value, its terminal event included, then finishes: a signal
  /// that cannot fail.
  ///
  /// ```marble materialize
  /// upstream:         -a-b-#
  /// materialize():    -v-w-(e|)
  /// ```
  ///
  /// Above, `v` is `.value(a)`, `w` is `.value(b)` and `e` is `.failed(error)`; an upstream that finishes
  /// gives `.finished`, then the result finishes. As CombineExt's and RxSwift's `materialize()`, with
  /// Signals' own ``Event``. ``Signal/dematerialize()`` turns the values back into events:
  ///
  /// <!-- setup
  /// struct LoadError: Error {}
  /// let load = PassthroughSignal<Int, LoadError>()
  /// -->
  /// ```swift
  /// let outcomes = load.materialize()  // Signal<Event<Int, LoadError>, Never>: errors as values
  /// let failures = outcomes.compactMap { $0.completion?.error }  // the error, if the load fails
  /// ```
  public consuming func materialize() -> MaterializeSignal<Self> {
    MaterializeSignal(upstream: self)
  }
}

/// A signal that emits its upstream's events as values. See ``Signal/materialize()``.
public struct MaterializeSignal<Upstream: Signal>: Signal {
  /// Each event of the upstream.
  public typealias Output = Event<Upstream.Output, Upstream.Failure>
  /// The upstream's failure is a value here: this signal cannot fail.
  public typealias Failure = Never

  /// The signal whose events are emitted as values.
  public let upstream: Upstream

  /// Creates the signal; prefer ``Signal/materialize()``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes `observer` to the upstream's events, as values.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TrailingFinishGuard.subscribe(observer, to: upstream) {
      MaterializeObserver(downstream: observer, finishGuard: $0)
    }
  }
}

// Stateless: after the terminal event, the upstream delivers nothing more.
struct MaterializeObserver<Downstream: SignalObserver, Input: Sendable, UpstreamFailure: Error>: SignalObserver
where Downstream.Input == Event<Input, UpstreamFailure>, Downstream.Failure == Never {
  let downstream: Downstream
  /// `nil` for a downstream that needs none (see `TrailingFinishGuard`).
  let finishGuard: TrailingFinishGuard?

  func receive(_ event: Event<Input, UpstreamFailure>) -> SignalControl {
    guard downstream.receive(.value(event)) == .continue else { return .stop }
    guard event.isTerminal else { return .continue }
    return finishGuard.finish(downstream)
  }
}

extension MaterializeSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension MaterializeObserver: ForwardingObserver {}
extension MaterializeObserver: EngineObserver where Downstream: EngineObserver {}
