extension Signal {
  /// Emits `output` if the upstream finishes without emitting a value.
  ///
  /// <!-- setup
  /// let savedScores = EmptySignal<Int, Never>()  // nothing saved yet
  /// -->
  /// ```swift
  /// let scores = savedScores.replaceEmpty(with: 0)  // 0, finished
  /// ```
  ///
  /// Values pass through unchanged; a failure passes through (no replacement).
  public consuming func replaceEmpty(with output: Output) -> ReplaceEmptySignal<Self> {
    ReplaceEmptySignal(upstream: self, output: output)
  }
}

/// A signal that emits a value when its upstream finishes empty. See ``Signal/replaceEmpty(with:)``.
public struct ReplaceEmptySignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal that may finish empty.
  public let upstream: Upstream
  /// The value emitted when the upstream finishes empty.
  public let output: Output

  /// Creates the signal; prefer ``Signal/replaceEmpty(with:)``.
  public init(upstream: Upstream, output: Output) {
    self.upstream = upstream
    self.output = output
  }

  /// Subscribes `observer`, remembering whether a value passed.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(ReplaceEmptyObserver(downstream: observer, output: output))
  }
}

/// The per-subscription flag of `replaceEmpty(with:)`.
final class ReplaceEmptyObserver<Downstream: SignalObserver>: SignalObserver, Sendable {
  let downstream: Downstream
  let output: Downstream.Input
  let sawValue: Locked<Bool>

  init(downstream: Downstream, output: Downstream.Input) {
    self.downstream = downstream
    self.output = output
    self.sawValue = Locked(false)
  }

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value:
      sawValue.withLock { $0 = true }
    case .finished:
      if !sawValue.withLock({ $0 }) && downstream.receive(.value(output)) == .stop { return .stop }
    case .failed:
      break
    }
    return downstream.receive(event)
  }
}

extension ReplaceEmptySignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension ReplaceEmptyObserver: ForwardingObserver {}
extension ReplaceEmptyObserver: EngineObserver where Downstream: EngineObserver {}
