/// A repeating timer: emits the tick index `1, 2, 3, …` every `interval` on a scheduler. It never finishes.
///
/// ```swift
/// let token = TimerSignal(every: .milliseconds(100), on: DispatchSignalScheduler.main)
///   .prefix(10)
///   .sink { tick in print("tick", tick) }
/// ```
///
/// With ``init(after:every:on:)`` the first tick comes after its own delay, then one every `interval`
/// (RxSwift's `Observable.timer(_:period:)`, whose first value is `0` where ours is `1`). A first
/// delay of 3 frames, then a tick every 2:
///
/// ```marble timer-after-every
/// TimerSignal(after: 3 frames, every: 2 frames):  ---1-2-3-4
/// ```
///
/// - **Drift-free.** The clock starts when you subscribe (the scheduler's `now`, call it `start`);
///   tick `k` is due at `start + delay + (k − 1)·interval`, an absolute deadline (`start + k·interval`
///   when the first delay is the interval, as with ``init(every:on:)``), so a late tick does not shift
///   the ones after it.
/// - **Index.** The value is the tick's number, 1-based: the first tick, at `start + delay`, emits
///   `1`. Count ticks with the index, not with the number of values.
/// - **Behind schedule: skip.** When a tick runs late, past the deadline of later ticks (a busy queue, a
///   slow scheduler), the missed ticks are coalesced into one value, the index of the latest deadline
///   passed, delivered at once; then the timer waits for the next deadline still in the future. So the
///   values are strictly increasing and may have gaps, never a burst of stale ticks (Foundation's
///   `Timer` behaves the same way).
/// - **Stopping.** The timer stops when the observer answers ``SignalControl/stop`` (`prefix`,
///   `first`…) or the subscription is cancelled; its pending action is then cancelled and the observer
///   released.
/// - **Synchronous schedulers.** On ``ImmediateSignalScheduler`` every tick is due at once: the timer
///   emits `1, 2, 3, …` during `subscribe`, in a loop (not recursion), until the observer stops it. Put
///   a `prefix` in front.
/// - **Bad input.** A zero or negative interval is a programming error: a precondition failure whose
///   message starts with "Signals: ". A negative first delay counts as zero: the first tick is due at
///   once, that is, at the scheduler's next run (on a `TestScheduler`, its next advance).
///
/// In tests, subscribe on a `TestScheduler` and advance virtual time; `run()` on an endless timer
/// stops at its action limit and says so.
public struct TimerSignal: Signal {
  /// The tick index.
  public typealias Output = Int
  /// A timer cannot fail.
  public typealias Failure = Never

  /// The time between ticks.
  public let interval: Duration
  /// The time from subscription to the first tick (``interval`` unless made with ``init(after:every:on:)``;
  /// a negative delay counts as zero).
  public let delay: Duration
  /// The scheduler the ticks are delivered on.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  /// The scheduler, by reference (see `SchedulerReference`).
  @usableFromInline let schedulerReference: SchedulerReference

  /// A timer that ticks every `interval` on `scheduler`, starting from each subscription.
  ///
  /// - Precondition: `interval` is positive.
  public init(every interval: Duration, on scheduler: some SignalScheduler) {
    self.init(after: interval, every: interval, on: scheduler)
  }

  /// A timer whose first tick comes `delay` after each subscription, then one every `interval`, on
  /// `scheduler`.
  ///
  /// ```swift
  /// // A splash's letter wave: the first letter at once, then one every 0.1 s.
  /// let wave = TimerSignal(after: .zero, every: .milliseconds(100), on: DispatchSignalScheduler.main)
  /// ```
  ///
  /// - Precondition: `interval` is positive. A negative `delay` counts as zero.
  public init(after delay: Duration, every interval: Duration, on scheduler: some SignalScheduler) {
    if let problem = Self.problem(interval: interval) { preconditionFailure(problem) }
    self.interval = interval
    self.delay = Swift.max(delay, .zero)
    self.schedulerReference = Signals.schedulerReference(scheduler)
  }

  /// Starts the timer for `observer`: the first tick is due ``delay`` from now.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Int, Observer.Failure == Never {
    let core = TimerCore(observer: observer, interval: interval, delay: delay, scheduler: schedulerReference)
    core.start(on: schedulerReference)
    return .handing(core.handle, to: observer)
  }

  /// Why `interval` is refused, or `nil` when it is fine. Backs the precondition.
  package static func problem(interval: Duration) -> String? {
    guard interval <= .zero else { return nil }
    return "Signals: TimerSignal(every: \(interval)): the interval must be positive"
  }

  /// The index to deliver when a tick runs at `now`, after `lastIndex` was delivered: `lastIndex + 1`,
  /// or, when running late past later deadlines, the index of the latest deadline passed.
  @usableFromInline
  package static func index(
    dueAt now: SignalInstant, start: SignalInstant, interval: Duration, lastIndex: Int
  ) -> Int {
    let due = lastIndex + 1
    guard now >= start + interval * (due + 1) else { return due }
    // Behind schedule: estimate floor((now - start) / interval), then correct it exactly.
    var index = Swift.max(due + 1, Int(((now - start) / interval).rounded(.down)))
    while index > due + 1 && start + interval * index > now { index -= 1 }
    while start + interval * (index + 1) <= now { index += 1 }
    return index
  }
}

