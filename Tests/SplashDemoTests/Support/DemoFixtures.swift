import Intro
import Signals
import SignalsTesting
import SplashDemoKit

/// A session on a fresh `TestScheduler`, in virtual time (the load sleeps on the scheduler's clock).
@MainActor
func virtualSession(_ arguments: [String] = [], fadeFrames: Int = 5) throws -> (DemoSession, TestScheduler) {
  guard case .run(let options) = try DemoArguments.parse(arguments) else { throw DemoUsageError("help") }
  let scheduler = TestScheduler()
  let session = DemoSession(
    options: options, scheduler: scheduler, sleep: { try await scheduler.clock.sleep(for: $0) },
    isRealTime: false, fadeFrames: fadeFrames)
  return (session, scheduler)
}

/// A duration in milliseconds.
func ms(_ milliseconds: Int) -> Duration { .milliseconds(milliseconds) }
