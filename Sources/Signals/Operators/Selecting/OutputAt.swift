extension Signal {
  /// Emits only the value at `index` (counting from 0), then finishes and releases the upstream.
  ///
  /// ```swift
  /// let second = ["a", "b", "c"].signal.output(at: 1)  // "b", finished
  /// ```
  ///
  /// An upstream that ends before `index` ends the result the same way, with no value.
  ///
  /// - Precondition: `index >= 0`. A negative index is a programming error and
  ///   stops the program with a "Signals: " message.
  public consuming func output(at index: Int) -> OutputAtSignal<Self> {
    precondition(index >= 0, "Signals: output(at:) needs an index of at least 0, got \(index)")
    return OutputAtSignal(upstream: self, index: index)
  }
}

/// A signal that emits only the value at an index. See ``Signal/output(at:)``.
public struct OutputAtSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose value is picked.
  public let upstream: Upstream
  /// The position of the value emitted, from 0.
  public let index: Int

  /// Creates the signal; prefer ``Signal/output(at:)``.
  public init(upstream: Upstream, index: Int) {
    precondition(index >= 0, "Signals: output(at:) needs an index of at least 0, got \(index)")
    self.upstream = upstream
    self.index = index
  }

  /// Subscribes `observer` to the value at ``index``.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TrailingFinishGuard.subscribe(observer, to: upstream) {
      OutputAtObserver(downstream: observer, index: index, finishGuard: $0)
    }
  }
}

/// The per-subscription position of `output(at:)`.
final class OutputAtObserver<Downstream: SignalObserver>: SignalObserver, Sendable {
  let downstream: Downstream
  /// `nil` for a downstream that needs none (see `TrailingFinishGuard`).
  let finishGuard: TrailingFinishGuard?
  let toSkip: Locked<Int>

  init(downstream: Downstream, index: Int, finishGuard: TrailingFinishGuard?) {
    self.downstream = downstream
    self.finishGuard = finishGuard
    self.toSkip = Locked(index)
  }

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    guard case .value = event else { return downstream.receive(event) }
    let skipped = toSkip.withLock {
      $0 -= 1
      return $0
    }
    if skipped >= 0 { return .continue }
    guard skipped == -1 else { return .stop }
    if downstream.receive(event) == .continue {
      _ = finishGuard.finish(downstream)
    }
    return .stop
  }
}

extension OutputAtSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension OutputAtObserver: ForwardingObserver {}
extension OutputAtObserver: EngineObserver where Downstream: EngineObserver {}
