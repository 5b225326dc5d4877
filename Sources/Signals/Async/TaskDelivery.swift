// The subscription behind the signals that do their work in a `Task`
// (`TaskSignal`, `AsyncSequenceSignal`).
//
// The task is the only sender, so delivery is serial by construction. The
// observer and the task handle live under the lock; cancelling takes both out,
// cancels the task and releases the observer outside the lock, so the observer
// is released at once even when the work is slow to honour cancellation, and
// nothing more is delivered after `cancel()` returns.

/// The lock-guarded state of one task-backed subscription.
struct TaskDeliveryState<Observer: SignalObserver> {
  /// The observer, until the subscription ends (terminal event, `stop`, or cancel).
  var observer: Observer?
  /// The task doing the work, once it is attached.
  var task: Task<Void, Never>?
}

/// One subscription of a task-backed signal. `@unchecked Sendable`: all mutable state is in a `Locked`.
final class TaskDelivery<Observer: SignalObserver>: SubscriptionTarget, @unchecked Sendable {
  typealias Output = Observer.Input
  typealias Failure = Observer.Failure

  let state: Locked<TaskDeliveryState<Observer>>

  init(_ observer: Observer) {
    state = Locked(TaskDeliveryState(observer: observer, task: nil))
  }

  /// Attaches the task doing the work and returns the subscription that cancels it.
  func attach(_ task: Task<Void, Never>) -> SignalSubscription {
    let kept = state.withLock { state -> Bool in
      guard state.observer != nil else { return false }
      state.task = task
      return true
    }
    // Ended already (the work delivered a terminal event or was stopped): nothing to cancel.
    return kept ? SignalSubscription(target: self, id: 0) : .empty
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
    _ = takeAll().observer?.receive(Event(completion))
  }

  /// Ends delivery without cancelling the task (the task is ending on its own).
  private func end() {
    _ = takeAll()  // released here, outside the lock
  }

  func cancelSubscription(id: UInt64) {
    takeAll().task?.cancel()
  }

  /// Ends delivery: takes the observer and the task out, for the caller to use or release outside the lock.
  private func takeAll() -> (observer: Observer?, task: Task<Void, Never>?) {
    state.withLock { state in (state.observer.take(), state.task.take()) }
  }
}

/// Starts the task of a task-backed signal: on `scheduler`'s task executor when it has one (a
/// `TestScheduler`'s, so the work runs inside its advances, in virtual time), else on the global executor.
func startSignalTask(
  priority: TaskPriority?, on scheduler: (any SignalScheduler)?,
  _ operation: sending @escaping @isolated(any) () async -> Void
) -> Task<Void, Never> {
  if let scheduler, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
    let executor = scheduler.taskExecutor
  {
    return Task(executorPreference: executor, priority: priority, operation: operation)
  }
  return Task(priority: priority, operation: operation)
}
