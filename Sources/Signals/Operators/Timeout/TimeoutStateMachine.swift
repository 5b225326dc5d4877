/// What a timeout does when it fires.
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
struct TimeoutStateMachine<Output: Sendable, UpstreamFailure: Error, Failure: Error>: TimedStateMachine {
  typealias Input = Output

  let interval: Duration
  /// When the subscription started: the first deadline is measured from here.
  let start: SignalInstant
  let mapFailure: @Sendable (UpstreamFailure) -> Failure
  let action: TimeoutAction<Failure>
  private var timer: UInt64?
  private var nextID: UInt64 = 0
  private var ended = false

  init(
    interval: Duration, start: SignalInstant, mapFailure: @escaping @Sendable (UpstreamFailure) -> Failure,
    action: TimeoutAction<Failure>
  ) {
    self.interval = effectiveInterval(interval)
    self.start = start
    self.mapFailure = mapFailure
    self.action = action
  }

  private mutating func restart(at deadline: SignalInstant, _ effects: inout TimedEffects<Output, Failure>) {
    if let timer { effects.cancel.append(timer) }
    nextID += 1
    timer = nextID
    effects.schedule.append((nextID, deadline))
  }

  /// Starts the first timer, unless a value already restarted it or the upstream ended during subscription.
  mutating func start(_ effects: inout TimedEffects<Output, Failure>) {
    guard !ended && timer == nil else { return }
    restart(at: start + interval, &effects)
  }

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

  private mutating func end(_ effects: inout TimedEffects<Output, Failure>) {
    ended = true
    if let timer { effects.cancel.append(timer) }
    timer = nil
  }

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
