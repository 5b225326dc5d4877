extension Signal {
  /// Emits only the values at the positions in `range` (counting from 0), then finishes and releases the
  /// upstream.
  ///
  /// ```marble output-in
  /// upstream:            -a-b-c-d-e-|
  /// output(in: 1...2):   ---b-(c|)
  /// ```
  ///
  /// Any range of `Int` will do: `2..<5`, `2...4`, `2...` (from the third value on), `..<3`. The result
  /// finishes right after the value at the range's last position (Combine's documentation says it finishes
  /// once the range is published; it does not wait for one more value). An upstream that ends sooner ends
  /// the result the same way. An empty range (`3..<3`) finishes at once, without subscribing to the
  /// upstream, as `prefix(0)` does.
  ///
  /// - Precondition: the range's bounds, as a half-open range, are at least 0. A negative bound (`-1..<3`,
  ///   `..<(-1)`) is a programming error and stops the program with a "Signals: " message, as in Combine.
  public consuming func output(in range: some RangeExpression<Int>) -> OutputInSignal<Self> {
    OutputInSignal(upstream: self, range: OutputInSignal<Self>.positions(range))
  }
}

/// A signal that emits only the values at a range of positions. See ``Signal/output(in:)``.
public struct OutputInSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are picked.
  public let upstream: Upstream
  /// The positions of the values emitted, from 0.
  public let range: Range<Int>

  /// Creates the signal; prefer ``Signal/output(in:)``.
  ///
  /// - Precondition: `range.lowerBound >= 0`.
  public init(upstream: Upstream, range: Range<Int>) {
    precondition(range.lowerBound >= 0, "Signals: output(in:) needs positions of at least 0, got \(range)")
    self.upstream = upstream
    self.range = range
  }

  /// The positions `range` names, from 0 on: a range open below starts at 0, one open above never ends.
  static func positions(_ range: some RangeExpression<Int>) -> Range<Int> {
    // Relative to every `Int`, so that a negative bound is seen (and refused) instead of clamped.
    let bounds = range.relative(to: Int.min..<Int.max)
    let lower = bounds.lowerBound == Int.min ? 0 : bounds.lowerBound
    precondition(
      lower >= 0 && bounds.upperBound >= 0, "Signals: output(in:) needs positions of at least 0, got \(range)")
    return lower..<bounds.upperBound
  }

  /// Subscribes `observer` to the values in ``range``.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    guard !range.isEmpty else {
      _ = observer.receive(.finished)
      return .empty
    }
    return TrailingFinishGuard.subscribe(observer, to: upstream) {
      OutputInObserver(downstream: observer, range: range, finishGuard: $0)
    }
  }
}

/// The per-subscription position of `output(in:)`.
struct OutputInObserver<Downstream: SignalObserver>: SignalObserver {
  let downstream: Downstream
  /// `nil` for a downstream that needs none (see `TrailingFinishGuard`).
  let finishGuard: TrailingFinishGuard?
  let range: Range<Int>
  /// The position of the next value.
  let position: Locked<Int>

  init(downstream: Downstream, range: Range<Int>, finishGuard: TrailingFinishGuard?) {
    self.downstream = downstream
    self.finishGuard = finishGuard
    self.range = range
    self.position = Locked(0)
  }

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    guard case .value = event else { return downstream.receive(event) }
    let index = position.withLock { next in
      defer { next += 1 }
      return next
    }
    if index < range.lowerBound { return .continue }
    guard index < range.upperBound - 1 else {
      if downstream.receive(event) == .continue {
        _ = finishGuard.finish(downstream)
      }
      return .stop
    }
    return downstream.receive(event)
  }
}

extension OutputInSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension OutputInObserver: ForwardingObserver {}
extension OutputInObserver: EngineObserver where Downstream: EngineObserver {}
