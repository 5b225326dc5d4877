extension Signal {
  /// Passes on only the values for which a predicate that may throw returns `true`; a thrown error ends
  /// the signal with that error.
  ///
  /// ```marble try-filter
  /// upstream:                        -1-2-3-x-4-|
  /// tryFilter(isOdd), x throws:      -1---3-#
  /// ```
  ///
  /// The predicate throws the upstream's own failure type here (typed throws), so the failure type is
  /// kept, as with ``Signal/tryMap(_:)->TryMapSignal<Self,T,Self.Failure>``. When it throws, the error is
  /// sent downstream and the upstream subscription is released; terminal events pass through.
  public consuming func tryFilter(
    _ isIncluded: @escaping @Sendable (Output) throws(Failure) -> Bool
  ) -> TryFilterSignal<Self, Failure> {
    TryFilterSignal(upstream: self, isIncluded: isIncluded) { $0 }
  }

  /// Passes on only the values for which a predicate that may throw any error returns `true`; the failure
  /// type becomes `any Error`, as in Combine.
  ///
  /// Chosen when the predicate throws errors of another type than the upstream's failure (an untyped
  /// `throws`). A thrown error ends the signal; an upstream failure passes through as `any Error`.
  public consuming func tryFilter(
    _ isIncluded: @escaping @Sendable (Output) throws -> Bool
  ) -> TryFilterSignal<Self, any Error> {
    TryFilterSignal(upstream: self, isIncluded: isIncluded) { $0 }
  }
}

/// A signal that passes on the values of its upstream that satisfy a throwing predicate.
/// See ``Signal/tryFilter(_:)->TryFilterSignal<Self,Self.Failure>``.
public struct TryFilterSignal<Upstream: Signal, Failure: Error>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal whose values are filtered.
  public let upstream: Upstream
  /// The predicate; a thrown error ends the signal.
  public let isIncluded: @Sendable (Output) throws(Failure) -> Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the values that pass the predicate.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(TryFilterObserver(downstream: observer, isIncluded: isIncluded, mapFailure: mapFailure))
  }
}

// Stateless: after it answers `.stop`, the upstream delivers nothing more.
struct TryFilterObserver<Downstream: SignalObserver, UpstreamFailure: Error>: SignalObserver {
  let downstream: Downstream
  let isIncluded: @Sendable (Downstream.Input) throws(Downstream.Failure) -> Bool
  let mapFailure: @Sendable (UpstreamFailure) -> Downstream.Failure

  func receive(_ event: Event<Downstream.Input, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value):
      do {
        guard try isIncluded(value) else { return .continue }
      } catch {
        _ = downstream.receive(.failed(error))
        return .stop
      }
      return downstream.receive(.value(value))
    case .finished:
      return downstream.receive(.finished)
    case .failed(let error):
      return downstream.receive(.failed(mapFailure(error)))
    }
  }
}

extension TryFilterSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension TryFilterObserver: ForwardingObserver {}
extension TryFilterObserver: EngineObserver where Downstream: EngineObserver {}
