/// A point on a scheduler's timeline: a `Duration` since the scheduler's own zero.
///
/// Every scheduler uses this one instant type (DESIGN.md), so code that takes
/// "a scheduler" is not generic over it. A virtual-time scheduler starts at
/// ``zero``; a real-time scheduler's zero is when it was created.
///
/// It is also an `InstantProtocol`, so a virtual-time `Clock` (`SignalsTesting`'s `TestClock`)
/// can use it as its `Instant`.
@frozen
public struct SignalInstant: InstantProtocol, Comparable, Hashable, Sendable, CustomStringConvertible {
  /// The time since the scheduler's zero.
  public var offset: Duration

  /// The instant `offset` after the scheduler's zero.
  @inlinable
  public init(offset: Duration) {
    self.offset = offset
  }

  /// The scheduler's zero.
  public static let zero = SignalInstant(offset: .zero)

  /// The instant `duration` after this one.
  @inlinable
  public func advanced(by duration: Duration) -> SignalInstant {
    SignalInstant(offset: offset + duration)
  }

  /// The duration from this instant to `other` (negative if `other` is earlier).
  @inlinable
  public func duration(to other: SignalInstant) -> Duration {
    other.offset - offset
  }

  /// Orders instants on the timeline.
  @inlinable
  public static func < (lhs: SignalInstant, rhs: SignalInstant) -> Bool {
    lhs.offset < rhs.offset
  }

  /// The instant `rhs` after `lhs`.
  @inlinable
  public static func + (lhs: SignalInstant, rhs: Duration) -> SignalInstant {
    SignalInstant(offset: lhs.offset + rhs)
  }

  /// The instant `rhs` before `lhs`.
  @inlinable
  public static func - (lhs: SignalInstant, rhs: Duration) -> SignalInstant {
    SignalInstant(offset: lhs.offset - rhs)
  }

  /// The duration between two instants.
  @inlinable
  public static func - (lhs: SignalInstant, rhs: SignalInstant) -> Duration {
    lhs.offset - rhs.offset
  }

  /// The offset, as in `2.6 seconds`.
  public var description: String { offset.description }
}

/// Runs actions now or at instants on its own timeline.
///
/// Every time-based source and operator in Signals takes a scheduler, and nothing
/// reads the wall clock directly, so a whole pipeline runs in virtual time under
/// `SignalsTesting`'s `TestScheduler`.
///
/// The returned ``SignalSubscription`` is the action's handle: cancelling it, or
/// releasing it, removes the action if it has not run yet. Keep it until the
/// action runs.
public protocol SignalScheduler: Sendable {
  /// The current instant on this scheduler's timeline.
  var now: SignalInstant { get }

  /// Runs `action` as soon as possible, after actions already due.
  func schedule(_ action: @escaping @Sendable () -> Void) -> SignalSubscription

  /// Runs `action` at `deadline`, or as soon as possible if `deadline` is not in the future.
  ///
  /// Actions due at the same instant run in the order they were scheduled.
  func schedule(at deadline: SignalInstant, _ action: @escaping @Sendable () -> Void) -> SignalSubscription

  /// Runs `action` at `deadline`, like ``schedule(at:_:)``, and returns a plain handle for
  /// ``cancelTimer(_:)`` instead of a subscription.
  ///
  /// For operators and sources that keep a timer for as long as they live and always cancel it
  /// themselves: a scheduler that names its actions by id (`SignalsTesting`'s `TestScheduler`) allocates
  /// nothing for the handle. Unlike a subscription, releasing a handle does *not* cancel the action.
  ///
  /// `action` is `consuming`: a scheduler that stores it can keep the caller's reference instead of
  /// retaining a copy (two atomic operations per timer).
  ///
  /// The default implementation wraps ``schedule(at:_:)``'s subscription.
  func scheduleTimer(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalTimerHandle

  /// Runs `action` once `delay` has passed (a zero or negative delay means as soon as possible), like
  /// ``scheduleTimer(at:_:)``. The default implementation schedules at `now` + `delay`.
  func scheduleTimer(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void) -> SignalTimerHandle

  /// Cancels the action of `handle` and releases its closure, if it has not run yet.
  ///
  /// Idempotent: a handle whose action ran or was cancelled is ignored. The default implementation
  /// cancels the handle's subscription.
  func cancelTimer(_ handle: SignalTimerHandle)
}

/// The handle of an action scheduled with ``SignalScheduler/scheduleTimer(at:_:)``.
///
/// A value: copying it does not copy the action, and releasing it does not cancel the action; pass it
/// to ``SignalScheduler/cancelTimer(_:)`` of the scheduler that made it.
@frozen
public struct SignalTimerHandle: Sendable {
  /// The scheduler's own name for the action, for schedulers that cancel by id (0 otherwise).
  public let id: UInt64
  /// The action's subscription, for schedulers that cancel through one (`nil` otherwise).
  public let subscription: SignalSubscription?

  /// A handle naming the action by `id`, for a scheduler that can cancel it by id.
  @inlinable
  public init(id: UInt64) {
    self.id = id
    self.subscription = nil
  }

  /// A handle holding the action's `subscription`.
  @inlinable
  public init(_ subscription: SignalSubscription) {
    self.id = 0
    self.subscription = subscription
  }
}

extension SignalScheduler {
  /// Runs `action` once `delay` has passed; a zero or negative delay means as soon as possible.
  @inlinable
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> SignalSubscription {
    schedule(at: now.advanced(by: delay), action)
  }

  /// Schedules through ``schedule(at:_:)`` and keeps its subscription in the handle.
  public func scheduleTimer(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalTimerHandle
  {
    SignalTimerHandle(schedule(at: deadline, action))
  }

  /// Schedules at `now` + `delay` through ``scheduleTimer(at:_:)``.
  public func scheduleTimer(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalTimerHandle
  {
    scheduleTimer(at: now.advanced(by: delay), action)
  }

  /// Cancels the handle's subscription.
  public func cancelTimer(_ handle: SignalTimerHandle) {
    handle.subscription?.cancel()
  }
}

/// A scheduler and a duration, shared by every subscription of one time-based signal: a subscription
/// keeps one reference to it instead of its own copy of the scheduler existential (copying an existential
/// goes through value witnesses), and calls the scheduler in place.
@usableFromInline
final class ScheduledTiming: Sendable {
  @usableFromInline let scheduler: any SignalScheduler
  /// The signal's interval or delay.
  @usableFromInline let duration: Duration

  @usableFromInline
  init(scheduler: any SignalScheduler, duration: Duration) {
    self.scheduler = scheduler
    self.duration = duration
  }
}

extension SignalSubscriptionHandle {
  /// A handle that cancels `timer` on the scheduler of `timing`, which it keeps: how an operator that runs
  /// a timer itself holds it like a contestant's subscription.
  @inlinable
  init(cancelling timer: SignalTimerHandle, on timing: ScheduledTiming) {
    if let subscription = timer.subscription {
      self.init(subscription)
    } else {
      self.init(object: timing, id: timer.id) { timing, id in
        unsafeDowncast(timing, to: ScheduledTiming.self).scheduler.cancelTimer(SignalTimerHandle(id: id))
      }
    }
  }
}
