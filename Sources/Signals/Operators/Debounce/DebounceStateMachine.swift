/// The logic of ``Signal/debounce(for:scheduler:)``.
struct DebounceStateMachine<Output: Sendable, Failure: Error>: TimedStateMachine {
  typealias Input = Output
  typealias UpstreamFailure = Failure

  let interval: Duration
  /// The latest value, waiting for a quiet interval, and its timer.
  private var pending: (value: Output, timer: UInt64)?
  private var nextID: UInt64 = 0

  init(interval: Duration) {
    self.interval = effectiveInterval(interval)
  }

  mutating func start(_ effects: inout TimedEffects<Output, Failure>) {}

  mutating func receive(
    _ event: Event<Output, Failure>, at now: SignalInstant, _ effects: inout TimedEffects<Output, Failure>
  ) {
    switch event {
    case .value(let value):
      if let pending { effects.cancel.append(pending.timer) }
      nextID += 1
      pending = (value, nextID)
      effects.schedule.append((nextID, now + interval))
    case .finished, .failed:
      // The terminal event flushes the pending value: it is final, never dropped.
      if let pending {
        effects.cancel.append(pending.timer)
        effects.send(.value(pending.value))
        self.pending = nil
      }
      effects.send(event)
    }
  }

  mutating func timerFired(_ id: UInt64, at now: SignalInstant, _ effects: inout TimedEffects<Output, Failure>) {
    guard let pending, pending.timer == id else { return }
    effects.send(.value(pending.value))
    self.pending = nil
  }
}
