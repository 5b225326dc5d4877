// One subscription of `subscribe(on:)`: the scheduled subscription, then the upstream's, and whether it ended;
// and the observer that passes the upstream's events on while it has not.

/// The state of one subscription of `subscribe(on:)`.
@usableFromInline
struct SubscribeOnState: Sendable {
  /// The scheduled subscription, until it runs or is cancelled.
  @usableFromInline var pending: SignalScheduledAction?
  /// The upstream's subscription, once made.
  @usableFromInline var upstream: SignalSubscription?
  @usableFromInline var hasStarted = false
  /// Cancelled, or the upstream ended: nothing more is delivered.
  @usableFromInline var isEnded = false

  @inlinable
  init() {}

  @inlinable
  mutating func scheduled(_ action: SignalScheduledAction) {
    if !hasStarted && !isEnded { pending = action }
  }

  /// The scheduled subscription runs; false when it was cancelled meanwhile.
  @inlinable
  mutating func start() -> Bool {
    hasStarted = true
    pending = nil
    return !isEnded
  }

  /// Keeps the upstream's subscription; false when the subscription was cancelled meanwhile (the caller
  /// cancels it). Let go when the upstream already ended.
  @inlinable
  mutating func subscribed(_ subscription: SignalSubscription) -> Bool {
    guard !isEnded else { return false }
    upstream = subscription
    return true
  }

  /// Cancels: hands out what to cancel after unlocking.
  @inlinable
  mutating func cancel(pending: inout SignalScheduledAction?) -> SignalSubscription? {
    isEnded = true
    pending = self.pending.take()
    return upstream.take()
  }
}

/// Passes the upstream's events on until the subscription ends.
@usableFromInline
struct SubscribeOnObserver<Downstream: SignalObserver>: SignalObserver {
  @usableFromInline let downstream: Downstream
  @usableFromInline let state: Locked<SubscribeOnState>

  @inlinable
  init(downstream: Downstream, state: Locked<SubscribeOnState>) {
    self.downstream = downstream
    self.state = state
  }

  @inlinable
  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    guard state.withLock({ !$0.isEnded }) else { return .stop }
    let answer = downstream.receive(event)
    guard answer == .stop || event.isTerminal else { return answer }
    // The upstream ends by itself: its subscription is only let go, after unlocking.
    let upstream = state.withLock { state in
      state.isEnded = true
      return state.upstream.take()
    }
    withExtendedLifetime(upstream) {}
    return .stop
  }
}
