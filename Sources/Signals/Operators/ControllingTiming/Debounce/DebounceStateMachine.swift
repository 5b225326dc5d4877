/// The logic of ``Signal/debounce(for:scheduler:)``.
@usableFromInline
struct DebounceStateMachine<Output: Sendable, Failure: Error>: TimedStateMachine {
  @usableFromInline typealias Input = Output
  @usableFromInline typealias UpstreamFailure = Failure
  @usableFromInline typealias Discarded = Output?

  @usableFromInline let interval: Duration
  /// The latest value, waiting for a quiet interval, and its timer.
  @usableFromInline var pending: (value: Output, timer: UInt64)?
  @usableFromInline var nextID: UInt64 = 0

  @inlinable
  init(interval: Duration) {
    self.interval = effectiveInterval(interval)
  }

  @inlinable
  mutating func receive(
    _ event: Event<Output, Failure>, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>,
    _ effects: inout TimedEffects
  ) -> Bool {
    switch event {
    case .value(let value):
      if let pending { effects.cancel = pending.timer }
      nextID += 1
      pending = (value, nextID)
      effects.schedule = TimedTimerRequest(id: nextID, at: now + interval)
    case .finished, .failed:
      // The terminal event flushes the pending value: it is final, never dropped.
      if let pending {
        effects.cancel = pending.timer
        sends.send(.value(pending.value))
        self.pending = nil
      }
      sends.send(event)
    }
    return true
  }

  @inlinable
  mutating func timerFired(
    _ id: UInt64, at now: SignalInstant, _ sends: inout TimedSends<Output, Failure>, _ effects: inout TimedEffects
  ) {
    guard let pending, pending.timer == id else { return }
    sends.send(.value(pending.value))
    self.pending = nil
  }

  @inlinable
  mutating func end() -> Discarded {
    pending.take()?.value
  }
}
