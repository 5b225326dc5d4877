import Testing

@testable import Signals

// Helpers of the tests that drive an operator's machine alone (its `…StateMachineTests`): no thread, lock or
// scheduler.

/// The instant `milliseconds` after the scheduler's zero.
func at(_ milliseconds: Int) -> SignalInstant {
  SignalInstant(offset: .milliseconds(milliseconds))
}

// MARK: The fan-in's machines

/// A downstream the fan-in's state can hold; these tests never deliver to it.
struct Unused<Input: Sendable>: SignalObserver {
  func receive(_ event: Event<Input, TestError>) -> SignalControl { .continue }
}

/// The event a step emits, if it emits one.
func emitted<Output>(_ step: FanInStep<Output, TestError>) -> Event<Output, TestError>? {
  if case .emit(let event) = step { return event }
  return nil
}

/// Whether a step does nothing.
func isNone<Output>(_ step: FanInStep<Output, TestError>) -> Bool {
  if case .none = step { return true }
  return false
}

// MARK: The time engine's machines

/// One step of a time operator's machine: what it sent and asked for.
struct TimedStep<Output: Sendable & Equatable> {
  var sends = TimedSends<Output, TestError>()
  var effects = TimedEffects()

  var events: [Event<Output, TestError>] { (0..<sends.count).map { sends.event(at: $0) } }
}

extension TimedStateMachine
where
  Output: Equatable, Failure == TestError, Input == Output,
  UpstreamFailure == TestError
{
  /// The step for `event` at `now`.
  mutating func step(_ event: Event<Output, TestError>, at now: SignalInstant) -> TimedStep<Output> {
    var step = TimedStep<Output>()
    _ = receive(event, at: now, &step.sends, &step.effects)
    return step
  }

  /// The step for the timer `id` firing at `now`.
  mutating func fire(_ id: UInt64, at now: SignalInstant) -> TimedStep<Output> {
    var step = TimedStep<Output>()
    timerFired(id, at: now, &step.sends, &step.effects)
    return step
  }
}
