extension Signal {
  /// Passes on values until `trigger` sends a value, then finishes.
  ///
  /// <!-- setup
  /// let ticks = TimerSignal(every: .milliseconds(100), on: DispatchSignalScheduler.main)
  /// let taps = PassthroughSignal<Void, Never>()
  /// -->
  /// ```swift
  /// let ticksUntilTap = ticks.prefix(untilOutputFrom: taps)
  /// ```
  ///
  /// See ``PrefixUntilOutputSignal`` for the trigger's terminal events.
  public consuming func prefix<Trigger: Signal>(untilOutputFrom trigger: consuming Trigger) -> PrefixUntilOutputSignal<
    Self, Trigger
  >
  where Trigger.Failure == Failure {
    PrefixUntilOutputSignal(upstream: self, trigger: trigger) { $0 }
  }

  /// Passes on values until `trigger`, which cannot fail, sends a value, then finishes.
  public consuming func prefix<Trigger: Signal>(untilOutputFrom trigger: consuming Trigger) -> PrefixUntilOutputSignal<
    Self, Trigger
  >
  where Trigger.Failure == Never {
    PrefixUntilOutputSignal(upstream: self, trigger: trigger, triggerFailure: neverFails)
  }
}

extension Signal where Failure == Never {
  /// Passes on values until `trigger` sends a value, then finishes (neither can fail).
  public consuming func prefix<Trigger: Signal>(untilOutputFrom trigger: consuming Trigger) -> PrefixUntilOutputSignal<
    Self, Trigger
  >
  where Trigger.Failure == Never {
    PrefixUntilOutputSignal(upstream: self, trigger: trigger, triggerFailure: neverFails)
  }
}

/// A signal that passes on its upstream's events until a trigger sends a value.
/// See ``Signal/prefix(untilOutputFrom:)-3tf24``.
///
/// - The trigger is subscribed first: a trigger that sends a value while being subscribed
///   finishes the signal before the upstream is subscribed at all.
/// - The trigger's first value finishes the signal and cancels both.
/// - The trigger finishing without a value changes nothing: the upstream goes on (Combine's behaviour).
/// - The trigger failing fails the signal with the trigger's error (Combine ignores it; we
///   never silently drop an error). The trigger's failure type must therefore be the
///   upstream's, or `Never`.
/// - The upstream's own terminal event ends the signal and cancels the trigger.
public struct PrefixUntilOutputSignal<Upstream: Signal, Trigger: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are passed on.
  public let upstream: Upstream
  /// The signal whose first value ends this one.
  public let trigger: Trigger
  let triggerFailure: @Sendable (Trigger.Failure) -> Failure

  /// Subscribes `observer` to the upstream's events until the trigger fires.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    typealias Machine = PrefixUntilOutputStateMachine
    return Machine.subscribe(
      observer, machine: Machine(), reserving: [Machine.triggerKey, Machine.upstreamKey], trigger: trigger,
      triggerFailure: triggerFailure, upstream: upstream, through: PrefixUntilOutputObserver.init)
  }
}

extension PrefixUntilOutputSignal: HandsOverSubscription {}
