/// A scheduler on a Swift `Clock`: each action is a task that sleeps on the clock until its deadline.
///
/// ```swift
/// // Counts time while the device sleeps, unlike DispatchSignalScheduler's uptime clock.
/// let scheduler = ClockSignalScheduler(clock: ContinuousClock())
/// ```
///
/// Use it to put signals on the same clock as your async code (any `Clock` whose `Duration` is Swift's
/// `Duration`, including your own). Its timeline's zero is the scheduler's creation (`clock.now` then).
///
/// - Actions run on the global concurrent executor, in their own tasks, so actions due at the same
///   instant may run in any order, or at the same time; prefer ``DispatchSignalScheduler`` on a serial
///   queue when order matters.
/// - Cancelling (or releasing) the returned subscription cancels the task's sleep and releases the
///   action's closure at once.
/// - Each action costs a task; for many short timers ``DispatchSignalScheduler`` is cheaper.
public final class ClockSignalScheduler<C: Clock>: SignalScheduler where C.Duration == Duration {
  /// The clock actions sleep on.
  public let clock: C
  /// The clock's instant at this scheduler's zero.
  public let zero: C.Instant

  /// A scheduler on `clock`, whose zero is `clock.now`.
  public init(clock: C) {
    self.clock = clock
    self.zero = clock.now
  }

  /// The time since this scheduler was created, on its clock.
  public var now: SignalInstant { SignalInstant(offset: zero.duration(to: clock.now)) }

  /// Runs `action` in a new task, as soon as possible.
  public func schedule(_ action: @escaping @Sendable () -> Void) -> SignalSubscription {
    let scheduled = ScheduledAction(action)
    let task = Task { scheduled.run() }
    return SignalSubscription(target: ClockScheduledTask(action: scheduled, task: task), id: 0)
  }

  /// Runs `action` in a task that sleeps on the clock until `deadline`.
  public func schedule(at deadline: SignalInstant, _ action: @escaping @Sendable () -> Void) -> SignalSubscription {
    let scheduled = ScheduledAction(action)
    let instant = zero.advanced(by: deadline.offset)
    let clock = self.clock
    let task = Task {
      do {
        try await clock.sleep(until: instant, tolerance: nil)
      } catch {
        return  // cancelled
      }
      scheduled.run()
    }
    return SignalSubscription(target: ClockScheduledTask(action: scheduled, task: task), id: 0)
  }
}

/// The handle of a `ClockSignalScheduler` action: cancels the sleep and releases the closure.
final class ClockScheduledTask: SubscriptionTarget {
  private let action: ScheduledAction
  private let task: Task<Void, Never>

  init(action: ScheduledAction, task: Task<Void, Never>) {
    self.action = action
    self.task = task
  }

  func cancelSubscription(id: UInt64) {
    action.cancelSubscription(id: id)
    task.cancel()
  }
}
