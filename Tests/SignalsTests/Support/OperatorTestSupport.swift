import Foundation
import Signals

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
