extension Signal {
  /// Drops values until `trigger` sends a value, then passes everything on.
  ///
  /// ```marble drop-until-output
  /// upstream:                    -a-b-c-d-|
  /// trigger:                     ----x----
  /// drop(untilOutputFrom:):      -----c-d-|
  /// ```
  ///
  /// <!-- setup
  /// let positions = PassthroughSignal<Double, Never>()
  /// let dragStarted = PassthroughSignal<Void, Never>()
  /// -->
  /// ```swift
  /// let dragged = positions.drop(untilOutputFrom: dragStarted)
  /// ```
  ///
  /// See ``DropUntilOutputSignal`` for the trigger's terminal events.
  public consuming func drop<Trigger: Signal>(
    untilOutputFrom trigger: consuming Trigger
  ) -> DropUntilOutputSignal<Self, Trigger> where Trigger.Failure == Failure {
    DropUntilOutputSignal(upstream: self, trigger: trigger) { $0 }
  }

  /// Drops values until `trigger`, which cannot fail, sends a value, then passes everything on.
  public consuming func drop<Trigger: Signal>(
    untilOutputFrom trigger: consuming Trigger
  ) -> DropUntilOutputSignal<Self, Trigger> where Trigger.Failure == Never {
    DropUntilOutputSignal(upstream: self, trigger: trigger, triggerFailure: neverFails)
  }
}

extension Signal where Failure == Never {
  /// Drops values until `trigger` sends a value, then passes everything on (neither can fail).
  public consuming func drop<Trigger: Signal>(
    untilOutputFrom trigger: consuming Trigger
  ) -> DropUntilOutputSignal<Self, Trigger> where Trigger.Failure == Never {
    DropUntilOutputSignal(upstream: self, trigger: trigger, triggerFailure: neverFails)
  }
}

/// A signal that drops its upstream's values until a trigger sends a value.
/// See ``Signal/drop(untilOutputFrom:)-2x8u8``.
///
/// - The trigger is subscribed first, then the upstream.
/// - The trigger's first value opens the gate: the trigger is cancelled, and the upstream's values pass
///   from then on.
/// - The trigger finishing before it sent a value finishes the signal, as in Combine: no value could ever
///   pass.
/// - The trigger failing before it sent a value fails the signal with the trigger's error, as in Combine.
///   The trigger's failure type must therefore be the upstream's, or `Never`.
/// - The upstream's terminal event passes at any time, and cancels the trigger.
public struct DropUntilOutputSignal<Upstream: Signal, Trigger: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The signal whose values are dropped until the trigger fires.
  public let upstream: Upstream
  /// The signal whose first value opens the gate.
  public let trigger: Trigger
  let triggerFailure: @Sendable (Trigger.Failure) -> Failure

  /// Subscribes `observer`: the trigger first, then the upstream.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    typealias Machine = DropUntilOutputStateMachine
    return Machine.subscribe(
      observer, machine: Machine(), reserving: [Machine.upstreamKey, Machine.triggerKey], trigger: trigger,
      triggerFailure: triggerFailure, upstream: upstream, through: DropUntilOutputObserver.init)
  }
}

extension DropUntilOutputSignal: HandsOverSubscription {}
