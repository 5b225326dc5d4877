/// What a timeout does when it fires.
@usableFromInline
enum TimeoutAction<Failure: Error>: Sendable {
  /// Fail with the error the closure makes.
  case fail(@Sendable () -> Failure)
  /// Cancel the upstream and continue with the fallback signal.
  case switchToFallback
}

/// The logic of the `timeout` operators.
///
/// States: waiting (a timer is set for `deadline`), ended (the upstream ended,
/// or the timeout fired).
@usableFromInline
struct TimeoutStateMachine<Output: Sendable, UpstreamFailure: Error, Failure: Error>: TimedStateMachine {
  @usableFromInline typealias Input = Output

  @usableFromInline let interval: Duration
  /// When the subscription started: the first deadline is measured from here.
  @usableFromInline let start: SignalInstant
  @usableFromInline let mapFailure: @Sendable (UpstreamFailure) -> Failure
  @usableFromInline let action: TimeoutAction<Failure>
  @usableFromInline var timer: UInt64?
  @usableFromInline var nextID: UInt64 = 0
  @usableFromInline var ended = false

  @inlinable
  init(
    interval: Duration, start: SignalInstant, mapFailure: @escaping @Sendable (UpstreamFailure) -> Failure,
    action: TimeoutAction<Failure>
  ) {
    self.interval = effectiveInterval(interval)
    self.start = start
    self.mapFailure = mapFailure
    self.action = action
  }

  @inlinable
  mutating func restart(at deadline: SignalInstant, _ effects: inout TimedEffects<Output, Failure>) {
    if let timer { effects.cancel.append(timer) }
    nextID += 1
    timer = nextID
    effects.schedule.append((nextID, deadline))
  }

  /// Starts the first timer, unless a value already restarted it or the upstream ended during subscription.
  @inlinable
  mutating func start(_ effects: inout TimedEffects<Output, Failure>) {
    guard !ended && timer == nil else { return }
    restart(at: start + interval, &effects)
  }

  @inlinable
  mutating func receive(
    _ event: Event<Output, UpstreamFailure>, at now: SignalInstant, _ effects: inout TimedEffects<Output, Failure>
  ) {
    guard !ended else { return }
    switch event {
    case .value(let value):
      effects.send(.value(value))
      restart(at: now + interval, &effects)
    case .finished:
      end(&effects)
      effects.send(.finished)
    case .failed(let error):
      end(&effects)
      effects.send(.failed(mapFailure(error)))
    }
  }

  @inlinable
  mutating func end(_ effects: inout TimedEffects<Output, Failure>) {
    ended = true
    if let timer { effects.cancel.append(timer) }
    timer = nil
  }

  @inlinable
  mutating func timerFired(_ id: UInt64, at now: SignalInstant, _ effects: inout TimedEffects<Output, Failure>) {
    guard !ended, timer == id else { return }
    ended = true
    timer = nil
    switch action {
    case .fail(let makeError): effects.failWith = makeError
    case .switchToFallback: effects.switchToFallback = true
    }
  }
}
