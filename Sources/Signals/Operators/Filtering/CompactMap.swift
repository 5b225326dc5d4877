extension Signal {
  /// Transforms each value with `transform` and passes on the non-`nil` results.
  ///
  /// <!-- setup
  /// let lines = ["1", "two", "3"].signal
  /// -->
  /// ```swift
  /// let numbers = lines.compactMap { Int($0) }  // 1, 3: drops the lines that are not numbers
  /// ```
  public consuming func compactMap<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T?) -> CompactMapSignal<
    Self, T
  > {
    CompactMapSignal(upstream: self, transform: transform)
  }
}

/// A signal that passes on the non-`nil` results of a transformation. See ``Signal/compactMap(_:)``.
public struct CompactMapSignal<Upstream: Signal, Output: Sendable>: Signal {
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are transformed.
  public let upstream: Upstream
  /// The transformation; `nil` results are dropped.
  public let transform: @Sendable (Upstream.Output) -> Output?

  /// Creates the signal; prefer ``Signal/compactMap(_:)``.
  public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) -> Output?) {
    self.upstream = upstream
    self.transform = transform
  }

  /// Subscribes `observer` to the non-`nil` transformed values.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(CompactMapObserver(downstream: observer, transform: transform))
  }
}

struct CompactMapObserver<Downstream: SignalObserver, Input: Sendable>: SignalObserver {
  let downstream: Downstream
  let transform: @Sendable (Input) -> Downstream.Input?

  func receive(_ event: Event<Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      guard let output = transform(value) else { return .continue }
      return downstream.receive(.value(output))
    case .finished: return downstream.receive(.finished)
    case .failed(let error): return downstream.receive(.failed(error))
    }
  }
}

extension CompactMapSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension CompactMapObserver: ForwardingObserver {}
extension CompactMapObserver: EngineObserver where Downstream: EngineObserver {
  /// Stateless: a late `finished` does to it what it does to its downstream.
  static var lateFinish: LateFinish { Downstream.lateFinish }
}
