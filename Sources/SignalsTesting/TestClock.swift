import Signals

/// A `Clock` on a ``TestScheduler``'s virtual time, for async code that sleeps.
///
/// Code that takes `some Clock<Duration>` sleeps in virtual time when given a test clock, driven by the
/// same ``TestScheduler`` as the signals:
///
/// ```swift
/// func load(clock: some Clock<Duration>) async throws -> String {
///   try await clock.sleep(for: .seconds(1))
///   return "ok"
/// }
///
/// let scheduler = TestScheduler()
/// let task = scheduler.startTask { try await load(clock: scheduler.clock) }
/// scheduler.advance(by: .seconds(1))    // the task starts, sleeps, wakes and returns, all in here
/// let result = try await task.value     // "ok", without waiting
/// ```
///
/// What is guaranteed:
/// - `sleep(until:)` suspends until an advance reaches the deadline (a deadline not after ``now``
///   returns at once, without suspending). The sleeper counts in ``TestScheduler/pendingCount`` and
///   wakes in deadline order, first in first out with the scheduler's other actions.
/// - Cancelling a sleeping task removes its sleep from the scheduler and resumes it at once with
///   `CancellationError`, without any advance.
/// - Deterministic steps: a task that runs on the scheduler's ``TestScheduler/executor`` (started with
///   ``TestScheduler/startTask(_:)`` or `Task(executorPreference: scheduler.executor)`) runs *only*
///   inside the scheduler's `advance`/`run`, synchronously, on the calling thread: when
///   `advance(by:)` returns, every such task that a due sleep woke up has run until its next suspension
///   (another sleep, an await elsewhere, or its end). No yielding, no guessing.
/// - A task on another executor (the global one, an actor) is resumed *at* the advance, but continues on
///   its own executor, concurrently with the test: await its result (or another signal of progress)
///   before asserting on it.
public struct TestClock: Clock {
  /// The instant type: the scheduler's `SignalInstant`.
  public typealias Instant = SignalInstant
  /// The duration type: Swift's `Duration`.
  public typealias Duration = Swift.Duration

  /// The scheduler whose virtual time this clock reads and sleeps on.
  public let scheduler: TestScheduler

  /// A clock on `scheduler`'s virtual time (a new scheduler by default).
  public init(scheduler: TestScheduler = TestScheduler()) {
    self.scheduler = scheduler
  }

  /// The scheduler's current virtual instant.
  public var now: SignalInstant { scheduler.now }

  /// Zero: virtual time is exact.
  public var minimumResolution: Duration { .zero }

  /// Suspends until the scheduler's virtual time reaches `deadline`; `tolerance` is ignored.
  ///
  /// - Throws: `CancellationError` if the task is cancelled before or while sleeping.
  public func sleep(until deadline: SignalInstant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    guard deadline > scheduler.now else { return }
    let sleeper = TestSleeper(scheduler: scheduler)
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        sleeper.start(continuation, at: deadline)
      }
    } onCancel: {
      sleeper.cancel()
    }
  }

  /// Advances the scheduler's virtual time by `duration`; see ``TestScheduler/advance(by:)``.
  public func advance(by duration: Duration = .zero) {
    scheduler.advance(by: duration)
  }
}

extension TestScheduler {
  /// A `Clock` on this scheduler's virtual time; see ``TestClock``.
  public var clock: TestClock { TestClock(scheduler: self) }
}

/// One `sleep` call: resumed exactly once, by the scheduler (woken) or by cancellation.
final class TestSleeper: Sendable {
  private enum State {
    case idle
    case sleeping(CheckedContinuation<Void, any Error>, SignalScheduledAction?)
    case cancelled
    case done
  }

  private let state = Locked(State.idle)
  private let scheduler: TestScheduler

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  func start(_ continuation: CheckedContinuation<Void, any Error>, at deadline: SignalInstant) {
    let cancelledEarly = state.withLock { state in
      guard case .idle = state else { return true }
      state = .sleeping(continuation, nil)
      return false
    }
    if cancelledEarly {
      continuation.resume(throwing: CancellationError())
      return
    }
    let wakeUp = scheduler.schedule(at: deadline) { self.wake() }
    let kept = state.withLock { state -> Bool in
      guard case .sleeping(let continuation, nil) = state else { return false }
      state = .sleeping(continuation, wakeUp)
      return true
    }
    // Cancelled meanwhile: the wake-up is no longer wanted (if it ran already, cancelling it is a no-op).
    if !kept { scheduler.cancel(wakeUp) }
  }

  private func wake() {
    let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
      guard case .sleeping(let continuation, _) = state else { return nil }
      state = .done
      return continuation
    }
    continuation?.resume()
  }

  func cancel() {
    let taken: (CheckedContinuation<Void, any Error>, SignalScheduledAction?)? = state.withLock { state in
      switch state {
      case .idle:
        state = .cancelled
        return nil
      case .sleeping(let continuation, let wakeUp):
        state = .cancelled
        return (continuation, wakeUp)
      case .cancelled, .done:
        return nil
      }
    }
    guard let (continuation, wakeUp) = taken else { return }
    if let wakeUp { scheduler.cancel(wakeUp) }
    continuation.resume(throwing: CancellationError())
  }
}
