import Signals

/// An action `SignalsTesting` scheduled on a test scheduler: the one place its inputs and recorders call
/// `schedule`, so a change of the scheduler's API is a change here.
///
/// Correctness never rests on releasing a handle: whoever schedules keeps the handle for as long as the
/// action should stay pending, and cancels it explicitly when it should not run.
struct ScheduledWork: Sendable {
  /// The scheduler that made ``handle`` (what a cancel by handle will need).
  private let scheduler: TestScheduler
  private let handle: SignalScheduledAction

  /// Schedules `action` at `instant` on `scheduler` (an instant in the past means the current one).
  static func schedule(
    on scheduler: TestScheduler, at instant: SignalInstant, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    ScheduledWork(scheduler: scheduler, handle: scheduler.schedule(at: instant, action))
  }

  /// Removes the action if it has not run yet.
  func cancel() {
    scheduler.cancel(handle)
  }
}
