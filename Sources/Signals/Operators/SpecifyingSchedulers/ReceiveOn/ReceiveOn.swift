extension Signal {
  /// Delivers every event on `scheduler`: in order, one at a time, whatever
  /// thread the upstream sends from.
  ///
  /// <!-- setup
  /// let work = PassthroughSignal<Double, Never>()  // progress, sent from a background queue
  /// -->
  /// ```swift
  /// let subscription = work.receive(on: DispatchSignalScheduler.main).sink { progress in
  ///   print("on the main queue:", progress)
  /// }
  /// ```
  ///
  /// Its observers are `@Sendable`: to update a `@MainActor` model, use ``Signal/receiveOnMainActor()``
  /// instead, whose `sink` takes `@MainActor` closures:
  ///
  /// <!-- setup
  /// let work = PassthroughSignal<Double, Never>()
  /// @MainActor final class Model { var progress = 0.0; func update(_ progress: Double) { self.progress = progress } }
  /// let model = Model()
  /// -->
  /// ```swift
  /// let subscription = work.receiveOnMainActor().sink { model.update($0) }
  /// ```
  ///
  /// Events are queued and delivered by one scheduled run at a time, which
  /// delivers until the queue is empty (events sent meanwhile join it). The
  /// terminal event is delivered after the values before it, never ahead of
  /// them, and is never dropped.
  ///
  /// - Parameters:
  ///   - scheduler: where the events are delivered.
  ///   - bufferingPolicy: how many values may wait for the scheduler;
  ///     `.unbounded` (the default, as Combine) keeps all; a bounded policy drops
  ///     by its rule when the consumer lags (see ``SignalBufferingPolicy``; a
  ///     limit below 1 stops the program).
  ///
  /// Cancelling drops the waiting events and the scheduled run.
  public consuming func receive(
    on scheduler: some SignalScheduler, bufferingPolicy: SignalBufferingPolicy = .unbounded
  ) -> ReceiveOnSignal<Self> {
    ReceiveOnSignal(upstream: self, scheduler: scheduler, bufferingPolicy: bufferingPolicy)
  }
}

/// A signal that delivers its upstream's events on a scheduler. See ``Signal/receive(on:bufferingPolicy:)``.
public struct ReceiveOnSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose events are moved.
  public let upstream: Upstream
  /// Where the events are delivered.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  /// The scheduler, by reference (see `SchedulerReference`).
  let schedulerReference: SchedulerReference
  /// How many values may wait for the scheduler.
  public let bufferingPolicy: SignalBufferingPolicy

  /// Creates the signal; prefer ``Signal/receive(on:bufferingPolicy:)``.
  public init(upstream: Upstream, scheduler: some SignalScheduler, bufferingPolicy: SignalBufferingPolicy) {
    _ = bufferingPolicy.limit  // validates a bounded limit early
    self.upstream = upstream
    self.schedulerReference = Signals.schedulerReference(scheduler)
    self.bufferingPolicy = bufferingPolicy
  }

  /// Subscribes `observer`; its events arrive on the scheduler.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let core = ReceiveOnCore(downstream: observer, scheduler: schedulerReference, policy: bufferingPolicy)
    upstream.subscribe(keeping: OneUpstreamObserver(core: core))
    return .handing(core.handle, to: observer)
  }
}

extension ReceiveOnSignal: HandsOverSubscription {}
