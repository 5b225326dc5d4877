// One subscription of `subscribe(on:)`: its state (the scheduled subscription, then the upstream's, and
// whether it ended) and its engine, which passes the upstream's events on while it has not.

/// The state of one subscription of `subscribe(on:)`.
struct SubscribeOnState: Sendable {
  /// Where the upstream is subscribed.
  let scheduler: SchedulerReference
  /// The scheduled subscription, until it runs or is cancelled.
  var pending: SignalScheduledAction?
  /// The upstream's subscription, once made.
  var upstream: SignalSubscriptionHandle?
  var hasStarted = false
  /// Cancelled, or the upstream ended: nothing more is delivered.
  var isEnded = false

  init(scheduler: SchedulerReference) {
    self.scheduler = scheduler
  }

  mutating func scheduled(_ action: SignalScheduledAction) {
    if !hasStarted && !isEnded { pending = action }
  }

  /// The scheduled subscription runs; false when it was cancelled meanwhile.
  mutating func start() -> Bool {
    hasStarted = true
    pending = nil
    return !isEnded
  }

  /// Cancels: hands out what to cancel after unlocking.
  mutating func cancel(pending: inout SignalScheduledAction?) -> SignalSubscriptionHandle? {
    isEnded = true
    pending = self.pending.take()
    return upstream.take()
  }

  /// The upstream ended, or the downstream answered `stop`: hands out the upstream's subscription, to be let
  /// go after unlocking.
  mutating func end() -> SignalSubscriptionHandle? {
    isEnded = true
    return upstream.take()
  }
}

extension SubscribeOnState: OneUpstreamState {
  var keepsUpstream: Bool { !isEnded }

  static func cancel(_ state: Locked<Self>, id: UInt64) {
    var pending: SignalScheduledAction?
    var scheduler: SchedulerReference?
    let upstream = state.withLock { state in
      scheduler = state.scheduler
      return state.cancel(pending: &pending)
    }
    if let pending, let scheduler { scheduler.cancel(pending) }
    upstream?.cancel()
  }
}

/// The engine of one subscription of `subscribe(on:)`: passes the upstream's events on until the
/// subscription ends.
struct SubscribeOnCore<Downstream: SignalObserver>: OneUpstreamCore {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure
  let downstream: Downstream
  let state: Locked<SubscribeOnState>

  init(downstream: Downstream, scheduler: SchedulerReference) {
    self.downstream = downstream
    state = Locked(SubscribeOnState(scheduler: scheduler))
  }

  func receiveUpstream(_ event: Event<Input, Failure>) -> SignalControl {
    guard state.withLock({ !$0.isEnded }) else { return .stop }
    let answer = downstream.receive(event)
    guard answer == .stop || event.isTerminal else { return answer }
    // The upstream ends by itself: its subscription is only let go, after unlocking.
    _ = state.withLock { $0.end() }
    return .stop
  }
}
