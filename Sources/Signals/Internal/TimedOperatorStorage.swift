// The shared storage of the time operators (delay, debounce, throttle, timeout).
//
// Each operator is a value-type state machine (`TimedStateMachine`) that turns
// upstream events and timer firings into *effects*: events for the downstream,
// timers to schedule or cancel, a switch to a fallback signal. This class holds
// the machine under the lock seam together with a `SerialOutbox`, and performs
// the effects after unlocking: timers are scheduled, cancelled tokens released,
// and events delivered by the outbox's drainer. One audited implementation of
// the lock/timer/delivery bookkeeping, instead of one per operator; the
// operators' files hold only what differs (their machines).

/// What a time operator's state machine asks for, performed after unlocking.
struct TimedEffects<Output: Sendable, Failure: Error> {
  /// Events for the downstream, in order.
  var events: [Event<Output, Failure>] = []
  /// Timers to start: the machine's id for each, and when it fires.
  var schedule: [(id: UInt64, deadline: SignalInstant)] = []
  /// Timers to cancel, by id.
  var cancel: [UInt64] = []
  /// Cancel the upstream and subscribe to the fallback signal.
  var switchToFallback = false
  /// Fail with the error this user closure makes, called after unlocking (the last event).
  var failWith: (@Sendable () -> Failure)?

  mutating func send(_ event: Event<Output, Failure>) {
    events.append(event)
  }
}

/// A time operator's logic, free of locks and schedulers.
protocol TimedStateMachine: Sendable {
  associatedtype Input: Sendable
  associatedtype UpstreamFailure: Error
  associatedtype Output: Sendable
  associatedtype Failure: Error

  /// Called once, after the upstream subscription was made.
  mutating func start(_ effects: inout TimedEffects<Output, Failure>)
  /// An upstream event arrived at `now`.
  mutating func receive(
    _ event: Event<Input, UpstreamFailure>, at now: SignalInstant, _ effects: inout TimedEffects<Output, Failure>)
  /// The timer `id` fired at `now` (only live timers: cancelled ones never reach the machine).
  mutating func timerFired(_ id: UInt64, at now: SignalInstant, _ effects: inout TimedEffects<Output, Failure>)
}

