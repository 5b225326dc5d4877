extension Signal where Output: Comparable {
  /// Emits the largest value when the upstream finishes, then finishes.
  ///
  /// ```marble max
  /// upstream:    -c-g-b-|
  /// max():       -------(g|)
  /// ```
  ///
  /// An upstream that finishes without a value yields only ``Event/finished`` (there is no largest
  /// value), as in Combine. Of equal values, the first is kept. A failure passes through and nothing is
  /// emitted.
  public consuming func max() -> ComparisonSignal<Self, Failure> {
    tryMax { (a, b) throws(Failure) in a < b }
  }

  /// Emits the smallest value when the upstream finishes, then finishes.
  ///
  /// ```swift
  /// let lowest = [3, 1, 2].signal.min()  // 1, finished
  /// ```
  ///
  /// An upstream that finishes without a value yields only ``Event/finished``. Of equal values, the first
  /// is kept. A failure passes through and nothing is emitted.
  public consuming func min() -> ComparisonSignal<Self, Failure> {
    tryMin { (a, b) throws(Failure) in a < b }
  }
}

extension Signal {
  /// Emits the largest value by `areInIncreasingOrder` when the upstream finishes, then finishes.
  ///
  /// <!-- setup
  /// struct Download: Sendable { var name: String; var bytes: Int }
  /// let downloads = PassthroughSignal<Download, Never>()
  /// -->
  /// ```swift
  /// let largest = downloads.max { $0.bytes < $1.bytes }  // on finish: the largest download
  /// ```
  ///
  /// `areInIncreasingOrder` returns `true` when its first argument is ordered before its second, as for
  /// `Sequence.max(by:)`. Without a value, only ``Event/finished``; of equal values, the first is kept.
  public consuming func max(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) -> Bool
  ) -> ComparisonSignal<Self, Failure> {
    tryMax { (a, b) throws(Failure) in areInIncreasingOrder(a, b) }
  }

  /// Emits the smallest value by `areInIncreasingOrder` when the upstream finishes, then finishes.
  ///
  /// `areInIncreasingOrder` returns `true` when its first argument is ordered before its second, as for
  /// `Sequence.min(by:)`. Without a value, only ``Event/finished``; of equal values, the first is kept.
  public consuming func min(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) -> Bool
  ) -> ComparisonSignal<Self, Failure> {
    tryMin { (a, b) throws(Failure) in areInIncreasingOrder(a, b) }
  }

  /// Emits the largest value by an ordering that may throw, when the upstream finishes; a thrown error ends
  /// the signal with that error.
  ///
  /// The closure throws the upstream's own failure type here (typed throws), so the failure type is kept.
  /// When it throws, the error is sent at once and the upstream subscription is released.
  public consuming func tryMax(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) throws(Failure) -> Bool
  ) -> ComparisonSignal<Self, Failure> {
    ComparisonSignal(upstream: self, areInIncreasingOrder: areInIncreasingOrder, keepsLargest: true) { $0 }
  }

  /// Emits the largest value by an ordering that may throw any error; the failure type becomes
  /// `any Error`, as in Combine.
  public consuming func tryMax(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) throws -> Bool
  ) -> ComparisonSignal<Self, any Error> {
    ComparisonSignal(upstream: self, areInIncreasingOrder: areInIncreasingOrder, keepsLargest: true) { $0 }
  }

  /// Emits the smallest value by an ordering that may throw, when the upstream finishes; a thrown error
  /// ends the signal with that error.
  ///
  /// The closure throws the upstream's own failure type here (typed throws), so the failure type is kept.
  /// When it throws, the error is sent at once and the upstream subscription is released.
  public consuming func tryMin(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) throws(Failure) -> Bool
  ) -> ComparisonSignal<Self, Failure> {
    ComparisonSignal(upstream: self, areInIncreasingOrder: areInIncreasingOrder, keepsLargest: false) { $0 }
  }

  /// Emits the smallest value by an ordering that may throw any error; the failure type becomes
  /// `any Error`, as in Combine.
  public consuming func tryMin(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) throws -> Bool
  ) -> ComparisonSignal<Self, any Error> {
    ComparisonSignal(upstream: self, areInIncreasingOrder: areInIncreasingOrder, keepsLargest: false) { $0 }
  }
}

/// A signal that emits the largest or the smallest value of its upstream when it finishes: ``Signal/max()``,
/// ``Signal/min()`` and their `by:` and `try` forms.
public struct ComparisonSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal whose values are compared.
  public let upstream: Upstream
  /// Returns `true` when its first argument is ordered before its second; a thrown error ends the signal.
  public let areInIncreasingOrder: @Sendable (Output, Output) throws(Failure) -> Bool
  /// Whether the largest value is kept (`max`), or the smallest (`min`).
  public let keepsLargest: Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the largest or smallest value.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let step = ComparisonStep(areInIncreasingOrder: areInIncreasingOrder, keepsLargest: keepsLargest)
    return upstream.subscribe(observer, reducing: step, mapFailure: mapFailure)
  }
}

/// `max` and `min`'s step: the state is the value kept so far; a later value replaces it only when it is
/// strictly larger (smaller), so of equal values the first stays, as in Combine and `Sequence.max(by:)`.
struct ComparisonStep<Input: Sendable, Failure: Error>: ReducingStep {
  let areInIncreasingOrder: @Sendable (Input, Input) throws(Failure) -> Bool
  let keepsLargest: Bool

  var initialState: Input? { nil }

  func receive(_ value: Input, state kept: inout Input?) throws(Failure) {
    guard let current = kept else {
      kept = value
      return
    }
    let replaces = keepsLargest ? try areInIncreasingOrder(current, value) : try areInIncreasingOrder(value, current)
    if replaces { kept = value }
  }

  func result(_ state: Input?) -> Input? { state }
}

extension ComparisonSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
