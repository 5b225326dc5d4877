extension Signal {
  /// Emits each value with the `size - 1` values before it, as an array, oldest first: a sliding window
  /// (CombineExt's `nwise(_:)`).
  ///
  /// ```marble nwise
  /// upstream:   -a-b-c-d-|
  /// nwise(3):   -----x-y-|
  /// ```
  ///
  /// Above, `x` is `[a, b, c]` and `y` is `[b, c, d]`. Until `size` values came there is no window, so an
  /// upstream of fewer values yields only its terminal event; `nwise(2)` is ``Signal/pairwise()`` with
  /// arrays for tuples.
  ///
  /// <!-- setup
  /// let readings = PassthroughSignal<Double, Never>()
  /// -->
  /// ```swift
  /// let movingAverage = readings.nwise(5).map { window in window.reduce(0, +) / 5 }
  /// ```
  ///
  /// Each subscription starts with an empty window. Terminal events pass through.
  ///
  /// - Precondition: `size` is at least 1 ("Signals: nwise(_:) needs a size of at least 1"); CombineExt
  ///   asserts at least 2 (`nwise(1)` sends each value alone).
  public consuming func nwise(_ size: Int) -> NwiseSignal<Self> {
    NwiseSignal(upstream: self, size: size)
  }
}

/// A signal that emits each value of its upstream with the ones before it. See ``Signal/nwise(_:)``.
public struct NwiseSignal<Upstream: Signal>: Signal {
  /// The window: `size` consecutive values, oldest first.
  public typealias Output = [Upstream.Output]
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are windowed.
  public let upstream: Upstream
  /// How many values each window holds.
  public let size: Int

  /// Creates the signal; prefer ``Signal/nwise(_:)``.
  ///
  /// - Precondition: `size` is at least 1.
  public init(upstream: Upstream, size: Int) {
    if let problem = Self.problem(size: size) { preconditionFailure(problem) }
    self.upstream = upstream
    self.size = size
  }

  /// Why `size` is refused, or `nil` when it is valid. Backs the precondition.
  package static func problem(size: Int) -> String? {
    size >= 1 ? nil : "Signals: nwise(_:) needs a size of at least 1, got \(size)"
  }

  /// Subscribes `observer`, keeping the last `size` values.
  @inline(__always)
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(
      ScanningObserver(downstream: observer, step: NwiseStep<Upstream.Output, Failure>(size: size)) { $0 })
  }
}

/// `nwise(_:)`'s step: the state is the window so far.
struct NwiseStep<Input: Sendable, Failure: Error>: ScanningStep {
  let size: Int

  init(size: Int) {
    self.size = size
  }

  var initialState: [Input] { [] }

  func receive(_ value: Input, state window: inout [Input]) throws(Failure) -> [Input]? {
    if window.count == size { window.removeFirst() }
    window.append(value)
    return window.count == size ? window : nil
  }
}

extension NwiseSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