/// The state of one timer subscription.
@usableFromInline
struct TimerState<Observer: SignalObserver> where Observer.Input == Int, Observer.Failure == Never {
  @usableFromInline let interval: Duration
  @usableFromInline let scheduler: SchedulerReference
  @usableFromInline var observer: Observer?
  @usableFromInline var lastIndex = 0
  /// The instant of tick 0, so that tick `k` is due at `start + k·interval`: the subscription
  /// instant, moved by `delay − interval` (not moved when the first delay is the interval).
  @usableFromInline let start: SignalInstant
  /// The pending tick's action.
  @usableFromInline var token: SignalScheduledAction?
  /// Inside `scheduler.schedule`: a tick that runs now is left to the scheduling loop (trampoline).
  @usableFromInline var scheduling = false
  @usableFromInline var tickedWhileScheduling = false

  @inlinable
  init(observer: Observer, interval: Duration, start: SignalInstant, scheduler: SchedulerReference) {
    self.observer = observer
    self.interval = interval
    self.start = start
    self.scheduler = scheduler
  }
}

/// What a timer does once it has scheduled its next tick.
@usableFromInline
enum TimerAfterScheduling {
  case wait
  case tickAgain
  case stopped
}

/// One timer subscription: its whole state in one `Locked`, which is also what its subscription cancels.
/// Inlinable, as the other engines are (the Engines article, rule 14).
///
/// The scheduler is passed along by the caller, which holds it (the signal, or the state through `fire`),
/// so that no step reads it in a lock round trip of its own.
@usableFromInline
struct TimerCore<Observer: SignalObserver>: SubscriptionCore where Observer.Input == Int, Observer.Failure == Never {
  @usableFromInline let state: Locked<TimerState<Observer>>

  /// The clock starts now: tick `k` is due at `now + delay + (k − 1)·interval`.
  @inlinable
  init(observer: Observer, interval: Duration, delay: Duration, scheduler: SchedulerReference) {
    let start = scheduler.now + (delay - interval)
    state = Locked(TimerState(observer: observer, interval: interval, start: start, scheduler: scheduler))
  }

  /// Schedules the first tick; `scheduler` is the state's.
  @inlinable
  func start(on scheduler: SchedulerReference) {
    if scheduleNext(index: 0, on: scheduler) == .tickAgain { runTicks(on: scheduler) }
  }

  /// The scheduled action: deliver a tick, unless a scheduling loop is running (then it delivers it).
  @inlinable
  func fire() {
    var scheduler: SchedulerReference?
    let proceed = state.withLock { state -> Bool in
      guard state.observer != nil else { return false }
      if state.scheduling {
        state.tickedWhileScheduling = true
        return false
      }
      scheduler = state.scheduler
      return true
    }
    if proceed, let scheduler { runTicks(on: scheduler) }
  }

  /// Delivers ticks and schedules the next, in a loop while the scheduler runs them synchronously.
  @inlinable
  func runTicks(on scheduler: SchedulerReference) {
    while let index = tick(on: scheduler), scheduleNext(index: index, on: scheduler) == .tickAgain {}
  }

  /// Delivers one tick; returns its index, or `nil` when the timer has stopped.
  @inlinable
  func tick(on scheduler: SchedulerReference) -> Int? {
    let now = scheduler.now
    let delivery = state.withLock { state -> (Observer, Int)? in
      guard let observer = state.observer else { return nil }
      let index = TimerSignal.index(
        dueAt: now, start: state.start, interval: state.interval, lastIndex: state.lastIndex)
      state.lastIndex = index
      state.token = nil  // the action that is running now
      return (observer, index)
    }
    guard let (observer, index) = delivery else { return nil }
    if observer.receive(.value(index)) == .stop {
      Self.cancel(state)
      return nil
    }
    return index
  }

  /// Schedules the tick after `index`. `.tickAgain`: the scheduler ran it synchronously; deliver it now.
  @inlinable
  func scheduleNext(index: Int, on scheduler: SchedulerReference) -> TimerAfterScheduling {
    let proceed = state.withLock { state -> SignalInstant? in
      guard state.observer != nil else { return nil }
      state.scheduling = true
      return state.start + state.interval * (index + 1)
    }
    guard let deadline = proceed else { return .stopped }
    let core = self
    let token = scheduler.schedule(at: deadline) { core.fire() }
    let next = state.withLock { state -> TimerAfterScheduling in
      state.scheduling = false
      guard state.observer != nil else { return .stopped }
      if state.tickedWhileScheduling {
        state.tickedWhileScheduling = false
        return .tickAgain
      }
      state.token = token
      return .wait
    }
    if next == .stopped { scheduler.cancel(token) }
    return next
  }

  /// Stops the timer `state` is the state of: cancels the pending tick and releases the observer, outside
  /// the lock.
  @inlinable
  static func cancel(_ state: Locked<TimerState<Observer>>) {
    var observer: Observer?
    var token: SignalScheduledAction?
    var scheduler: SchedulerReference?
    state.withLock { state in
      observer = state.observer.take()
      token = state.token.take()
      if token != nil { scheduler = state.scheduler }
    }
    if let token, let scheduler { scheduler.cancel(token) }
    _ = observer  // released here, outside the lock
  }
}

extension TimerSignal: HandsOverSubscription {}

extension TimerState: SubscriptionState {
  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    TimerCore.cancel(state)
  }
}
