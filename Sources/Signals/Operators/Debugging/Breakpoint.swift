extension Signal {
  /// Stops the process in the debugger (raises `SIGTRAP`) when one of the closures returns `true`; events
  /// pass through unchanged.
  ///
  /// ```marble breakpoint
  /// upstream:                       -a-b-|
  /// breakpoint(receiveOutput:):     -a-b-|
  /// ```
  ///
  /// Above, the closure returns `false` for both values; were it `true` for `b`, the debugger would stop
  /// before `b` is passed on. As in Combine, and for debugging only: without a debugger attached,
  /// `SIGTRAP` ends the process.
  ///
  /// <!-- setup
  /// let progress = PassthroughSignal<Double, Never>()
  /// -->
  /// ```swift
  /// let watched = progress.breakpoint(receiveOutput: { $0 > 1 })  // stops on a progress above 100%
  /// ```
  ///
  /// Built on ``Signal/handleEvents(receiveSubscription:receiveValue:receiveCompletion:receiveCancel:)``,
  /// whose closures run at the same moments.
  ///
  /// - Parameters:
  ///   - receiveSubscription: Called when an observer subscribes, before the upstream is subscribed.
  ///     Unlike Combine's, it is given no subscription (Signals has no subscription object at that moment,
  ///     as in `handleEvents`).
  ///   - receiveOutput: Called with each value, before the value is passed on.
  ///   - receiveCompletion: Called with the terminal event, before it is passed on.
  public consuming func breakpoint(
    receiveSubscription: (@Sendable () -> Bool)? = nil,
    receiveOutput: (@Sendable (Output) -> Bool)? = nil,
    receiveCompletion: (@Sendable (SignalCompletion<Failure>) -> Bool)? = nil
  ) -> HandleEventsSignal<Self> {
    var onSubscription: (@Sendable () -> Void)?
    var onValue: (@Sendable (Output) -> Void)?
    var onCompletion: (@Sendable (SignalCompletion<Failure>) -> Void)?
    if let receiveSubscription { onSubscription = { if receiveSubscription() { raiseDebuggerTrap() } } }
    if let receiveOutput { onValue = { if receiveOutput($0) { raiseDebuggerTrap() } } }
    if let receiveCompletion { onCompletion = { if receiveCompletion($0) { raiseDebuggerTrap() } } }
    return handleEvents(receiveSubscription: onSubscription, receiveValue: onValue, receiveCompletion: onCompletion)
  }

  /// Stops the process in the debugger (raises `SIGTRAP`) when the upstream fails; events pass through
  /// unchanged.
  ///
  /// As in Combine, and for debugging only: without a debugger attached, `SIGTRAP` ends the process.
  public consuming func breakpointOnError() -> HandleEventsSignal<Self> {
    breakpoint(receiveCompletion: { $0.error != nil })
  }
}
