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
/// - An action runs unless it is cancelled: ``cancel(_:)`` cancels the task's sleep and releases the
///   action's closure at once.
/// - ``scheduleAtEndOfInstant(_:)`` runs its action at once, on the calling thread; there is no
///   ``taskExecutor``.
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

  /// Runs `action` in a task that sleeps on the clock until `deadline` (no sleep if it has passed).
  @discardableResult
  public func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
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
    return SignalScheduledAction(id: 0, object: ClockScheduledTask(action: scheduled, task: task))
  }

  /// Cancels the task's sleep and releases the action's closure, unless it ran already.
  public func cancel(_ action: SignalScheduledAction) {
    (action.object as? ClockScheduledTask)?.cancel()
  }
}

/// The handle of a `ClockSignalScheduler` action: cancels the sleep and releases the closure.
final class ClockScheduledTask: Sendable {
  private let action: ScheduledAction
  private let task: Task<Void, Never>

  init(action: ScheduledAction, task: Task<Void, Never>) {
    self.action = action
    self.task = task
  }

  func cancel() {
    action.cancel()
    task.cancel()
  }
}
