// The subscription behind the signals that do their work in a `Task`
// (`TaskSignal`, `AsyncSequenceSignal`).
//
// The task is the only sender, so delivery is serial by construction. The
// observer and the task handle live under the lock; cancelling takes both out,
// cancels the task and releases the observer outside the lock, so the observer
// is released at once even when the work is slow to honour cancellation, and
// nothing more is delivered after `cancel()` returns. The whole state is one
// `Locked`, which the subscription's handle ends.

/// The lock-guarded state of one task-backed subscription.
struct TaskDeliveryState<Observer: SignalObserver> {
  /// The observer, until the subscription ends (terminal event, `stop`, or cancel).
  var observer: Observer?
  /// The task doing the work, once it is attached.
  var task: Task<Void, Never>?
}

/// One subscription of a task-backed signal.
///
/// Not inlinable: the signals that use it start a task per subscription, so their `subscribe` stays in
/// Signals (the Engines article, rule 14, does not pay there).
struct TaskDelivery<Observer: SignalObserver>: Sendable {
  typealias Output = Observer.Input
  typealias Failure = Observer.Failure

  let state: Locked<TaskDeliveryState<Observer>>

  init(_ observer: Observer) {
    state = Locked(TaskDeliveryState(observer: observer, task: nil))
  }

  /// Attaches the task doing the work and returns the handle that cancels it.
  func attach(_ task: Task<Void, Never>) -> SignalSubscriptionHandle {
    let kept = state.withLock { state -> Bool in
      guard state.observer != nil else { return false }
      state.task = task
      return true
    }
    // Ended already (the work delivered a terminal event or was stopped): nothing to cancel.
    guard kept else { return .empty }
    return state.handle()
  }

  /// Delivers a value. Returns `false` when the work should stop: the
  /// subscription was cancelled or the observer answered `stop`.
  func send(_ value: Output) -> Bool {
    guard let observer = state.withLock({ $0.observer }) else { return false }
    guard observer.receive(.value(value)) == .continue else {
      end()
      return false
    }
    return true
  }

  /// Delivers the terminal event, unless delivery has ended already.
  func send(completion: SignalCompletion<Failure>) {
    _ = Self.takeAll(state).observer?.receive(Event(completion))
  }

  /// Ends delivery without cancelling the task (the task is ending on its own).
  private func end() {
    _ = Self.takeAll(state)  // released here, outside the lock
  }

  /// Ends the delivery `state` is the state of, and cancels its task.
  static func cancel(_ state: Locked<TaskDeliveryState<Observer>>) {
    takeAll(state).task?.cancel()
  }

  /// Ends delivery: takes the observer and the task out, for the caller to use or release outside the lock.
  private static func takeAll(
    _ state: Locked<TaskDeliveryState<Observer>>
  ) -> (observer: Observer?, task: Task<Void, Never>?) {
    state.withLock { state in (state.observer.take(), state.task.take()) }
  }
}

/// Starts the task of a task-backed signal: on `scheduler`'s task executor when it has one (a
/// `TestScheduler`'s, so the work runs inside its advances, in virtual time), else on the global executor —
/// except for a virtual-time scheduler without one (no task executors on this OS), which refuses the work
/// (see `VirtualTimeScheduler`): then nothing runs.
func startSignalTask(
  priority: TaskPriority?, on scheduler: (any SignalScheduler)?,
  _ operation: sending @escaping @isolated(any) () async -> Void
) -> Task<Void, Never> {
  if let scheduler {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let executor = scheduler.taskExecutor
    {
      return Task(executorPreference: executor, priority: priority, operation: operation)
    }
    if let virtualTime = scheduler as? any VirtualTimeScheduler {
      virtualTime.refuseAsyncWork()
      return Task {}
    }
  }
  return Task(priority: priority, operation: operation)
}

extension TaskDeliveryState: SubscriptionState {
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    TaskDelivery.cancel(state)
  }
}
