/// A type-erased signal: hides the concrete operator chain behind its output and failure types.
///
/// Use it at API boundaries (`var progress: AnySignal<Double, Never>`), or build a
/// custom signal from a closure:
///
/// ```swift
/// let countdown = AnySignal<Int, Never> { observer in
///   for n in stride(from: 3, through: 1, by: -1) {
///     guard observer.receive(.value(n)) == .continue else { return .empty }
///   }
///   _ = observer.receive(.finished)
///   return .empty
/// }
/// ```
///
/// A closure-built signal is responsible for the event contract: the grammar,
/// serial delivery, and stopping when the observer answers ``SignalControl/stop``
/// or the returned subscription is cancelled.
public struct AnySignal<Output: Sendable, Failure: Error>: Signal {
  @usableFromInline
  let subscribeHandler: @Sendable (AnySignalObserver<Output, Failure>) -> SignalSubscription

  /// Wraps `signal`. Wrapping an `AnySignal` does not add a layer.
  @inlinable
  public init<Upstream: Signal>(_ signal: Upstream) where Upstream.Output == Output, Upstream.Failure == Failure {
    if let erased = signal as? AnySignal<Output, Failure> {
      self = erased
    } else {
      subscribeHandler = { signal.subscribe($0) }
    }
  }

  /// A signal whose subscription runs `subscribe` with the new observer.
  @inlinable
  public init(_ subscribe: @escaping @Sendable (AnySignalObserver<Output, Failure>) -> SignalSubscription) {
    subscribeHandler = subscribe
  }

  /// Subscribes `observer` to the wrapped signal.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    subscribeHandler(AnySignalObserver(observer))
  }
}

extension Signal {
  /// Wraps this signal in an ``AnySignal``, hiding its concrete type.
  @inlinable
  public func eraseToAnySignal() -> AnySignal<Output, Failure> {
    AnySignal(self)
  }
}
