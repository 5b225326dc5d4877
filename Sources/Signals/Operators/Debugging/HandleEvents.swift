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
  public consuming func handleEvents(
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
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    receiveSubscription?()
    guard let receiveCancel else {
      return upstream.subscribe(
        HandleEventsObserver(
          downstream: observer, receiveValue: receiveValue, receiveCompletion: receiveCompletion, cancelHook: nil))
    }
    let hook = HandleEventsCancelHook(receiveCancel)
    let hooked = HandleEventsObserver(
      downstream: observer, receiveValue: receiveValue, receiveCompletion: receiveCompletion, cancelHook: hook)
    upstream.subscribe(keeping: HeldObserver(hooked, heldBy: hook))
    return .handing(hook.handle, to: observer)
  }
}

struct HandleEventsObserver<Downstream: SignalObserver>: SignalObserver {
  let downstream: Downstream
  let receiveValue: (@Sendable (Downstream.Input) -> Void)?
  let receiveCompletion: (@Sendable (SignalCompletion<Downstream.Failure>) -> Void)?
  let cancelHook: HandleEventsCancelHook?

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      receiveValue?(value)
      let answer = downstream.receive(event)
      if answer == .stop { cancelHook?.cancel() }
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

/// Fires `receiveCancel` at most once, unless a terminal event came first, and holds the upstream
/// subscription to cancel with it; its handle does both.
struct HandleEventsCancelHook: SubscriptionCore {
  struct State: Sendable {
    var onCancel: (@Sendable () -> Void)?
    var upstream: SignalSubscriptionHandle?
    var isDone = false

    init(onCancel: @escaping @Sendable () -> Void) {
      self.onCancel = onCancel
    }
  }

  let state: Locked<State>

  init(_ onCancel: @escaping @Sendable () -> Void) {
    state = Locked(State(onCancel: onCancel))
  }

  /// A terminal event is passing: the hook will not fire.
  func disarm() {
    // Into locals (the Engines article, rule 5).
    var onCancel: (@Sendable () -> Void)?
    var upstream: SignalSubscriptionHandle?
    state.withLock { state in
      state.isDone = true
      onCancel = state.onCancel.take()
      upstream = state.upstream.take()
    }
    _ = (onCancel, upstream)  // released here, outside the lock
  }

  /// The downstream stopped: fire the hook once, then cancel the upstream.
  func cancel() {
    Self.cancel(state)
  }

  /// The downstream cancelled or stopped: fire the hook once, then cancel the upstream.
  static func cancel(_ state: Locked<State>) {
    var onCancel: (@Sendable () -> Void)?
    var upstream: SignalSubscriptionHandle?
    state.withLock { state in
      guard !state.isDone else { return }
      state.isDone = true
      onCancel = state.onCancel.take()
      upstream = state.upstream.take()
    }
    onCancel.take()?()
    upstream.take()?.cancel()
  }
}

extension HandleEventsSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension HandleEventsObserver: ForwardingObserver {}
extension HandleEventsObserver: EngineObserver where Downstream: EngineObserver {}

extension HandleEventsCancelHook.State: OneUpstreamState {
  var keepsUpstream: Bool { !isDone }

  static func cancel(_ state: Locked<Self>, id: UInt64) {
    HandleEventsCancelHook.cancel(state)
  }
}
