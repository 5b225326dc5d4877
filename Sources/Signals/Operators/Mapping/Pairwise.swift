extension Signal {
  /// Emits each value paired with the one before it: `(previous, current)`.
  ///
  /// ```marble pairwise
  /// upstream:      -a-b-c-|
  /// pairwise():    ---x-y-|
  /// ```
  ///
  /// Above, `x` is `(a, b)` and `y` is `(b, c)`. The first value has nothing before it, so an upstream of
  /// one value yields no pair, only its terminal event (as CombineExt's and RxSwiftExt's `pairwise()` and
  /// RxJS's `pairwise`). To pair the first value too, give it a predecessor with
  /// ``Signal/prepend(_:)->PrependSignal<Self,[Self.Output]>`` (ReactiveSwift's `combinePrevious(_:)`):
  ///
  /// <!-- setup
  /// let scrollOffsets = PassthroughSignal<Double, Never>()
  /// -->
  /// ```swift
  /// let scrolledDown = scrollOffsets.prepend(0).pairwise().map { previous, current in current > previous }
  /// ```
  ///
  /// Each subscription starts without a previous value. Terminal events pass through.
  public consuming func pairwise() -> PairwiseSignal<Self> {
    PairwiseSignal(upstream: self)
  }
}

/// A signal that emits each value of its upstream with the one before it. See ``Signal/pairwise()``.
public struct PairwiseSignal<Upstream: Signal>: Signal {
  /// The previous value and the current one.
  public typealias Output = (Upstream.Output, Upstream.Output)
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are paired.
  public let upstream: Upstream

  /// Creates the signal; prefer ``Signal/pairwise()``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes `observer`, remembering the last value.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(ScanningObserver(downstream: observer, step: PairwiseStep<Upstream.Output, Failure>()) { $0 })
  }
}

/// `pairwise()`'s step: the state is the previous value.
struct PairwiseStep<Input: Sendable, Failure: Error>: ScanningStep {
  init() {}

  var initialState: Input? { nil }

  func receive(_ value: Input, state previous: inout Input?) throws(Failure) -> (Input, Input)? {
    defer { previous = value }
    return previous.map { ($0, value) }
  }
}

extension PairwiseSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
