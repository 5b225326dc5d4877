/// The state of a flatMap: the inner signals running and waiting, and whether the upstream finished.
struct FlatMapStateMachine<Inner: Signal>: FanInMachine {
  /// The slot key of the upstream, after every inner signal's (they get keys from 1): slots end in key
  /// order, so cancelling cancels the inner signals first, then the upstream, as Combine's `flatMap` does.
  static var upstreamKey: UInt64 { .max }

  let maxConcurrency: Int
  let buffering: SignalBufferingPolicy
  /// Inner signals subscribed (or being subscribed) and not finished.
  var active = 0
  /// Inner signals waiting for a slot, oldest first.
  var waiting = EventQueue<Inner>()
  var waitingCount = 0
  var isUpstreamFinished = false
  /// Someone is subscribing inner signals: the others leave the work to them (no stack growth).
  var isLaunching = false
  var nextKey: UInt64 = 1

  init(maxConcurrency: Int, buffering: SignalBufferingPolicy) {
    self.maxConcurrency = maxConcurrency
    self.buffering = buffering
  }

  /// Whether nothing more can come: the upstream and every inner signal finished.
  var isDone: Bool { isUpstreamFinished && active == 0 && waitingCount == 0 }

  /// Queues a new inner signal, by the buffering policy.
  mutating func enqueue(_ inner: Inner) {
    if let limit = buffering.limit, waitingCount >= limit {
      if case .bufferingOldest = buffering { return }
      _ = waiting.popFirst()
      waitingCount -= 1
    }
    waiting.append(inner)
    waitingCount += 1
  }

  /// The next inner signal to subscribe and its key, if a slot is free.
  mutating func nextLaunch() -> (Inner, UInt64)? {
    guard active < maxConcurrency, waitingCount > 0 else { return nil }
    waitingCount -= 1
    active += 1
    defer { nextKey += 1 }
    return (waiting.popFirst()!, nextKey)
  }

  mutating func clear() -> Any? {
    defer {
      waiting = EventQueue()
      waitingCount = 0
    }
    return waiting
  }
}

extension FanInState {
  /// The upstream finished: the flatMap finishes once no inner signal runs or waits.
  mutating func upstreamFinished<Inner: Signal>() -> FanInStep<Output, Failure>
  where Machine == FlatMapStateMachine<Inner> {
    dropUpstream(FlatMapStateMachine<Inner>.upstreamKey)
    machine.isUpstreamFinished = true
    return machine.isDone ? .emit(.finished) : .none
  }

  /// Inner signal `key` finished: a slot frees up; the flatMap finishes if it was the last.
  mutating func innerFinished<Inner: Signal>(_ key: UInt64) -> FanInStep<Output, Failure>
  where Machine == FlatMapStateMachine<Inner> {
    dropUpstream(key)
    machine.active -= 1
    return machine.isDone ? .emit(.finished) : .none
  }
}
