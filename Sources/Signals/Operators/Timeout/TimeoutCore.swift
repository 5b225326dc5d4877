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
// - The timer: the first one is armed right after the upstream subscription is made, with generation 0,
//   for the first interval. Each value bumps the generation and re-arms (for the `each` interval; a
//   timeout on the first value only just cancels) once the downstream has handled the value, so a value
//   the downstream answers `stop` to (a `first()` after the timeout) never touches the scheduler. A
//   firing whose generation is not the current one is stale and ignored: cancelling a real-time
//   scheduler's action can lose to the action starting on another thread.
// - The first timer's closure captures only the core (no allocation for its context); a re-armed one
//   also captures its generation.

/// One `timeout` subscription.
@usableFromInline
struct TimeoutCore<UpstreamFailure: Error, Downstream: SignalObserver>: Sendable {
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure
  @usableFromInline typealias State = TimeoutState<UpstreamFailure, Downstream>

  @usableFromInline let state: Locked<State>

  @inlinable
  init(state: Locked<State>) {
    self.state = state
  }

  @inlinable
  init(_ initial: consuming State) {
    self.state = Locked(initial)
  }

  /// Cancels `timer` on the scheduler of `timing`, which was read under the lock: an unlocked read of the
  /// state would conflict, for Thread Sanitizer, with the locked writes (Swift instruments the state as one
  /// variable). Unretained: the state keeps its timing for its whole life, and the caller keeps the state.
  @inlinable
  static func cancelTimer(_ timer: SignalScheduledAction, on timing: Unmanaged<ScheduledTiming>) {
    timing._withUnsafeGuaranteedRef { $0.scheduler.cancel(timer) }
  }

  /// The handle handed downstream.
  @inlinable
  var handle: SignalSubscriptionHandle {
    SignalSubscriptionHandle(object: state.storage, id: 0) { storage, _ in
      TimeoutCore.end(LockStorage.unsafeCast(storage))
    }
  }

  /// Keeps the upstream's subscription and the first timer, once the upstream is subscribed. Either is
  /// cancelled if it is no longer needed: the operator ended or timed out, or a value re-armed the timer.
  @inlinable
  func started(upstream: consuming SignalSubscriptionHandle, timer: consuming SignalScheduledAction) {
    // Moved, not copied, into the state; what is left afterwards was not kept.
    var upstream = Optional(upstream)
    var timer = Optional(timer)
    let timing = state.withLock { state -> Unmanaged<ScheduledTiming> in
      let timing = Unmanaged.passUnretained(state.timing)
      guard !state.ended, state.phase == .upstream else { return timing }
      state.upstream = upstream.take()
      guard state.generation == 0 else { return timing }
      state.timer = timer.take()
      return timing
    }
    upstream?.cancel()
    if let timer { Self.cancelTimer(timer, on: timing) }
  }

