// One `timeout` subscription: its whole state in one `Locked` (one allocation), which is also what its
// `SignalSubscription` cancels.
//
// - Serial delivery: events come from the upstream, the timer (the failure) and the fallback, possibly on
//   different threads. Whoever finds no delivery in progress delivers, then the events queued meanwhile;
//   the others queue and return. The queue is empty (unallocated) in the common case.
// - The deliverer takes the downstream out of the state for its delivery and puts it back when it is done
//   (in the lock round trip that looks for queued events), so a delivery retains nothing. An `end` during
//   the delivery (a cancel from another thread) finds no downstream to release: the deliverer, which next
//   sees `ended`, releases it and delivers nothing more.
// - The timer: the first one is armed right after the upstream subscription is made, for the first
//   interval. A value restarts the interval once the downstream has handled it (so a value the
//   downstream answers `stop` to, a `first()` after the timeout, never touches the scheduler), as
//   `TimeoutRearm` says: `lazily` (the common case: `each` at least `first`) it only sets the deadline, and
//   the timer, when it fires before the latest deadline, moves there; `eagerly` it cancels the timer and
//   arms one for `each`, under a new generation (a firing whose generation is not the current one is
//   stale and ignored: cancelling a real-time scheduler's action can lose to the action starting on
//   another thread); `never` only cancels it.
// - The first and every moved timer's closure captures only the core (no allocation for its context).

/// One `timeout` subscription.
@usableFromInline
struct TimeoutCore<UpstreamFailure: Error, Downstream: SignalObserver>: Sendable {
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure
  @usableFromInline typealias State = TimeoutState<UpstreamFailure, Downstream>

  @usableFromInline let state: Locked<State>

  @inlinable
  init(_ initial: consuming State) {
    self.state = Locked(initial)
  }

  /// The handle handed downstream.
  @inlinable
  var handle: SignalSubscriptionHandle {
    SignalSubscriptionHandle(object: state.storage, id: 0) { storage, _ in
      TimeoutCore.end(LockStorage.unsafeCast(storage))
    }
  }

  /// Keeps the upstream's subscription and the first timer, or cancels what is no longer needed.
  @inlinable
  func started(upstream: consuming SignalSubscriptionHandle, timer: consuming SignalScheduledAction) {
    var upstream = Optional(upstream)  // moved, not copied, into the state; what is left was not kept
    var timer = Optional(timer)
    var scheduler: SchedulerReference?
    state.withLock { state in
      if !state.ended, state.phase == .upstream {
        state.upstream = upstream.take()
        // A value during the subscription disarmed the first timer, or re-armed it eagerly; a lazy
        // restart keeps it (it moves to the value's deadline when it fires).
        if state.generation == 0 || state.rearmsLazily {
          state.timer = timer.take()
          return
        }
      }
      scheduler = state.scheduler  // to cancel the timer
    }
    upstream?.cancel()
    if let timer, let scheduler { scheduler.cancel(timer) }
  }

