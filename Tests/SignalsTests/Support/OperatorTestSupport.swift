import Foundation
import Signals
import Testing

// Shared helpers of the source and single-upstream operator tests (ops-basic).

/// An error for tests, with a payload to tell failures apart.
struct TestError: Error, Equatable {
  var code: Int
  init(_ code: Int = 0) { self.code = code }
}

/// An object captured by a closure under test: a `weak` reference to it proves the closure was released.
final class Witness: Sendable {}

/// A signal that fails synchronously on every subscription, counting subscriptions; after
/// `failures` failures it emits `value` and finishes instead.
struct FlakySignal: Signal {
  typealias Output = Int
  typealias Failure = TestError

  let attempts: Locked<Int>
  let failures: Int
  let value: Int

  init(failures: Int, then value: Int = 0) {
    self.attempts = Locked(0)
    self.failures = failures
    self.value = value
  }

  var subscriptionCount: Int { attempts.withLock { $0 } }

  func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Int, Observer.Failure == TestError {
    let attempt = attempts.withLock {
      $0 += 1
      return $0
    }
    if attempt <= failures {
      _ = observer.receive(.failed(TestError(attempt)))
    } else if observer.receive(.value(value)) == .continue {
      _ = observer.receive(.finished)
    }
    return .empty
  }
}

/// `SIGNALS_STRESS_SCALE` (default 1): multiplies the sizes of stress tests.
let stressScale: Int = {
  guard let text = ProcessInfo.processInfo.environment["SIGNALS_STRESS_SCALE"], let scale = Int(text), scale > 0 else {
    return 1
  }
  return scale
}()

/// Checks the cancellation contract of an operator built on a subject: while subscribed the
/// operator's closures (which capture the witness) are alive; `cancel()` releases them and the
/// subject's observer, and no event arrives afterwards.
func expectCancellationContract<UpstreamFailure: Error, S: Signal>(
  upstreamFailure: UpstreamFailure.Type,
  sending values: [Int] = [1, 2, 3],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (PassthroughSignal<Int, UpstreamFailure>, Witness) -> S
) {
  let subject = PassthroughSignal<Int, UpstreamFailure>()
  weak var weakWitness: Witness?
  let log = EventLog<S.Output, S.Failure>()
  var token: SignalSubscription?
  do {
    let witness = Witness()
    weakWitness = witness
    token = build(subject, witness).subscribe(log)
  }
  #expect(weakWitness != nil, "closures are kept while subscribed", sourceLocation: sourceLocation)
  if let first = values.first { subject.send(first) }
  let delivered = log.events.count
  token?.cancel()
  #expect(weakWitness == nil, "cancel releases the closures", sourceLocation: sourceLocation)
  #expect(!subject.hasObservers, "cancel releases the upstream", sourceLocation: sourceLocation)
  for value in values.dropFirst() { subject.send(value) }
  subject.send(completion: .finished)
  #expect(log.events.count == delivered, "no event after cancel", sourceLocation: sourceLocation)
  withExtendedLifetime(token) {}
}

/// ``expectCancellationContract(upstreamFailure:sending:sourceLocation:_:)`` with a `TestError` subject.
func expectCancellationContract<S: Signal>(
  sending values: [Int] = [1, 2, 3],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (PassthroughSignal<Int, TestError>, Witness) -> S
) {
  expectCancellationContract(upstreamFailure: TestError.self, sending: values, sourceLocation: sourceLocation, build)
}

/// Checks that an observer answering `.stop` to its first event releases the subject upstream
/// and receives nothing more.
func expectStopReleasesUpstream<S: Signal>(
  sending values: [Int] = [1, 2, 3],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (PassthroughSignal<Int, TestError>) -> S
) {
  let subject = PassthroughSignal<Int, TestError>()
  let log = EventLog<S.Output, S.Failure> { _ in .stop }
  let token = build(subject).subscribe(log)
  for value in values { subject.send(value) }
  #expect(log.events.count == 1, "one event, then nothing", sourceLocation: sourceLocation)
  #expect(!subject.hasObservers, "stop releases the upstream", sourceLocation: sourceLocation)
  withExtendedLifetime(token) {}
}
