// A scheduler as operators keep it: a class reference, `any SignalScheduler & AnyObject` (the Engines
// article, rule 9). Every scheduler Signals ships for apps and tests is a class (`DispatchSignalScheduler`,
// `ClockSignalScheduler`, `TestScheduler`) and is kept as it is; a scheduler that is a value
// (`ImmediateSignalScheduler`, or one of your own) is boxed once, when the signal is built.

/// A scheduler kept by reference: the scheduler itself when it is a class, else a box around it.
@usableFromInline
typealias SchedulerReference = any SignalScheduler & AnyObject

/// `scheduler` as a reference: itself when it is a class, else a box around it.
@inlinable
func schedulerReference(_ scheduler: some SignalScheduler) -> SchedulerReference {
  if let reference = scheduler as? SchedulerReference { return reference }
  return boxedReference(scheduler)
}

/// A box around `scheduler`, a value.
@usableFromInline
func boxedReference(_ scheduler: some SignalScheduler) -> SchedulerReference {
  SignalSchedulerBox(scheduler)
}

/// The scheduler `reference` stands for: the boxed value for a box, else the reference itself (what a
/// signal's public `scheduler` property answers).
@inlinable
func unboxedScheduler(_ reference: SchedulerReference) -> any SignalScheduler {
  (reference as? any SchedulerBoxing)?.boxedScheduler ?? reference
}

/// A box's view of its scheduler, for `unboxedScheduler(_:)`.
@usableFromInline
protocol SchedulerBoxing {
  var boxedScheduler: any SignalScheduler { get }
}

/// A scheduler that is a value, boxed: forwards every requirement to it.
final class SignalSchedulerBox<Base: SignalScheduler>: SignalScheduler, SchedulerBoxing {
  let base: Base

  init(_ base: Base) {
    self.base = base
  }

  var boxedScheduler: any SignalScheduler { base }

  var now: SignalInstant { base.now }

  func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    base.schedule(at: deadline, action)
  }

  func schedule(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    base.schedule(after: delay, action)
  }

  func cancel(_ action: SignalScheduledAction) {
    base.cancel(action)
  }

  func scheduleAtEndOfInstant(_ action: consuming @escaping @Sendable () -> Void) -> SignalScheduledAction {
    base.scheduleAtEndOfInstant(action)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  var taskExecutor: (any TaskExecutor)? { base.taskExecutor }
}
