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
    /// A wrapped signal: subscribes the erased observer, handing the subscription to `keeper` when an
    /// operator of Signals subscribes the erased signal (the Engines article, rule 2).
    case signal(
      @Sendable (AnySignalObserver<Output, Failure>, _ keeper: (any EngineObserver)?) -> SignalSubscription)
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
      body = .signal { observer, keeper in
        guard let keeper else { return signal.subscribe(observer) }
        signal.subscribe(keeping: ErasedKeeper(observer: observer, keeper: keeper))
        return .empty
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
      return subscribe(AnySignalObserver(observer), keeper(observer))
    case .closure(let subscribe):
      let subscription = subscribe(AnySignalObserver(observer))
      guard let keeper = keeper(observer) else { return subscription }
      keeper.keepUpstream(SignalSubscriptionHandle(subscription))
      return .empty
    }
  }
}

extension AnySignal: HandsOverSubscription {
  /// `observer`, when it keeps the subscription it is handed.
  @inlinable
  func keeper<Observer: SignalObserver>(_ observer: Observer) -> (any EngineObserver)? {
    guard let engine = observer as? any EngineObserver, type(of: engine).keepsUpstream else { return nil }
    return engine
  }
}

/// An erased observer whose subscription the keeper behind it keeps.
@usableFromInline
struct ErasedKeeper<Input: Sendable, Failure: Error>: UpstreamKeeper {
  @usableFromInline let observer: AnySignalObserver<Input, Failure>
  @usableFromInline let keeper: any EngineObserver

  @inlinable
  init(observer: AnySignalObserver<Input, Failure>, keeper: any EngineObserver) {
    self.observer = observer
    self.keeper = keeper
  }

  @inlinable
  func receive(_ event: Event<Input, Failure>) -> SignalControl {
    observer.receive(event)
  }

  @inlinable
  @inline(__always)
  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    keeper.keepUpstream(upstream)
  }
}

extension Signal {
  /// Wraps this signal in an ``AnySignal``, hiding its concrete type.
  @inlinable
  public consuming func eraseToAnySignal() -> AnySignal<Output, Failure> {
    AnySignal(self)
  }
}
