/// A point on a scheduler's timeline: a `Duration` since the scheduler's own zero.
///
/// Every scheduler uses this one instant type, so code that takes
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
/// ```swift
/// let scheduler = DispatchSignalScheduler.main
/// scheduler.schedule(after: .seconds(1)) { print("a second later") }  // runs: nobody cancelled it
/// let reminder = scheduler.schedule(after: .seconds(5)) { print("never printed") }
/// scheduler.cancel(reminder)
/// ```
///
/// **A scheduled action runs unless it is cancelled**, as in Combine, RxSwift and swift-nio: the
/// returned ``SignalScheduledAction`` is a plain handle, and discarding it does not cancel anything.
/// Pass it to ``cancel(_:)`` to cancel the action; ``SignalSubscription/init(cancelling:on:)`` turns it
/// into a subscription that cancels when released, where code wants that. (Subscriptions, on the other
/// hand, cancel when released: see <doc:EventContract>.)
///
/// To write a scheduler, implement ``now``, ``schedule(at:_:)`` and ``cancel(_:)``. The other
/// requirements have default implementations: ``schedule(after:_:)`` (at `now` + the delay),
/// ``scheduleAtEndOfInstant(_:)`` (at once, which is right for a scheduler on real time) and
/// ``taskExecutor`` (none).
public protocol SignalScheduler: Sendable {
  /// The current instant on this scheduler's timeline.
  var now: SignalInstant { get }

  /// Runs `action` at `deadline`, or as soon as possible if `deadline` is not in the future.
  ///
  /// Actions due at the same instant run in the order they were scheduled (on schedulers that can
  /// promise it; see each scheduler's documentation). The action runs unless ``cancel(_:)`` is called
  /// with the returned handle first; discarding the handle does not cancel it.
  ///
  /// `action` is `consuming`: a scheduler that stores it can keep the caller's closure as it is.
  @discardableResult
  func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction

  /// Runs `action` once `delay` has passed; a zero or negative delay means as soon as possible, after the
  /// actions already due.
  ///
  /// The default implementation schedules at `now` + `delay`. A scheduler may implement it to read its
  /// clock and insert the action in one step.
  @discardableResult
  func schedule(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction

  /// Cancels the action of `action` and releases its closure, if it has not run yet.
  ///
  /// Idempotent and thread-safe: a handle whose action ran or was cancelled is ignored. Pass handles
  /// only to the scheduler that made them.
  func cancel(_ action: SignalScheduledAction)

  /// Runs `action` once nothing more is due at the current instant, including the work that is
  /// scheduled for this instant while it runs.
  ///
  /// This is how code decides "once everything due now has happened", independently of the order in
  /// which same-instant work was scheduled. On `SignalsTesting`'s `TestScheduler`, where many events
  /// share one virtual instant, such actions wait in a second lane that runs after the instant's
  /// ordinary work (and again after any ordinary work they schedule for the same instant). On a
  /// scheduler on real time, events from different sources are never simultaneous, so the default
  /// implementation runs `action` at once, on the calling thread, and returns
  /// ``SignalScheduledAction/none``.
  @discardableResult
  func scheduleAtEndOfInstant(_ action: consuming @escaping @Sendable () -> Void) -> SignalScheduledAction

  /// The executor on which async work runs on this scheduler's clock, if the scheduler has one.
  ///
  /// `SignalsTesting`'s `TestScheduler` has one: a task that prefers it runs only inside the scheduler's
  /// advances, so async code that sleeps on the scheduler's clock runs in virtual time
  /// (``TaskSignal/init(on:priority:operation:)`` uses it). Schedulers on real time have none (the
  /// default): their async work runs on the global concurrent executor.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  var taskExecutor: (any TaskExecutor)? { get }
}

/// The handle of an action scheduled on a ``SignalScheduler``: pass it to the scheduler's
/// ``SignalScheduler/cancel(_:)`` to cancel the action.
///
/// A value: copying it does not copy the action, and releasing it does not cancel the action (scheduled
/// work runs unless it is cancelled). A scheduler names its action by ``id``, by ``object``, or both.
@frozen
public struct SignalScheduledAction: Sendable {
  /// The scheduler's own name for the action (0 for schedulers that name it by ``object``).
  public let id: UInt64
  /// What the scheduler keeps to cancel the action, for schedulers that cancel through an object.
  public let object: (any AnyObject & Sendable)?

  /// A handle naming the action by `id` and, optionally, by `object`.
  public init(id: UInt64, object: (any AnyObject & Sendable)? = nil) {
    self.id = id
    self.object = object
  }

  /// The handle of an action there is nothing left to cancel of (it already ran, synchronously).
  public static let none = SignalScheduledAction(id: 0)
}

extension SignalScheduler {
  /// Runs `action` as soon as possible, after the actions already due: ``schedule(after:_:)`` with no delay.
  ///
  /// It never runs `action` synchronously, except on a scheduler that runs everything at once
  /// (``ImmediateSignalScheduler``).
  @inlinable
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> SignalScheduledAction {
    schedule(after: .zero, action)
  }

  /// Schedules at `now` + `delay` (a negative delay counts as zero) through ``schedule(at:_:)``.
  @discardableResult
  public func schedule(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    schedule(at: now.advanced(by: max(delay, .zero)), action)
  }

  /// Runs `action` at once, on the calling thread: on real time, nothing else is due at this instant.
  @discardableResult
  public func scheduleAtEndOfInstant(_ action: consuming @escaping @Sendable () -> Void) -> SignalScheduledAction {
    action()
    return .none
  }

  /// None: async work runs on the global concurrent executor.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public var taskExecutor: (any TaskExecutor)? { nil }
}

extension SignalSubscription {
  /// A subscription that cancels `action` on `scheduler` when it is cancelled or released: for code that
  /// wants a scheduled action to end with an owner, as a subscription does.
  ///
  /// ```swift
  /// final class Reminder {
  ///   private let pending: SignalSubscription
  ///   init(scheduler: some SignalScheduler) {
  ///     pending = SignalSubscription(
  ///       cancelling: scheduler.schedule(after: .seconds(5)) { print("still here") }, on: scheduler)
  ///   }
  /// }  // releasing a Reminder cancels its action
  /// ```
  public convenience init(cancelling action: SignalScheduledAction, on scheduler: some SignalScheduler) {
    self.init(Locked(ScheduledCancel(action: action, scheduler: schedulerReference(scheduler))).handle())
  }
}

/// What ``SignalSubscription/init(cancelling:on:)`` cancels, once: an action and its scheduler.
struct ScheduledCancel: SubscriptionState {
  var action: SignalScheduledAction?
  let scheduler: SchedulerReference

  static func cancel(_ state: Locked<Self>, id: UInt64) {
    var scheduler: SchedulerReference?
    let action = state.withLock { pending -> SignalScheduledAction? in
      scheduler = pending.scheduler
      return pending.action.take()
    }
    if let action, let scheduler { scheduler.cancel(action) }
  }
}
