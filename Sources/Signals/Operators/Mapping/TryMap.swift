extension Signal {
  /// Transforms each value with a closure that may throw; a thrown error ends the signal with that error.
  ///
  /// The closure throws the upstream's own failure type (typed throws), so the
  /// failure type is kept:
  ///
  /// <!-- setup
  /// struct File: Sendable { var name: String; var size: Int? }
  /// enum LoadError: Error { case unreadable(File) }
  /// typealias Files = PassthroughSignal<File, LoadError>
  /// let files = Files()
  /// -->
  /// ```swift
  /// let sizes: TryMapSignal<Files, Int, LoadError> = files.tryMap { file throws(LoadError) in
  ///   guard let size = file.size else { throw .unreadable(file) }
  ///   return size
  /// }
  /// ```
  ///
  /// When the closure throws, the error is sent downstream as ``Event/failed(_:)``
  /// and the upstream subscription is released; the upstream's own failure passes through.
  public consuming func tryMap<T: Sendable>(
    _ transform: @escaping @Sendable (Output) throws(Failure) -> T
  ) -> TryMapSignal<Self, T, Failure> {
    TryMapSignal(upstream: self, transform: transform, mapFailure: { $0 })
  }

  /// Transforms each value with a closure that may throw any error; the failure type becomes `any Error`.
  ///
  /// Chosen when the closure throws errors of another type than the upstream's
  /// failure (an untyped `throws`). A thrown error ends the signal with that
  /// error; an upstream failure passes through as `any Error`.
  public consuming func tryMap<T: Sendable>(
    _ transform: @escaping @Sendable (Output) throws -> T
  ) -> TryMapSignal<Self, T, any Error> {
    TryMapSignal(upstream: self, transform: transform, mapFailure: { $0 })
  }
}

/// A signal that transforms each value with a throwing closure. See ``Signal/tryMap(_:)->TryMapSignal<Self,T,Self.Failure>``.
public struct TryMapSignal<Upstream: Signal, Output: Sendable, Failure: Error>: Signal {
  /// The signal whose values are transformed.
  public let upstream: Upstream
  /// The transformation; a thrown error ends the signal.
  public let transform: @Sendable (Upstream.Output) throws(Failure) -> Output
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the transformed values.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, filtering: TryMapStep(transform: transform), mapFailure: mapFailure)
  }
}

/// `tryMap`'s step: every value passes, transformed.
struct TryMapStep<Input: Sendable, Output: Sendable, Failure: Error>: FilteringStep {
  let transform: @Sendable (Input) throws(Failure) -> Output

  func receive(_ value: Input) throws(Failure) -> FilteringAnswer<Output> { .send(try transform(value)) }
}

extension TryMapSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
