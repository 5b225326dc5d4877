import Dispatch

/// A scheduler that runs actions on a `DispatchQueue`, in real time.
///
/// <!-- setup
/// import Dispatch
/// -->
/// ```swift
/// let ticks = TimerSignal(every: .milliseconds(100), on: DispatchSignalScheduler.main)
/// let work = DispatchSignalScheduler(queue: DispatchQueue(label: "loader"))
/// ```
///
/// - Its timeline's zero is the scheduler's creation; ``now`` reads the system's uptime clock
///   (`DispatchTime`, monotonic), never the wall clock, so changing the date does not move it.
/// - `schedule(_:)` (and a zero or negative `schedule(after:)`) is `queue.async`; `schedule(at:)` is
///   `queue.asyncAfter(deadline:)` on the same uptime clock, so absolute deadlines (like
///   ``TimerSignal``'s) do not drift. A deadline in the past runs as soon as the queue can.
/// - Actions due at the same instant usually run in the order they were scheduled on a serial queue, but
///   Dispatch does not promise it; on a concurrent queue they may run at once.
/// - An action runs unless it is cancelled: ``cancel(_:)`` releases its closure at once, and the queue
///   then skips it.
/// - ``scheduleAtEndOfInstant(_:)`` runs its action at once, on the calling thread (real time has no
///   shared instants); there is no ``taskExecutor``.
public final class DispatchSignalScheduler: SignalScheduler {
  /// The queue the actions run on.
  public let queue: DispatchQueue
  /// The uptime (ns) of this scheduler's zero.
  private let zero: UInt64

  /// A scheduler on `queue`, whose zero is now.
  public init(queue: DispatchQueue) {
    self.queue = queue
    self.zero = DispatchTime.now().uptimeNanoseconds
  }

  /// The main queue's scheduler (on Apple platforms, the main thread: UI work goes here).
  public static let main = DispatchSignalScheduler(queue: .main)

  /// The time since this scheduler was created.
  public var now: SignalInstant {
    SignalInstant(offset: .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds &- zero)))
  }

  /// Runs `action` on the queue at `deadline` (`asyncAfter`), or as soon as possible if it has passed.
  @discardableResult
  public func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    let scheduled = ScheduledAction(action)
    queue.asyncAfter(deadline: dispatchTime(deadline)) { scheduled.run() }
    return SignalScheduledAction(id: 0, object: scheduled)
  }

  /// Runs `action` on the queue once `delay` has passed (`asyncAfter`); with a zero or negative delay, as
  /// soon as possible (`async`).
  @discardableResult
  public func schedule(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    let scheduled = ScheduledAction(action)
    if delay > .zero {
      queue.asyncAfter(deadline: dispatchTime(now.advanced(by: delay))) { scheduled.run() }
    } else {
      queue.async { scheduled.run() }
    }
    return SignalScheduledAction(id: 0, object: scheduled)
  }

  /// Cancels `action`, releasing its closure, unless it ran already.
  public func cancel(_ action: SignalScheduledAction) {
    (action.object as? ScheduledAction)?.cancel()
  }

  /// The `DispatchTime` of `instant`: clamped to this scheduler's zero and to the distant future.
  package func dispatchTime(_ instant: SignalInstant) -> DispatchTime {
    guard instant.offset > .zero else { return DispatchTime(uptimeNanoseconds: zero) }
    let (seconds, attoseconds) = instant.offset.components
    let (wholeNanoseconds, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    let nanoseconds = wholeNanoseconds &+ UInt64(attoseconds / 1_000_000_000)
    guard !overflow, nanoseconds < UInt64.max - zero - 1 else { return .distantFuture }
    return DispatchTime(uptimeNanoseconds: zero + nanoseconds)
  }
}