/// Holds a `TimedStateMachine` and performs its effects. `@unchecked Sendable`: mutable state is in a `Locked`.
final class TimedOperatorStorage<Machine: TimedStateMachine, Downstream: SignalObserver>: SubscriptionTarget,
  @unchecked Sendable
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  private struct State {
    var machine: Machine?
    var outbox = SerialOutbox<Machine.Output, Machine.Failure>()
    var upstream: SignalSubscription?
    var fallback: SignalSubscription?
    var timers: [UInt64: SignalSubscription] = [:]
    var liveTimers: Set<UInt64> = []
    var ended = false
  }

  private let state: Locked<State>
  private let downstream: Downstream
  private let scheduler: any SignalScheduler
  private let fallbackSignal: AnySignal<Machine.Output, Machine.Failure>?

  init(
    machine: Machine, downstream: Downstream, scheduler: any SignalScheduler,
    fallback: AnySignal<Machine.Output, Machine.Failure>? = nil
  ) {
    self.state = Locked(State(machine: machine))
    self.downstream = downstream
    self.scheduler = scheduler
    self.fallbackSignal = fallback
  }

  /// Subscribes to `upstream`, starts the machine, and returns the downstream's subscription.
  func attach<Upstream: Signal>(to upstream: Upstream) -> SignalSubscription
  where Upstream.Output == Machine.Input, Upstream.Failure == Machine.UpstreamFailure {
    let token = upstream.subscribe(TimedUpstreamObserver(storage: self))
    let refused: SignalSubscription? = state.withLock { state in
      if state.ended { return token }
      state.upstream = token
      return nil
    }
    refused?.cancel()
    apply { machine, _, effects in machine.start(&effects) }
    return SignalSubscription(target: self, id: 0)
  }

  /// An upstream event: through the machine. Answers `.stop` once delivery has ended.
  func receiveUpstream(_ event: Event<Machine.Input, Machine.UpstreamFailure>) -> SignalControl {
    apply { machine, now, effects in machine.receive(event, at: now, &effects) } ? .continue : .stop
  }

  private func timerFired(_ id: UInt64) {
    apply(firedTimer: id) { machine, now, effects in machine.timerFired(id, at: now, &effects) }
  }

  /// A fallback event: straight to the downstream (the machine is done once it switched).
  func receiveFallback(_ event: Event<Machine.Output, Machine.Failure>) -> SignalControl {
    let (open, drain): (Bool, Bool) = state.withLock { state in
      guard !state.ended else { return (false, false) }
      state.outbox.post(event)
      return (true, state.outbox.claimDrain())
    }
    if drain { self.drain() }
    return open ? .continue : .stop
  }

  /// Runs `body` on the machine under the lock, then performs its effects. Returns false once ended.
  @discardableResult
  private func apply(
    firedTimer: UInt64? = nil,
    _ body: (inout Machine, SignalInstant, inout TimedEffects<Machine.Output, Machine.Failure>) -> Void
  ) -> Bool {
    let now = scheduler.now
    var effects = TimedEffects<Machine.Output, Machine.Failure>()
    var released: [SignalSubscription] = []
    let (open, drain): (Bool, Bool) = state.withLock { state in
      if let firedTimer {
        if let token = state.timers.removeValue(forKey: firedTimer) { released.append(token) }
        guard state.liveTimers.remove(firedTimer) != nil else { return (!state.ended, false) }
      }
      guard !state.ended, state.machine != nil else { return (false, false) }
      body(&state.machine!, now, &effects)
      for event in effects.events { state.outbox.post(event) }
      for id in effects.cancel {
        state.liveTimers.remove(id)
        if let token = state.timers.removeValue(forKey: id) { released.append(token) }
      }
      for timer in effects.schedule { state.liveTimers.insert(timer.id) }
      if effects.switchToFallback, let upstream = state.upstream {
        released.append(upstream)
        state.upstream = nil
      }
      return (true, state.outbox.claimDrain())
    }
    for token in released { token.cancel() }
    for timer in effects.schedule { schedule(timer.id, at: timer.deadline) }
    if effects.switchToFallback { subscribeFallback() }
    var mustDrain = drain
    if let makeError = effects.failWith {
      let error = makeError()
      mustDrain = state.withLock { state in
        state.outbox.post(.failed(error))
        return state.outbox.claimDrain()
      }
    }
    if mustDrain { self.drain() }
    return open
  }

  private func schedule(_ id: UInt64, at deadline: SignalInstant) {
    let token = scheduler.schedule(at: deadline) { [weak self] in self?.timerFired(id) }
    let keep = state.withLock { state in
      guard !state.ended && state.liveTimers.contains(id) else { return false }
      state.timers[id] = token
      return true
    }
    if !keep { token.cancel() }
  }

  private func subscribeFallback() {
    guard let fallbackSignal else { return }
    let token = fallbackSignal.subscribe(TimedFallbackObserver(storage: self))
    let refused: SignalSubscription? = state.withLock { state in
      if state.ended { return token }
      state.fallback = token
      return nil
    }
    refused?.cancel()
  }

  private func drain() {
    while let event = state.withLock({ $0.outbox.take() }) {
      let control = downstream.receive(event)
      if event.isTerminal || control == .stop {
        end()
        return
      }
    }
  }

  /// Ends delivery and releases everything: upstream, fallback, timers, the machine's state.
  private func end() {
    let released: (Machine?, [SignalSubscription]) = state.withLock { state in
      guard !state.ended else { return (nil, []) }
      state.ended = true
      state.outbox.close()
      var tokens = Array(state.timers.values)
      if let upstream = state.upstream { tokens.append(upstream) }
      if let fallback = state.fallback { tokens.append(fallback) }
      state.timers = [:]
      state.liveTimers = []
      state.upstream = nil
      state.fallback = nil
      defer { state.machine = nil }
      return (state.machine, tokens)
    }
    for token in released.1 { token.cancel() }
  }

  func cancelSubscription(id: UInt64) {
    end()
  }
}

struct TimedUpstreamObserver<Machine: TimedStateMachine, Downstream: SignalObserver>: SignalObserver
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  let storage: TimedOperatorStorage<Machine, Downstream>

  func receive(_ event: Event<Machine.Input, Machine.UpstreamFailure>) -> SignalControl {
    storage.receiveUpstream(event)
  }
}

struct TimedFallbackObserver<Machine: TimedStateMachine, Downstream: SignalObserver>: SignalObserver
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  let storage: TimedOperatorStorage<Machine, Downstream>

  func receive(_ event: Event<Machine.Output, Machine.Failure>) -> SignalControl {
    storage.receiveFallback(event)
  }
}

/// The interval a time operator uses for `requested`: a negative interval counts as zero,
/// as ``SignalScheduler/schedule(after:_:)`` does.
func effectiveInterval(_ requested: Duration) -> Duration {
  max(requested, .zero)
}
