/// A one-shot timer: emits one value after a delay on a scheduler, then finishes.
///
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
  public let scheduler: any SignalScheduler

  /// A one-shot timer that emits `value` after `delay` on `scheduler`, then finishes.
  public init(_ delay: Duration, value: Output, on scheduler: any SignalScheduler) {
    self.delay = delay
    self.value = value
    self.scheduler = scheduler
  }

  /// Schedules the value for `observer`, `delay` from now.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Never {
    let core = AfterCore(observer: observer, value: value)
    let token = scheduler.schedule(after: delay) { core.fire() }
    core.hold(token)
    return SignalSubscription(target: core, id: 0)
  }
}

extension AfterSignal where Output == Void {
  /// A one-shot trigger: emits `()` after `delay` on `scheduler`, then finishes.
  public init(_ delay: Duration, on scheduler: any SignalScheduler) {
    self.init(delay, value: (), on: scheduler)
  }
}

/// One `AfterSignal` subscription. `@unchecked Sendable`: all mutable state is in `state`.
@usableFromInline
final class AfterCore<Observer: SignalObserver>: SpecializedTarget, @unchecked Sendable
where Observer.Failure == Never {
  @usableFromInline
  enum State {
    case waiting(Observer, SignalSubscription?)
    case delivering
    case done
  }

  @usableFromInline let state: Locked<State>
  @usableFromInline let value: Observer.Input

  @inlinable
  init(observer: Observer, value: Observer.Input) {
    self.state = Locked(.waiting(observer, nil))
    self.value = value
    super.init { target, _ in unsafeDowncast(target, to: AfterCore.self).cancel() }
  }

  /// Keeps the scheduled action's handle, unless the action already ran (a synchronous scheduler).
  @inlinable
  func hold(_ token: SignalSubscription) {
    let keep = state.withLock { state -> Bool in
      guard case .waiting(let observer, nil) = state else { return false }
      state = .waiting(observer, token)
      return true
    }
    if !keep { token.cancel() }
  }

  @inlinable
  func fire() {
    let taken = state.withLock { state -> (Observer, SignalSubscription?)? in
      guard case .waiting(let observer, let token) = state else { return nil }
      state = .delivering
      return (observer, token)
    }
    guard let (observer, token) = taken else { return }
    _ = token  // the running action's handle, released outside the lock
    guard observer.receive(.value(value)) == .continue else {
      state.withLock { $0 = .done }
      return
    }
    let cancelledMeanwhile = state.withLock { state -> Bool in
      defer { state = .done }
      guard case .delivering = state else { return true }
      return false
    }
    if !cancelledMeanwhile { _ = observer.receive(.finished) }
  }

  @inlinable
  func cancel() {
    let released = state.withLock { state -> State in
      defer { state = .done }
      return state
    }
    if case .waiting(_, let token) = released { token?.cancel() }
  }
}
