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
  /// How the wrapped signal is subscribed.
  @usableFromInline
  enum Body: Sendable {
    /// A wrapped signal, subscribed for an app (`false`: the handle holds the signal's subscription) or for
    /// an operator (`true`: the signal's own handle, so an erased signal inside a chain costs no
    /// subscription object of its own). One closure for both, so erasing allocates one context.
    case signal(@Sendable (AnySignalObserver<Output, Failure>, _ forOperator: Bool) -> SignalSubscriptionHandle)
    /// A closure-built signal.
    case closure(@Sendable (AnySignalObserver<Output, Failure>) -> SignalSubscription)
  }

  @usableFromInline
  let body: Body

  /// Wraps `signal`. Wrapping an `AnySignal` does not add a layer.
  @inlinable
  public init<Upstream: Signal>(_ signal: Upstream) where Upstream.Output == Output, Upstream.Failure == Failure {
    if let erased = signal as? AnySignal<Output, Failure> {
      self = erased
    } else {
      body = .signal { observer, forOperator in
        forOperator ? signal._subscribeHandle(observer) : SignalSubscriptionHandle(signal.subscribe(observer))
      }
    }
  }

  /// A signal whose subscription runs `subscribe` with the new observer.
  @inlinable
  public init(_ subscribe: @escaping @Sendable (AnySignalObserver<Output, Failure>) -> SignalSubscription) {
    body = .closure(subscribe)
  }

  /// Subscribes `observer` to the wrapped signal.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    switch body {
    case .signal(let subscribe):
      // The handle holds the signal's subscription (`SignalSubscriptionHandle.init(_:)`): handed out as is.
      return subscribe(AnySignalObserver(observer), false).subscription
    case .closure(let subscribe):
      return subscribe(AnySignalObserver(observer))
    }
  }

  /// Subscribes `observer` for another operator; see `Signal._subscribeHandle(_:)`.
  @inlinable
  public func _subscribeHandle<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure {
    switch body {
    case .signal(let subscribe):
      return subscribe(AnySignalObserver(observer), true)
    case .closure(let subscribe):
      return SignalSubscriptionHandle(subscribe(AnySignalObserver(observer)))
    }
  }
}

extension Signal {
  /// Wraps this signal in an ``AnySignal``, hiding its concrete type.
  @inlinable
  public consuming func eraseToAnySignal() -> AnySignal<Output, Failure> {
    AnySignal(self)
  }
}
