extension Signal {
  /// Replaces a failure with a last value, then finishes: the result cannot fail.
  ///
  /// <!-- setup
  /// struct LoadFailed: Error {}
  /// let loadScore = PassthroughSignal<Int, LoadFailed>()
  /// -->
  /// ```swift
  /// let score = loadScore.replaceError(with: 0)  // a failure becomes 0, then finished
  /// ```
  ///
  /// Values and `finished` pass through unchanged; the error itself is dropped
  /// (use ``Signal/catch(_:)`` to look at it).
  public consuming func replaceError(with output: Output) -> ReplaceErrorSignal<Self> {
    ReplaceErrorSignal(upstream: self, output: output)
  }
}

/// A signal that replaces its upstream's failure with a value. See ``Signal/replaceError(with:)``.
public struct ReplaceErrorSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// A `ReplaceErrorSignal` cannot fail.
  public typealias Failure = Never

  /// The signal whose failure is replaced.
  public let upstream: Upstream
  /// The value sent in place of a failure.
  public let output: Output

  /// Creates the signal; prefer ``Signal/replaceError(with:)``.
  public init(upstream: Upstream, output: Output) {
    self.upstream = upstream
    self.output = output
  }

  /// Subscribes `observer`; a failure reaches it as ``output`` then `finished`.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(
      ReplaceErrorObserver(downstream: observer, output: output, upstreamFailure: Upstream.Failure.self))
  }
}

struct ReplaceErrorObserver<Downstream: SignalObserver, UpstreamFailure: Error>: SignalObserver
where Downstream.Failure == Never {
  let downstream: Downstream
  let output: Downstream.Input

  init(downstream: Downstream, output: Downstream.Input, upstreamFailure: UpstreamFailure.Type) {
    self.downstream = downstream
    self.output = output
  }

  func receive(_ event: Event<Downstream.Input, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value): return downstream.receive(.value(value))
    case .finished: return downstream.receive(.finished)
    case .failed:
      if downstream.receive(.value(output)) == .continue {
        _ = downstream.receive(.finished)
      }
      return .stop
    }
  }
}

extension ReplaceErrorSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension ReplaceErrorObserver: ForwardingObserver {}
extension ReplaceErrorObserver: EngineObserver where Downstream: EngineObserver {}
