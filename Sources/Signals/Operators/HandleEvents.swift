extension Signal {
  /// Calls closures on the events of each subscription, for side effects such as logging; events pass through unchanged.
  ///
  /// <!-- setup
  /// let intro = PassthroughSignal<String, Never>()
  /// func log(_ message: String) { print(message) }
  /// -->
  /// ```swift
  /// let logged = intro.handleEvents(receiveCancel: { log("intro cancelled") })
  /// ```
  ///
  /// - Parameters:
  ///   - receiveSubscription: Called when an observer subscribes, before the upstream is subscribed.
  ///   - receiveValue: Called with each value, before the value is passed on.
  ///   - receiveCompletion: Called with the terminal event, before it is passed on.
  ///   - receiveCancel: Called once when the downstream gives up before a terminal
  ///     event: its subscription is cancelled or released, or it answers
  ///     ``SignalControl/stop`` (as `prefix` and `first` do). Not called after
  ///     a terminal event.
  @inlinable
  public func handleEvents(
    receiveSubscription: (@Sendable () -> Void)? = nil,
    receiveValue: (@Sendable (Output) -> Void)? = nil,
    receiveCompletion: (@Sendable (SignalCompletion<Failure>) -> Void)? = nil,
    receiveCancel: (@Sendable () -> Void)? = nil
  ) -> HandleEventsSignal<Self> {
    HandleEventsSignal(
      upstream: self, receiveSubscription: receiveSubscription, receiveValue: receiveValue,
      receiveCompletion: receiveCompletion, receiveCancel: receiveCancel)
  }
}

/// A signal that calls closures on its events. See ``Signal/handleEvents(receiveSubscription:receiveValue:receiveCompletion:receiveCancel:)``.
public struct HandleEventsSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose events are observed.
  public let upstream: Upstream
  /// Called when an observer subscribes.
  public let receiveSubscription: (@Sendable () -> Void)?
  /// Called with each value.
  public let receiveValue: (@Sendable (Output) -> Void)?
  /// Called with the terminal event.
  public let receiveCompletion: (@Sendable (SignalCompletion<Failure>) -> Void)?
  /// Called when the downstream gives up before a terminal event.
  public let receiveCancel: (@Sendable () -> Void)?

  /// Creates the signal; prefer ``Signal/handleEvents(receiveSubscription:receiveValue:receiveCompletion:receiveCancel:)``.
  @inlinable
  public init(
    upstream: Upstream, receiveSubscription: (@Sendable () -> Void)?, receiveValue: (@Sendable (Output) -> Void)?,
    receiveCompletion: (@Sendable (SignalCompletion<Failure>) -> Void)?, receiveCancel: (@Sendable () -> Void)?
  ) {
    self.upstream = upstream
    self.receiveSubscription = receiveSubscription
    self.receiveValue = receiveValue
    self.receiveCompletion = receiveCompletion
    self.receiveCancel = receiveCancel
  }

  /// Subscribes `observer`, calling the closures on the way.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    guard receiveCancel != nil else {
      receiveSubscription?()
      return upstream.subscribe(
        HandleEventsObserver(
          downstream: observer, receiveValue: receiveValue, receiveCompletion: receiveCompletion, cancelHook: nil))
    }
    return .make(_subscribeHandle(observer))  // the cancel hook's: one subscription object, as before
  }

  /// Subscribes `observer` for another operator; see `Signal._subscribeHandle(_:)`.
  @inlinable
  public func _subscribeHandle<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure {
    receiveSubscription?()
    guard let receiveCancel else {
      return upstream._subscribeHandle(
        HandleEventsObserver(
          downstream: observer, receiveValue: receiveValue, receiveCompletion: receiveCompletion, cancelHook: nil))
    }
    let hook = HandleEventsCancelHook(receiveCancel)
    hook.attach(
      upstream._subscribeHandle(
        HandleEventsObserver(
          downstream: observer, receiveValue: receiveValue, receiveCompletion: receiveCompletion, cancelHook: hook)))
    return SignalSubscriptionHandle(target: hook, id: 0)  // capture-free: the hook is not generic
  }
}

@usableFromInline
struct HandleEventsObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let downstream: Downstream
  @usableFromInline let receiveValue: (@Sendable (Downstream.Input) -> Void)?
  @usableFromInline let receiveCompletion: (@Sendable (SignalCompletion<Downstream.Failure>) -> Void)?
  @usableFromInline let cancelHook: HandleEventsCancelHook?

  @inlinable
  init(
    downstream: Downstream, receiveValue: (@Sendable (Downstream.Input) -> Void)?,
    receiveCompletion: (@Sendable (SignalCompletion<Downstream.Failure>) -> Void)?, cancelHook: HandleEventsCancelHook?
  ) {
    self.downstream = downstream
    self.receiveValue = receiveValue
    self.receiveCompletion = receiveCompletion
    self.cancelHook = cancelHook
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      receiveValue?(value)
      let answer = downstream.receive(event)
      if answer == .stop { cancelHook?.cancelSubscription(id: 0) }
      return answer
    case .finished:
      cancelHook?.disarm()
      receiveCompletion?(.finished)
      return downstream.receive(event)
    case .failed(let error):
      cancelHook?.disarm()
      receiveCompletion?(.failed(error))
      return downstream.receive(event)
    }
  }
}

/// Fires `receiveCancel` at most once, unless a terminal event came first, and
/// holds the upstream subscription to cancel with it.
@usableFromInline
final class HandleEventsCancelHook: SubscriptionTarget, Sendable {
  @usableFromInline
  struct State: Sendable {
    @usableFromInline var onCancel: (@Sendable () -> Void)?
    @usableFromInline var upstream: SignalSubscriptionHandle?
    @usableFromInline var isDone = false

    @inlinable
    init(onCancel: @escaping @Sendable () -> Void) {
      self.onCancel = onCancel
    }
  }

  @usableFromInline let state: Locked<State>

  @inlinable
  init(_ onCancel: @escaping @Sendable () -> Void) {
    state = Locked(State(onCancel: onCancel))
  }

  /// Keeps the upstream subscription, unless the hook is already done (then it is cancelled at once).
  @inlinable
  func attach(_ upstream: consuming SignalSubscriptionHandle) {
    var moving = Optional(upstream)  // moved, not copied, into the state; left here if not kept
    state.withLock { state in
      guard !state.isDone else { return }
      state.upstream = moving.take()
    }
    moving.take()?.cancel()  // outside the lock
  }

  /// A terminal event is passing: the hook will not fire.
  @inlinable
  func disarm() {
    let released = state.withLock { state in
      state.isDone = true
      defer {
        state.onCancel = nil
        state.upstream = nil
      }
      return (state.onCancel, state.upstream)
    }
    _ = released  // released outside the lock
  }

  /// The downstream cancelled or stopped: fire the hook once, then cancel the upstream.
  @usableFromInline
  func cancelSubscription(id: UInt64) {
    let taken: ((@Sendable () -> Void)?, SignalSubscriptionHandle?) = state.withLock { state in
      guard !state.isDone else { return (nil, nil) }
      state.isDone = true
      defer {
        state.onCancel = nil
        state.upstream = nil
      }
      return (state.onCancel, state.upstream)
    }
    taken.0?()
    var upstream = taken.1
    upstream.take()?.cancel()
  }
}
