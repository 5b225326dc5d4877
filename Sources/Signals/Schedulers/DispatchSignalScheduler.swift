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
/// - `schedule(_:)` (and a zero or negative `schedule(after:)`) is `queue.async`; `schedule(at:)` waits
///   for a `DispatchSourceTimer` on the same uptime clock, so absolute deadlines (like ``TimerSignal``'s)
///   do not drift. A deadline in the past runs as soon as the queue can.
/// - A timed action runs at most ``leeway`` after its deadline (1 ms by default), as the timer asks, while
///   the app is visible and its queue is free. (`asyncAfter` lets Darwin choose: a tenth of the delay, so up
///   to 300 ms late for a 3 s timeout.) Apple documents that the system may delay a timer further while the
///   app is not visible — a Mac app napped or all its windows hidden, an app in the background — and the
///   timer is made without `DispatchSource.TimerFlags.strict`, which would override that power saving for
///   every timed action of the scheduler; an action also waits for its queue (a busy main thread delays it).
///   An intro's coordinator pauses its clocks while its app is in the background. One timer serves all of a
///   scheduler's timed actions, armed for the earliest; on a concurrent queue, actions due together run one
///   after the other.
/// - Actions due at the same instant usually run in the order they were scheduled on a serial queue, but
///   Dispatch does not promise it; on a concurrent queue they may run at once.
/// - An action runs unless it is cancelled: ``cancel(_:)`` releases its closure at once, and the queue
///   then skips it.
/// - ``scheduleAtEndOfInstant(_:)`` runs its action at once, on the calling thread (real time has no
///   shared instants); there is no ``taskExecutor``.
public final class DispatchSignalScheduler: SignalScheduler {
  /// The queue the actions run on.
  public let queue: DispatchQueue
  /// How late after its deadline a timed action may run while the app is visible: the leeway the
  /// scheduler's timer asks Dispatch for (within it, the system may coalesce timers to save energy; while the
  /// app is not visible, it may delay them further).
  public let leeway: DispatchTimeInterval
  /// The uptime (ns) of this scheduler's zero.
  private let zero: UInt64
  /// The timed actions, and the timer that runs them.
  private let timers: DispatchTimers

  /// A scheduler on `queue`, whose zero is now, whose timed actions run at most `leeway` late while the app
  /// is visible.
  public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .milliseconds(1)) {
    self.queue = queue
    self.leeway = leeway
    self.zero = DispatchTime.now().uptimeNanoseconds
    self.timers = DispatchTimers(queue: queue, leeway: leeway)
  }

  /// The main queue's scheduler (on Apple platforms, the main thread: UI work goes here).
  public static let main = DispatchSignalScheduler(queue: .main)

  /// The time since this scheduler was created.
  public var now: SignalInstant {
    SignalInstant(offset: .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds &- zero)))
  }

  /// Runs `action` on the queue at `deadline`, at most ``leeway`` late, or as soon as possible if it has
  /// passed.
  @discardableResult
  public func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    let scheduled = ScheduledAction(action)
    timers.schedule(scheduled, at: uptimeNanoseconds(deadline))
    return SignalScheduledAction(id: 0, object: scheduled)
  }

  /// Runs `action` on the queue once `delay` has passed, at most ``leeway`` late; with a zero or negative
  /// delay, as soon as possible (`async`).
  @discardableResult
  public func schedule(after delay: Duration, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    let scheduled = ScheduledAction(action)
    if delay > .zero {
      timers.schedule(scheduled, at: uptimeNanoseconds(now.advanced(by: delay)))
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
    let uptime = uptimeNanoseconds(instant)
    return uptime == .max ? .distantFuture : DispatchTime(uptimeNanoseconds: uptime)
  }

  /// The uptime (ns) of `instant`: clamped to this scheduler's zero, and `UInt64.max` for the distant future.
  package func uptimeNanoseconds(_ instant: SignalInstant) -> UInt64 {
    guard instant.offset > .zero else { return zero }
    let (seconds, attoseconds) = instant.offset.components
    let (wholeNanoseconds, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    let nanoseconds = wholeNanoseconds &+ UInt64(attoseconds / 1_000_000_000)
    guard !overflow, nanoseconds < UInt64.max - zero - 1 else { return .max }
    return zero + nanoseconds
  }
}
