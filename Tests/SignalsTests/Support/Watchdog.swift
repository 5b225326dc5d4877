import Foundation
import Signals
import Testing

// Support for tests that could hang (reliability): a deadlock must fail the test, not hang CI.

/// Runs `body` on a thread of its own (with a `stackSize`-byte stack) and waits for it at most `seconds`.
///
/// Returns what `body` returned, or `nil` after recording an issue when the time ran out: the
/// stuck thread is abandoned, the test fails with `what` in the message, and the run goes on.
/// Awaiting does not block a thread of the cooperative pool, so async tests keep running meanwhile.
/// `body` must not call `#expect` (it runs outside the test's task): return what to check.
func watchdog<Result: Sendable>(
  _ what: String, seconds: Double = 30, stackSize: Int = 1 << 20,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () -> Result
) async -> Result? {
  let waiter = Locked<CheckedContinuation<Result?, Never>?>(nil)
  @Sendable func finish(_ result: Result?) {
    let continuation = waiter.withLock { waiting in
      defer { waiting = nil }
      return waiting
    }
    continuation?.resume(returning: result)
  }
  let result: Result? = await withCheckedContinuation { continuation in
    waiter.withLock { $0 = continuation }
    let thread = Thread { finish(body()) }
    thread.stackSize = stackSize
    thread.start()
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds * watchdogSlowdown) { finish(nil) }
  }
  if result == nil {
    Issue.record(
      "Watchdog: \(what) did not finish within \(seconds * watchdogSlowdown) s (a deadlock or a lost event?)",
      sourceLocation: sourceLocation)
  }
  return result
}

/// Runs `body(index)` for every index in `0..<count`, each on a thread of its own, released together
/// by a start gate so that they really overlap; returns when all have returned. Call it from a
/// ``watchdog(_:seconds:stackSize:sourceLocation:_:)`` body (it blocks its thread).
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  let arrived = Locked(0)
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      arrived.withLock { $0 += 1 }
      while arrived.withLock({ $0 }) < count { sched_yield() }
      body(index)
      group.leave()
    }
    thread.start()
  }
  group.wait()
}

/// Whether this test process runs under Thread Sanitizer (`swift test --sanitize=thread`), where
/// everything runs several times slower: the watchdogs allow proportionally more time.
let underThreadSanitizer: Bool = {
  guard let process = dlopen(nil, RTLD_NOW) else { return false }
  defer { dlclose(process) }
  return dlsym(process, "__tsan_init") != nil
}()

/// The factor by which watchdog limits are stretched: 5 under Thread Sanitizer, 1 otherwise, times
/// `SIGNALS_STRESS_SCALE` (the work of a stress test grows with it, and at scale 20 the dozens of
/// parametrized cases of a suite share two cores: a fixed limit would report slowness as a deadlock).
let watchdogSlowdown: Double = (underThreadSanitizer ? 5 : 1) * Double(stressScale)

/// A repetition count for a concurrent test: `count` × `SIGNALS_STRESS_SCALE`, a quarter of it under
/// Thread Sanitizer (which finds races in short runs, and runs each step many times slower).
func stressSize(_ count: Int) -> Int {
  max(1, (underThreadSanitizer ? count / 4 : count) * stressScale)
}
