/// A signal described as one value delivered after a delay on a scheduler, then `finished`: what an
/// ``AfterSignal`` is. An implementation detail of Signals' operators, not for use in apps.
///
/// An operator that subscribes such a signal may instead run it as a timer of its own, with the same events
/// and cancellation (`race(with:)` does, for its second contestant): no subscription, no state of its own.
/// A signal of your own need not describe itself; `Signal._scheduledValue` is `nil` by default.
@frozen
public struct _ScheduledValue<Output: Sendable>: Sendable {
  /// The value delivered.
  public let value: Output
  /// How long after subscription the value is delivered.
  public let delay: Duration
  /// The scheduler the value is delivered on, by reference (a scheduler that is a value is boxed).
  public let scheduler: any SignalScheduler & AnyObject

  /// Describes `value`, delivered `delay` after subscription on `scheduler`, then `finished`.
  @inlinable
  public init(value: Output, delay: Duration, scheduler: any SignalScheduler & AnyObject) {
    self.value = value
    self.delay = delay
    self.scheduler = scheduler
  }
}
