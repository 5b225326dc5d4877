/// A scheduler that runs every action at once, synchronously, on the calling thread.
///
/// Its ``now`` never moves (it is always ``SignalInstant/zero``) and it ignores deadlines: every action
/// runs during the `schedule` call, like Combine's `ImmediateScheduler`. Useful where a scheduler is
/// required but no time should pass (`receive(on:)` that stays on the current thread), and for
/// synchronous tests of operators that are not about time.
///
/// What time-based sources and operators do on it (everything is due at once):
/// - ``TimerSignal`` emits `1, 2, 3, …` during `subscribe`, in a loop, until the observer stops it:
///   put a `prefix` after it.
/// - ``AfterSignal`` emits its value and finishes during `subscribe`.
/// - Operators that wait (delay, debounce, throttle, timeout) do not wait: a delay delivers at once, a
///   debounce emits every value, a timeout fires as soon as it starts. Use a `TestScheduler` to test
///   timing.
///
/// The returned handle is ``SignalScheduledAction/none``: the action has already run.
public struct ImmediateSignalScheduler: SignalScheduler {
  /// The immediate scheduler.
  public init() {}

  /// A shared instance (it has no state: any instance is the same).
  public static let shared = ImmediateSignalScheduler()

  /// Always ``SignalInstant/zero``: no time passes on this scheduler.
  public var now: SignalInstant { .zero }

  /// Runs `action` now, whatever `deadline` is; there is nothing left to cancel.
  @discardableResult
  public func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    action()
    return .none
  }

  /// Runs `action` now, whatever `delay` is.
  @discardableResult
  public func schedule(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    action()
    return .none
  }

  /// Does nothing: every action has run by the time its handle is returned.
  public func cancel(_ action: SignalScheduledAction) {}
}
