/// A one-shot timer: emits one value after a delay on a scheduler, then finishes.
///
/// <!-- setup
/// enum Outcome: Sendable { case completed, timedOut }
/// let scheduler = DispatchSignalScheduler.main
/// -->
/// ```swift
/// // The intro's fixed-length fallback: the animation counts as ended after 2.6 s.
/// let animationEnded = AfterSignal(.seconds(2.6), on: scheduler)   // Signal<Void, Never>
/// let fallback = AfterSignal(.seconds(3), value: Outcome.timedOut, on: scheduler)
/// ```
///
/// - The delay is measured from each subscription (the scheduler's `now` then): the value and
///   ``Event/finished`` are delivered together in one scheduled action, at `now + delay`. If the observer
///   answers ``SignalControl/stop`` to the value, or cancels during it, `finished` is not delivered.
/// - **Zero or negative delay**: not an error; the value is due at once, that is, as soon as the
///   scheduler runs work: on a `TestScheduler` at its next advance (even `advance(by: .zero)`), on
///   ``ImmediateSignalScheduler`` during `subscribe`. It is never delivered synchronously by a
///   scheduler that runs its work later.
/// - Cancelling the subscription before the deadline cancels the scheduled action and releases the
///   observer at once.
public struct AfterSignal<Output: Sendable>: Signal {
  /// A one-shot timer cannot fail.
  public typealias Failure = Never

  /// The time from subscription to the value.
  public let delay: Duration
  /// The value emitted.
  public let value: Output
  /// The scheduler the value is delivered on.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  /// The scheduler, by reference (see `SchedulerReference`).
  @usableFromInline let schedulerReference: SchedulerReference

  /// A one-shot timer that emits `value` after `delay` on `scheduler`, then finishes.
  ///
  /// Building one keeps the scheduler by reference (the Engines article, rule 9): an app builds its
  /// intro's timers per launch.
  @inlinable
  public init(_ delay: Duration, value: Output, on scheduler: some SignalScheduler) {
    self.delay = delay
    self.value = value
    self.schedulerReference = Signals.schedulerReference(scheduler)
  }

  /// Schedules the value for `observer`, `delay` from now.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Never {
    let core = AfterCore(observer: observer, value: value, scheduler: schedulerReference)
    let timer = schedulerReference.schedule(after: delay) { core.fire() }
    core.hold(timer, on: schedulerReference)
    return .handing(core.state.handle(), to: observer)
  }
}

extension AfterSignal: HandsOverSubscription {}

extension AfterSignal where Output == Void {
  /// A one-shot trigger: emits `()` after `delay` on `scheduler`, then finishes.
  @inlinable
  public init(_ delay: Duration, on scheduler: some SignalScheduler) {
    self.init(delay, value: (), on: scheduler)
  }
}

/// The state of one `AfterSignal` subscription.
@usableFromInline
struct AfterState<Observer: SignalObserver> where Observer.Failure == Never {
  @usableFromInline
  enum Phase {
    case waiting
    case delivering
    case done
  }

  @usableFromInline let value: Observer.Input
  @usableFromInline let scheduler: SchedulerReference
  /// Until the value is taken for delivery, or the subscription is cancelled.
  @usableFromInline var observer: Observer?
  @usableFromInline var timer: SignalScheduledAction?
  @usableFromInline var phase = Phase.waiting

  @inlinable
  init(observer: Observer, value: Observer.Input, scheduler: SchedulerReference) {
    self.observer = observer
    self.value = value
    self.scheduler = scheduler
  }
}

/// One `AfterSignal` subscription: its whole state in one `Locked`, which is also what its
/// `SignalSubscription` cancels.
@usableFromInline
struct AfterCore<Observer: SignalObserver>: Sendable where Observer.Failure == Never {
  @usableFromInline let state: Locked<AfterState<Observer>>

  @inlinable
  init(observer: Observer, value: Observer.Input, scheduler: SchedulerReference) {
    self.state = Locked(AfterState(observer: observer, value: value, scheduler: scheduler))
  }

  /// Keeps the timer's handle, unless the action already ran (a synchronous scheduler) or was cancelled;
  /// `scheduler` is the signal's, borrowed.
  @inlinable
  func hold(_ timer: SignalScheduledAction, on scheduler: SchedulerReference) {
    let refused = state.withLock { state -> Bool in
      guard case .waiting = state.phase else { return true }
      state.timer = timer
      return false
    }
    if refused { scheduler.cancel(timer) }
  }

  @inlinable
  func fire() {
    // Into locals, and moved out of them (the Engines article, rule 5).
    var value: Observer.Input?
    var taken: Observer?
    state.withLock { state in
      guard case .waiting = state.phase else { return }
      state.phase = .delivering
      state.timer = nil
      value = state.value
      taken = state.observer.take()
    }
    guard let observer = taken.take(), let value else { return }
    // After `stop` nothing else happens: a later `cancel()` finds no observer and no timer.
    guard observer.receive(.value(value)) == .continue else { return }
    let cancelledMeanwhile = state.withLock { state -> Bool in
      defer { state.phase = .done }
      guard case .delivering = state.phase else { return true }
      return false
    }
    if !cancelledMeanwhile { _ = observer.receive(.finished) }
  }

  /// Cancels the subscription `state` is the state of: releases the observer and cancels the timer.
  @inlinable
  static func cancel(_ state: Locked<AfterState<Observer>>) {
    var observer: Observer?
    var timer: SignalScheduledAction?
    var scheduler: SchedulerReference?
    state.withLock { state in
      state.phase = .done
      observer = state.observer.take()
      timer = state.timer.take()
      // Copied only when there is a timer to cancel (the state is read under the lock: an unlocked read
      // would conflict, for Thread Sanitizer, with the locked writes).
      if timer != nil { scheduler = state.scheduler }
    }
    _ = observer  // released here, outside the lock
    if let timer, let scheduler { scheduler.cancel(timer) }
  }
}

extension AfterState: SubscriptionState {
  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    AfterCore.cancel(state)
  }
}
