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
    upstream.subscribe(observer, reducing: CountStep<Upstream.Output, Failure>()) { $0 }
  }
}

/// The per-subscription counter of `count()`.
/// `count()`'s step: the state is the number of values so far.
struct CountStep<Input: Sendable, Failure: Error>: ReducingStep {
  var initialState: Int { 0 }

  func receive(_ value: Input, state count: inout Int) throws(Failure) { count += 1 }

  func result(_ count: Int) -> Int? { count }
}

extension CountSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
