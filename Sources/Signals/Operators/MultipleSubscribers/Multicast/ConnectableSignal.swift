/// A signal that subscribes its upstream only when told to: with ``connect()``, or by ``autoconnect()``.
///
/// Combine's `ConnectablePublisher`. Observers can subscribe first, so none misses the first events:
///
/// <!-- setup
/// let readings = PassthroughSignal<Double, Never>()
/// -->
/// ```swift
/// let shared = readings.makeConnectable()
/// let chart = shared.sink { print("chart", $0) }
/// let log = shared.sink { print("log", $0) }
/// let connection = shared.connect()  // keep it: releasing it disconnects
/// ```
///
/// Unlike Combine's `Cancellable`, the ``SignalSubscription`` that `connect()` returns disconnects when it is
/// released: keep it for as long as the upstream should run.
public protocol ConnectableSignal<Output, Failure>: Signal {
  /// Subscribes the upstream; cancelling or releasing the result unsubscribes it.
  func connect() -> SignalSubscription
}

extension ConnectableSignal {
  /// Connects when the first observer subscribes, and disconnects when the last one leaves.
  ///
  /// ```swift
  /// let ticks = TimerSignal(every: .seconds(1), on: DispatchSignalScheduler.main)
  ///   .makeConnectable()
  ///   .autoconnect()
  /// let a = ticks.sink { print("a", $0) }  // connects
  /// let b = ticks.sink { print("b", $0) }  // joins
  /// ```
  ///
  /// See ``AutoconnectSignal`` for when it connects and disconnects.
  public func autoconnect() -> AutoconnectSignal<Self> {
    AutoconnectSignal(upstream: self)
  }
}