  /// An upstream event.
  @inlinable
  func receiveUpstream(_ event: Event<Output, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value):
      var deliverer: Downstream?
      // `TimeoutRearm.lazily`: the scheduler, to read the clock once the value is handled.
      unowned(unsafe) var clock: SchedulerReference? = nil
      state.withLock { state in
        guard state.phase == .upstream else { return }
        state.generation += 1
        state.claim(.value(value), into: &deliverer)
        if deliverer != nil, state.rearmsLazily { clock = state.scheduler }
      }
      guard deliverer != nil else { return isOpen(for: .upstream) }
      // A value answered `stop` (a `first()` after the timeout) ends the operator: nothing to restart.
      // Restarted lazily, the deadline moves in the lock round trip that looks for queued events.
      let answer = deliver(.value(value), from: &deliverer, answering: .upstream, restartingOn: clock)
      guard answer == .continue else { return .stop }
      if clock == nil { rearm() }
      return .continue
    case .finished, .failed:
      // Closed to the timer first. `finished` is claimed in the same lock round trip; a failure is mapped
      // outside the lock, then claimed.
      var timer: SignalScheduledAction?
      unowned(unsafe) var scheduler: SchedulerReference? = nil  // the state keeps it
      var mapping = TimeoutFailureMapping.unchanged
      var deliverer: Downstream?
      let closing = state.withLock { state -> Bool in
        guard !state.ended, state.phase == .upstream else { return false }
        state.phase = .closing
        timer = state.timer.take()
        if timer != nil { scheduler = state.scheduler }
        mapping = state.mapping
        if case .finished = event { state.claim(.finished, into: &deliverer) }
        return true
      }
      guard closing else { return .stop }
      if let timer { scheduler?.cancel(timer) }
      let terminal: Event<Output, Failure>
      if case .failed(let error) = event {
        terminal = .failed(mapping.map(error))
        state.withLock { $0.claim(terminal, into: &deliverer) }
      } else {
        terminal = .finished
      }
      if deliverer != nil { _ = deliver(terminal, from: &deliverer, answering: .upstream) }
      return .stop
    }
  }

  /// Whether events in `phase` are still accepted (a queued value leaves the upstream going).
  @inlinable
  func isOpen(for phase: State.Phase) -> SignalControl {
    state.withLock { !$0.ended && $0.phase == phase } ? .continue : .stop
  }

  /// `TimeoutRearm.eagerly` or `never`, after a delivery: re-arms the timer for `each` if values came since
  /// it was armed, or only cancels it (`never`). If the old timer fires anyway, its generation is stale.
  @inlinable
  func rearm() {
    var old: SignalScheduledAction?
    var scheduler: SchedulerReference?
    var each: Duration?
    let claimed = state.withLock { state -> UInt64? in
      guard !state.ended, state.phase == .upstream, state.armedGeneration != state.generation else {
        return nil
      }
      state.armedGeneration = state.generation
      old = state.timer.take()
      if case .eagerly(let interval) = state.rearm { each = interval }
      if old != nil || each != nil { scheduler = state.scheduler }
      return state.generation
    }
    guard let generation = claimed, let scheduler else { return }
    if let old { scheduler.cancel(old) }
    guard let each else { return }
    let timer = scheduler.schedule(after: each) { self.timerFired(generation: generation) }
    let kept = state.withLock { state -> Bool in
      guard !state.ended, state.phase == .upstream, state.armedGeneration == generation else {
        return false
      }
      state.timer = timer
      return true
    }
    if !kept { scheduler.cancel(timer) }
  }

  /// The timer of `generation` fired: unless it is stale, or (`TimeoutRearm.lazily`) values moved the
  /// deadline since it was set, fail or switch to the fallback.
  @inlinable
  func timerFired(generation: UInt64) {
    let firing = state.withLock { state -> TimeoutFiring<Output, Failure>? in
      guard !state.ended, state.phase == .upstream else { return nil }
      switch state.rearm {
      case .lazily:
        if let deadline = state.deadline, deadline != state.timerDeadline {
          state.timer = nil
          state.timerDeadline = deadline
          return .move(to: deadline, on: state.scheduler)
        }
      case .eagerly, .never:
        guard state.generation == generation, state.armedGeneration == generation else { return nil }
      }
      state.timer = nil
      switch state.behavior?.action {
      case nil:
        return nil
      case .fail(let makeError):
        state.phase = .closing
        return .fail(makeError, upstream: state.upstream.take())
      case .switchToFallback:
        state.phase = .fallback
        return .switchToFallback(state.behavior?.fallback, upstream: state.upstream.take())
      }
    }
    switch firing {
    case nil:
      return
    case .move(let deadline, let scheduler):
      let timer = scheduler.schedule(at: deadline) { self.timerFired(generation: 0) }
      let kept = state.withLock { state -> Bool in
        guard !state.ended, state.phase == .upstream, state.timerDeadline == deadline, state.timer == nil else {
          return false
        }
        state.timer = timer
        return true
      }
      if !kept { scheduler.cancel(timer) }
    case .fail(let makeError, let upstream):
      upstream?.cancel()
      let failure = Event<Output, Failure>.failed(makeError())
      var deliverer: Downstream?
      state.withLock { $0.claim(failure, into: &deliverer) }
      if deliverer != nil { _ = deliver(failure, from: &deliverer, answering: .none) }
    case .switchToFallback(let fallback, let upstream):
      upstream?.cancel()
      guard let fallback else { return }
      let subscription = fallback._subscribeHandle(TimeoutFallbackObserver(core: self))
      let kept = state.withLock { state -> Bool in
        guard !state.ended, state.phase == .fallback else { return false }
        state.fallbackSubscription = subscription
        return true
      }
      if !kept { subscription.cancel() }
    }
  }

  /// A fallback event: passed through unchanged.
  @inlinable
  func receiveFallback(_ event: Event<Output, Failure>) -> SignalControl {
    var deliverer: Downstream?
    let accepted = state.withLock { state -> Bool in
      guard state.phase == .fallback else { return false }
      if event.isTerminal { state.phase = .closing }
      state.claim(event, into: &deliverer)
      return true
    }
    guard accepted else { return .stop }
    guard deliverer != nil else { return isOpen(for: .fallback) }
    return deliver(event, from: &deliverer, answering: .fallback)
  }

  /// Delivers `first` to the downstream that `claim` moved into `deliverer`, then whatever was queued
  /// meanwhile; ends the operator on a terminal event or `stop`. The downstream is back in the state
  /// afterwards, unless the operator ended (then `deliverer` still holds it, for the caller to release).
  ///
  /// `source` is the caller, which gets the answer: when it is `stop`, that source ends by itself (the
  /// `SignalControl/stop` contract), so its subscription is let go rather than cancelled.
  @inlinable
  func deliver(
    _ first: Event<Output, Failure>, from deliverer: inout Downstream?, answering source: TimeoutEventSource,
    restartingOn clock: SchedulerReference? = nil
  ) -> SignalControl {
    var event = first
    while true {
      // Called in place: binding the downstream to a constant would retain it.
      if deliverer.unsafelyUnwrapped.receive(event) == .stop || event.isTerminal {
        end(sparing: source)
        return .stop
      }
      // `TimeoutRearm.lazily`: the value just handled restarts the interval now (the timer moves there when it
      // fires), set in the same lock round trip.
      let now = clock?.now
      guard let next = state.withLock({ $0.next(returning: &deliverer, restartingAt: now) }) else {
        return deliverer == nil ? .continue : .stop
      }
      event = next
    }
  }

  /// Ends the operator: nothing more is delivered, and the upstream, the fallback and the timer are cancelled,
  /// except `spared`, which is answered `stop` and ends by itself (its subscription is only let go).
  @inlinable
  func end(sparing spared: TimeoutEventSource = .none) {
    Self.end(state.storage, sparing: spared)
  }

  /// `end(sparing:)` of the operator whose storage is `storage`, only borrowed (a canceller's guaranteed
  /// reference): cancelling retains nothing.
  @inlinable
  static func end(_ storage: LockStorage<State>, sparing spared: TimeoutEventSource = .none) {
    var downstream: Downstream?  // taken into locals of concrete types, released after unlocking
    var upstream: SignalSubscriptionHandle?
    var fallback: SignalSubscriptionHandle?
    var timer: SignalScheduledAction?
    var behavior: TimeoutBehavior<Output, Failure>?
    var pending = PendingEvents<Output, Failure>()
    unowned(unsafe) var scheduler: SchedulerReference? = nil
    let first = storage.withLock { state -> Bool in
      guard !state.ended else { return false }
      state.ended = true
      state.phase = .closing
      downstream = state.downstream.take()
      upstream = state.upstream.take()
      fallback = state.fallbackSubscription.take()
      timer = state.timer.take()
      if timer != nil { scheduler = state.scheduler }
      behavior = state.behavior.take()
      pending = state.pending.removeAll()
      return true
    }
    guard first else { return }
    _ = (downstream, behavior, pending)  // released here, outside the lock
    if let timer { scheduler?.cancel(timer) }
    if spared != .upstream { upstream.take()?.cancel() }
    if spared != .fallback { fallback.take()?.cancel() }
  }
}
