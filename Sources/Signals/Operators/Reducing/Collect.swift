extension Signal {
  /// Collects every value and emits them as one array when the upstream finishes.
  ///
  /// ```swift
  /// let all = [1, 2, 3].signal.collect()  // [1, 2, 3], finished
  /// ```
  ///
  /// An upstream that finishes without values yields `[]` (as in Combine). A
  /// failure passes through instead of the array (as in Combine). Memory grows
  /// with the number of values.
  public consuming func collect() -> CollectSignal<Self> {
    CollectSignal(upstream: self)
  }

  /// Collects values into arrays of `count` and emits each array when it is full.
  ///
  /// ```swift
  /// let pairs = [1, 2, 3, 4, 5].signal.collect(2)  // [1, 2], [3, 4], [5], finished
  /// ```
  ///
  /// When the upstream finishes, the last, partial array is emitted before
  /// ``Event/finished`` (it is never dropped); no empty array is emitted. A
  /// failure passes through and the partial array is not emitted (as in Combine).
  ///
  /// - Precondition: `count >= 1`. A zero or negative count is a programming
  ///   error and stops the program with a "Signals: " message.
  public consuming func collect(_ count: Int) -> CollectByCountSignal<Self> {
    precondition(count >= 1, "Signals: collect(_:) needs a count of at least 1, got \(count)")
    return CollectByCountSignal(upstream: self, count: count)
  }
}

/// A signal that emits all its upstream's values as one array on finish. See ``Signal/collect()``.
public struct CollectSignal<Upstream: Signal>: Signal {
  /// An array of the upstream's values.
  public typealias Output = [Upstream.Output]
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are collected.
  public let upstream: Upstream

  /// Creates the signal; prefer ``Signal/collect()``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes `observer` to the array of all values.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TrailingFinishGuard.subscribe(observer, to: upstream) {
      CollectObserver(downstream: observer, count: nil, finishGuard: $0)
    }
  }
}

/// A signal that emits its upstream's values in arrays of a fixed size. See ``Signal/collect(_:)-(Int)``.
public struct CollectByCountSignal<Upstream: Signal>: Signal {
  /// An array of the upstream's values.
  public typealias Output = [Upstream.Output]
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are collected.
  public let upstream: Upstream
  /// The size of each array (the last may be smaller).
  public let count: Int

  /// Creates the signal; prefer ``Signal/collect(_:)-(Int)``.
  public init(upstream: Upstream, count: Int) {
    precondition(count >= 1, "Signals: collect(_:) needs a count of at least 1, got \(count)")
    self.upstream = upstream
    self.count = count
  }

  /// Subscribes `observer` to the arrays.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    TrailingFinishGuard.subscribe(observer, to: upstream) {
      CollectObserver(downstream: observer, count: count, finishGuard: $0)
    }
  }
}

/// The per-subscription buffer of `collect()` (`count == nil`) and `collect(_:)`.
final class CollectObserver<Downstream: SignalObserver, Element: Sendable>: SignalObserver, Sendable
where Downstream.Input == [Element] {
  let downstream: Downstream
  /// `nil` for a downstream that needs none (see `TrailingFinishGuard`).
  let finishGuard: TrailingFinishGuard?
  let count: Int?
  let buffer: Locked<[Element]>

  init(downstream: Downstream, count: Int?, finishGuard: TrailingFinishGuard?) {
    self.finishGuard = finishGuard
    self.downstream = downstream
    self.count = count
    self.buffer = Locked([])
  }

  func receive(_ event: Event<Element, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      let full: [Element]? = buffer.withLock { buffer in
        buffer.append(value)
        guard let count, buffer.count >= count else { return nil }
        defer { buffer = [] }
        return buffer
      }
      guard let full else { return .continue }
      return downstream.receive(.value(full))
    case .finished:
      let rest = buffer.withLock { buffer in
        defer { buffer = [] }
        return buffer
      }
      if count == nil || !rest.isEmpty {
        guard downstream.receive(.value(rest)) == .continue else { return .stop }
        return finishGuard.finish(downstream)
      }
      return downstream.receive(.finished)
    case .failed(let error):
      let dropped = buffer.withLock { buffer in
        defer { buffer = [] }
        return buffer
      }
      _ = dropped  // released outside the lock
      return downstream.receive(.failed(error))
    }
  }
}

extension CollectSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension CollectByCountSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension CollectObserver: ForwardingObserver {}
extension CollectObserver: EngineObserver where Downstream: EngineObserver {}
