// The timers of a time-operator subscription: which are live (under the lock), and how the engine starts
// them after unlocking.

/// A live timer: its id, and its scheduler handle once the action is scheduled.
@usableFromInline
struct TimedTimer: Sendable {
  @usableFromInline var id: UInt64
  @usableFromInline var token: SignalScheduledAction?

  @inlinable
  init(id: UInt64, token: SignalScheduledAction?) {
    self.id = id
    self.token = token
  }
}

/// The live timers, the first one inline (`timeout`, `debounce` and `throttle` have at most one).
///
/// A timer is live from the step that asks for it until it fires or is cancelled; the engine schedules it
/// after unlocking and stores its handle if it is still live then. A firing of a timer that is no longer
/// live (cancelled too late on a real-time scheduler) is dropped, so the machine only ever hears of live ones.
@usableFromInline
struct TimedTimers: Sendable {
  @usableFromInline var first: TimedTimer?
  /// Further live timers (`delay`), by id; `nil` until there is a second one.
  @usableFromInline var others: [UInt64: TimedTimer]?

  @inlinable
  init() {}

  @inlinable
  mutating func insert(_ id: UInt64) {
    if first == nil {
      first = TimedTimer(id: id, token: nil)
    } else {
      if others == nil { others = [:] }
      others![id] = TimedTimer(id: id, token: nil)
    }
  }

  /// Stores the handle of live timer `id`; false if the timer is no longer live.
  @inlinable
  mutating func setToken(_ token: SignalScheduledAction, for id: UInt64) -> Bool {
    if first?.id == id {
      first!.token = token
      return true
    }
    guard others?[id] != nil else { return false }
    others![id]!.token = token
    return true
  }

  /// Removes timer `id`; `nil` if it was not live, else the removed timer (its handle to cancel or release).
  @inlinable
  mutating func remove(_ id: UInt64) -> TimedTimer? {
    if let timer = first, timer.id == id {
      first = nil
      return timer
    }
    guard others != nil else { return nil }
    return others!.removeValue(forKey: id)
  }

  /// Removes every timer whose id is below `id`; their handles go to `released`, to cancel after unlocking.
  @inlinable
  mutating func removeAll(below id: UInt64, into released: inout [SignalScheduledAction]?) {
    if let timer = first, timer.id < id {
      if let token = timer.token { released.append(token) }
      first = nil
    }
    guard let all = others else { return }
    for (key, timer) in all where key < id {
      if let token = timer.token { released.append(token) }
      others![key] = nil
    }
  }

  /// Removes every timer: the first one's handle goes to `first`, the others' to `rest`, to cancel after
  /// unlocking.
  @inlinable
  mutating func removeAll(first: inout SignalScheduledAction?, rest: inout [SignalScheduledAction]?) {
    first = self.first.take()?.token
    guard let all = others.take() else { return }
    for timer in all.values { if let token = timer.token { rest.append(token) } }
  }
}

extension [SignalScheduledAction]? {
  /// Appends `token`, making the array on the first one.
  @inlinable
  mutating func append(_ token: SignalScheduledAction) {
    if self == nil { self = [token] } else { self!.append(token) }
  }
}

extension TimedCore {
  /// Schedules `timer` on `scheduler`: its action holds this engine, the timer's id and the scheduler (to read
  /// the clock when it fires).
  @inlinable
  func schedule(_ timer: TimedTimerRequest, on scheduler: SchedulerReference) -> SignalScheduledAction {
    let core = self
    let id = timer.id
    return timer.schedule(on: scheduler) { core.timerFired(id, at: scheduler.now) }
  }

  /// Starts `timer` on `scheduler` and keeps its handle.
  @inlinable
  func startTimer(_ timer: TimedTimerRequest, on scheduler: SchedulerReference) {
    keep(schedule(timer, on: scheduler), for: timer.id, on: scheduler)
  }

  /// Keeps the handle of timer `id`, or cancels it if the timer is no longer live (it fired, was cancelled,
  /// or the operator ended, while it was being scheduled).
  @inlinable
  func keep(_ token: SignalScheduledAction, for id: UInt64, on scheduler: SchedulerReference) {
    let kept = state.withLock { $0.timers.setToken(token, for: id) }
    if !kept { scheduler.cancel(token) }
  }
}