  /// An upstream event.
  @inlinable
  func receiveUpstream(_ event: Event<Output, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value):
      var deliverer: Downstream?
      state.withLock { state in
        guard state.phase == .upstream else { return }
        state.generation += 1
        state.claim(.value(value), into: &deliverer)
      }
      guard deliverer != nil else { return isOpen(for: .upstream) }
      guard deliver(.value(value), from: &deliverer, answering: .upstream) == .continue else { return .stop }
      rearm()
      return .continue
    case .finished, .failed:
      // Closed to the timer first; the failure is mapped outside the lock, then claimed.
      let closed = state.withLock { state -> TimeoutClosing? in
        guard !state.ended, state.phase == .upstream else { return nil }
        state.phase = .closing
        return TimeoutClosing(
          timer: state.timer.take(), mapping: state.behavior?.mapping, timing: .passUnretained(state.timing))
      }
      guard let closed else { return .stop }
      let mapping = closed.mapping
      if let timer = closed.timer { Self.cancelTimer(timer, on: closed.timing) }
      let terminal: Event<Output, Failure>
      switch event {
      case .failed(let error):
        guard let mapping else { return .stop }
        terminal = .failed(mapping.map(error))
      default:
        terminal = .finished
      }
      var deliverer: Downstream?
      state.withLock { $0.claim(terminal, into: &deliverer) }
      if deliverer != nil { _ = deliver(terminal, from: &deliverer, answering: .upstream) }
      return .stop
    }
  }

  /// Whether events in `phase` are still accepted (a queued value leaves the upstream going).
  @inlinable
  func isOpen(for phase: State.Phase) -> SignalControl {
    state.withLock { !$0.ended && $0.phase == phase } ? .continue : .stop
  }

  /// Re-arms the timer after a delivery, if values came since it was armed (and the timeout still waits
  /// on the upstream), with the behaviour's `each` interval; without one (a timeout on the first value
  /// only) the timer is only cancelled. The old timer is cancelled; if it fires anyway, its generation is
  /// stale.
  @inlinable
  func rearm() {
    var old: SignalScheduledAction?
    var timing = Unmanaged<ScheduledTiming>?.none
    var each: Duration?
    let claimed = state.withLock { state -> UInt64? in
      guard !state.ended, state.phase == .upstream, state.armedGeneration != state.generation else {
        return nil
      }
      state.armedGeneration = state.generation
      old = state.timer.take()
      timing = .passUnretained(state.timing)
      each = state.behavior?.each
      return state.generation
    }
    guard let generation = claimed, let timing else { return }
    if let old { Self.cancelTimer(old, on: timing) }
    guard let each else { return }
    let timer = timing._withUnsafeGuaranteedRef { timing in
      timing.scheduler.schedule(after: each) { self.timerFired(generation: generation) }
    }
    let kept = state.withLock { state -> Bool in
      guard !state.ended, state.phase == .upstream, state.armedGeneration == generation else {
        return false
      }
      state.timer = timer
      return true
    }
    if !kept { Self.cancelTimer(timer, on: timing) }
  }

  /// The timer of `generation` fired: unless it is stale, fail or switch to the fallback.
  @inlinable
  func timerFired(generation: UInt64) {
    let firing = state.withLock { state -> TimeoutFiring<Output, Failure>? in
      guard !state.ended, state.phase == .upstream, state.generation == generation,
        state.armedGeneration == generation
      else { return nil }
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
    _ first: Event<Output, Failure>, from deliverer: inout Downstream?, answering source: TimeoutEventSource
  ) -> SignalControl {
    var event = first
    while true {
      // Called in place: binding the downstream to a constant would retain it.
      if deliverer.unsafelyUnwrapped.receive(event) == .stop || event.isTerminal {
        end(sparing: source)
        return .stop
      }
      guard let next = state.withLock({ $0.next(returning: &deliverer) }) else {
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
    // Taken into locals of concrete types, released after unlocking.
    var downstream: Downstream?
    var upstream: SignalSubscriptionHandle?
    var fallback: SignalSubscriptionHandle?
    var timer: SignalScheduledAction?
    var behavior: TimeoutBehavior<Output, Failure>?
    var pending = PendingEvents<Output, Failure>()
    var timing = Unmanaged<ScheduledTiming>?.none
    let first = storage.withLock { state -> Bool in
      guard !state.ended else { return false }
      timing = .passUnretained(state.timing)
      state.ended = true
      state.phase = .closing
      downstream = state.downstream.take()
      upstream = state.upstream.take()
      fallback = state.fallbackSubscription.take()
      timer = state.timer.take()
      behavior = state.behavior.take()
      pending = state.pending.removeAll()
      return true
    }
    guard first else { return }
    _ = (downstream, behavior, pending)  // released here, outside the lock
    if let timer, let timing { Self.cancelTimer(timer, on: timing) }
    if spared != .upstream { upstream.take()?.cancel() }
    if spared != .fallback { fallback.take()?.cancel() }
  }
}
