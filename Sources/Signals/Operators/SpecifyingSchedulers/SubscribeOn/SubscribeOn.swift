extension Signal {
  /// Subscribes the upstream on `scheduler`: the work a signal does when it is subscribed (a
  /// ``DeferredSignal``'s closure, a ``SequenceSignal``'s loop, a ``FutureSignal``'s start) runs there.
  ///
  /// ```marble subscribe-on
  /// upstream (cold):       -a-b|
  /// subscribe(on:):        -a-b|
  /// ```
  ///
  /// (The cold upstream starts when it is subscribed, on the scheduler: on a test scheduler, at the next
  /// advance, the same virtual instant. Its events pass as they come, on its own thread.)
  ///
  /// <!-- setup
  /// func parseConfig() -> [String: String] { [:] }
  /// let background = DispatchSignalScheduler(queue: .global())
  /// -->
  /// ```swift
  /// let config = DeferredSignal { JustSignal(parseConfig()) }  // parses when subscribed
  ///   .subscribe(on: background)
  ///   .receive(on: DispatchSignalScheduler.main)
  /// ```
  ///
  /// Events are not moved: they arrive where the upstream sends them (use ``Signal/receive(on:bufferingPolicy:)``
  /// for that). Cancelling before the subscription ran cancels it; after, it cancels the upstream at once,
  /// on the cancelling thread, and nothing more is delivered. Combine also moves the cancel onto the
  /// scheduler; here `cancel()` keeps the event contract's promise that everything upstream is released
  /// when it returns (see <doc:Decisions>).
  public consuming func subscribe(on scheduler: some SignalScheduler) -> SubscribeOnSignal<Self> {
    SubscribeOnSignal(upstream: self, scheduler: scheduler)
  }
}

/// A signal that subscribes its upstream on a scheduler. See ``Signal/subscribe(on:)``.
public struct SubscribeOnSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal subscribed on the scheduler.
  public let upstream: Upstream
  /// Where the upstream is subscribed.
  public var scheduler: any SignalScheduler { unboxedScheduler(schedulerReference) }
  let schedulerReference: SchedulerReference

  /// Creates the signal; prefer ``Signal/subscribe(on:)``.
  public init(upstream: Upstream, scheduler: some SignalScheduler) {
    self.upstream = upstream
    self.schedulerReference = Signals.schedulerReference(scheduler)
  }

  /// Schedules the upstream's subscription for `observer`.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let core = SubscribeOnCore(downstream: observer, scheduler: schedulerReference)
    let upstream = upstream
    let action = schedulerReference.schedule {
      guard core.state.withLock({ $0.start() }) else { return }
      upstream.subscribe(keeping: OneUpstreamObserver(core: core))
    }
    core.state.withLock { $0.scheduled(action) }
    return .handing(core.handle, to: observer)
  }
}

extension SubscribeOnSignal: HandsOverSubscription {}
