extension Signal {
  /// Emits the number of values when the upstream finishes, then finishes.
  ///
  /// <!-- setup
  /// let taps = PassthroughSignal<Void, Never>()
  /// -->
  /// ```swift
  /// let tapCount = taps.count()  // after the taps finish: how many there were
  /// ```
  ///
  /// An upstream that finishes without values yields `0`. A failure passes
  /// through and no count is emitted.
  public consuming func count() -> CountSignal<Self> {
    CountSignal(upstream: self)
  }
}

/// A signal that emits how many values its upstream emitted, on finish. See ``Signal/count()``.
public struct CountSignal<Upstream: Signal>: Signal {
  /// The number of values.
  public typealias Output = Int
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are counted.
  public let upstream: Upstream

  /// Creates the signal; prefer ``Signal/count()``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes `observer` to the count.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TrailingFinishGuard.subscribe(observer, to: upstream) {
      CountObserver(downstream: observer, upstreamOutput: Upstream.Output.self, finishGuard: $0)
    }
  }
}

/// The per-subscription counter of `count()`.
final class CountObserver<Downstream: SignalObserver, Input: Sendable>: SignalObserver, Sendable
where Downstream.Input == Int {
  let downstream: Downstream
  /// `nil` for a downstream that needs none (see `TrailingFinishGuard`).
  let finishGuard: TrailingFinishGuard?
  let counter: Locked<Int>

  init(downstream: Downstream, upstreamOutput: Input.Type, finishGuard: TrailingFinishGuard?) {
    self.downstream = downstream
    self.finishGuard = finishGuard
    self.counter = Locked(0)
  }

  func receive(_ event: Event<Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value:
      counter.withLock { $0 += 1 }
      return .continue
    case .finished:
      guard downstream.receive(.value(counter.withLock { $0 })) == .continue else { return .stop }
      return finishGuard.finish(downstream)
    case .failed(let error):
      return downstream.receive(.failed(error))
    }
  }
}

extension CountSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension CountObserver: ForwardingObserver {}
extension CountObserver: EngineObserver where Downstream: EngineObserver {}
