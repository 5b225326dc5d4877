/// A signal that runs async work when subscribed, then emits its result and finishes, or fails.
///
/// It is the bridge from `async` code: the intro's "the animation file has loaded" input is
///
/// <!-- setup
/// import Foundation
/// func loadAnimation(named name: String) async throws -> Data { Data() }
/// -->
/// ```swift
/// let load = TaskSignal { try await loadAnimation(named: "intro") }  // TaskSignal<Data, any Error>
/// ```
///
/// The failure type follows the closure: a closure that cannot throw gives a
/// `Never`-failing signal, a closure with `try` gives `any Error`, and a closure
/// with a typed `throws(LoadError)` gives a `LoadError`-failing signal.
///
/// - Each subscription starts its own `Task` running `operation`: subscribing
///   twice runs the work twice (share the signal to run it once).
/// - Cancelling the subscription cancels the task and releases the observer at
///   once; nothing is delivered afterwards, not even an error the cancelled work
///   throws. The work should honour task cancellation to stop early.
/// - Events are delivered from the task, on the concurrency runtime's executor; put
///   ``Signal/receiveOnMainActor()`` after it to receive them on the main actor.
/// - **On a scheduler's clock.** ``init(on:priority:operation:)`` starts the task on the scheduler's
///   ``SignalScheduler/taskExecutor``: with a `TestScheduler`, the work runs only inside its advances,
///   so a load that sleeps on the scheduler's clock completes inside `advance(by:)`, deterministically:
///
///   <!-- setup
///   import SignalsTesting
///   -->
///   ```swift
///   let scheduler = TestScheduler()
///   let load = TaskSignal(on: scheduler) { () async throws -> String in
///     try await scheduler.clock.sleep(for: .seconds(1))
///     return "loaded"
///   }
///   let result = CurrentValueSignal<String, Never>("")
///   let token = load.replaceError(with: "failed").sink { result.value = $0 }
///   scheduler.advance(by: .seconds(1))  // result.value == "loaded"
///   ```
///
///   On a scheduler on real time (no executor), the task runs on the global executor, as without a
///   scheduler. A `TestScheduler` where task executors do not exist (before macOS 15, iOS 18, tvOS 18,
///   watchOS 11, visionOS 2) refuses the work with a "Signals:" precondition failure naming the OS it needs,
///   instead of running it in real time: mark such a test `@available(macOS 15.0, iOS 18.0, tvOS 18.0,
///   watchOS 11.0, visionOS 2.0, *)`.
public struct TaskSignal<Output: Sendable, Failure: Error>: Signal {
  /// The priority of the task each subscription starts; `nil` inherits the subscriber's.
  public let priority: TaskPriority?
  /// The work run once per subscription.
  public let operation: @Sendable () async throws(Failure) -> Output
  /// The scheduler whose task executor runs the work, if one was given.
  public let scheduler: (any SignalScheduler)?

  /// A signal that runs `operation` in a new task for each subscription.
  ///
  /// - Parameters:
  ///   - priority: The task's priority; `nil` (the default) inherits the subscriber's.
  ///   - operation: The work; its result is the signal's one value, its error the signal's failure.
  public init(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async throws(Failure) -> Output
  ) {
    self.priority = priority
    self.operation = operation
    self.scheduler = nil
  }

  /// A signal that runs `operation` in a new task for each subscription, on `scheduler`'s task executor
  /// when it has one (a `TestScheduler`'s: virtual time), else on the global executor.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler whose ``SignalScheduler/taskExecutor`` runs the work.
  ///   - priority: The task's priority; `nil` (the default) inherits the subscriber's.
  ///   - operation: The work; its result is the signal's one value, its error the signal's failure.
  public init(
    on scheduler: some SignalScheduler,
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async throws(Failure) -> Output
  ) {
    self.priority = priority
    self.operation = operation
    self.scheduler = scheduler
  }

  /// Starts the work for `observer`; see the type's documentation.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let delivery = TaskDelivery(observer)
    let operation = operation
    let task = startSignalTask(priority: priority, on: scheduler) {
      let result: Result<Output, Failure>
      do throws(Failure) {
        result = .success(try await operation())
      } catch {
        result = .failure(error)
      }
      switch result {
      case .success(let value):
        if delivery.send(value) { delivery.send(completion: .finished) }
      case .failure(let error):
        delivery.send(completion: .failed(error))
      }
    }
    return .handing(delivery.attach(task), to: observer)
  }
}

extension TaskSignal: HandsOverSubscription {}
