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
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { finish(nil) }
  }
  if result == nil {
    Issue.record(
      "Watchdog: \(what) did not finish within \(seconds) s (a deadlock or a lost event?)",
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
