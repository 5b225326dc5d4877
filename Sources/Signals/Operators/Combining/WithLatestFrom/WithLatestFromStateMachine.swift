/// The state of a withLatestFrom: the latest value of the other signal; the keys of its two upstreams.
struct WithLatestFromStateMachine<Latest: Sendable>: FanInMachine {
  /// The slot key of the upstream.
  static var upstreamKey: UInt64 { 0 }
  /// The slot key of the other signal.
  static var otherKey: UInt64 { 1 }

  /// The other signal's latest value; `nil` until it sends one.
  var latest: Latest?

  init() {}

  /// Hands over the latest value, to be released after unlocking.
  mutating func clear() -> Any? {
    latest.take()
  }
}

extension FanInState {
  /// An event of the upstream: a value goes out paired with the latest of the other signal, or is dropped
  /// when there is none yet; a terminal event ends the signal.
  mutating func upstreamEvent<Input, Latest>(_ event: Event<Input, Failure>) -> FanInStep<Output, Failure>
  where Machine == WithLatestFromStateMachine<Latest>, Output == (Input, Latest) {
    switch event {
    case .value(let value):
      guard let latest = machine.latest else { return .none }
      return .emit(.value((value, latest)))
    case .finished: return .emit(.finished)
    case .failed(let error): return .emit(.failed(error))
    }
  }

  /// A value of the other signal: it becomes the latest.
  mutating func otherValue<Latest>(_ value: Latest) -> FanInStep<Output, Failure>
  where Machine == WithLatestFromStateMachine<Latest> {
    machine.latest = value
    return .none
  }

  /// The other signal ended: a failure fails the signal; a finish changes nothing after a value, and ends the
  /// signal without one (nothing could ever be sent).
  mutating func otherEnded<Latest>(_ completion: SignalCompletion<Failure>) -> FanInStep<Output, Failure>
  where Machine == WithLatestFromStateMachine<Latest> {
    if case .finished = completion, machine.latest != nil {
      dropUpstream(Machine.otherKey)
      return .none
    }
    return .emit(Event(completion))
  }
}
