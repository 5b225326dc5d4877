import Signals
import SignalsTesting

// Shared helpers of the time operator tests (time-ops).

/// A value object: a `weak` reference to it proves an operator released the values it held.
final class Payload: Sendable {}

/// Sends two `Payload`s through `makeSignal(subject)`, cancels the subscription after
/// `advance`, and returns whether the payloads and the upstream observer were released
/// (two, so that an operator that sends the first at once holds the second).
func releasesEverythingOnCancel<Downstream: Signal>(
  advance: Duration = .zero,
  _ makeSignal: (AnySignal<Payload, Never>, TestScheduler) -> Downstream
) -> (payloadReleased: Bool, upstreamReleased: Bool, deliveredAfterCancel: Bool) {
  let scheduler = TestScheduler()
  let subject = PassthroughSignal<Payload, Never>()
  let delivered = Locked(0)
  weak var first: Payload?
  weak var second: Payload?
  let subscription = makeSignal(AnySignal(subject), scheduler).sink {
    (_: Event<Downstream.Output, Downstream.Failure>) in
    delivered.withLock { $0 += 1 }
  }
  do {
    let payloads = (Payload(), Payload())
    (first, second) = payloads
    subject.send(payloads.0)
    subject.send(payloads.1)
  }
  scheduler.advance(by: advance)
  let before = delivered.withLock { $0 }
  subscription.cancel()
  scheduler.run()
  let after = delivered.withLock { $0 }
  return (first == nil && second == nil, !subject.hasObservers, after != before)
}
