import Signals
import Testing

// Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
#if os(macOS) || os(Linux) || os(Windows)
  extension PreconditionRow {
    /// Runs the bad call of the row with this API in an exit test: what the child process did, or `nil` when no
    /// exit test here names the API.
    ///
    /// One exit test per row, each naming its row's API in its body: an exit test's body captures nothing before
    /// Swift 6.3 (capture lists are Swift Testing's ST-0012, in Swift 6.3), and the package builds with Swift 6.2.
    static func exitTest(_ api: String) async throws -> ExitTest.Result? {
      switch api {
      case "prefix(_:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("prefix(_:)")
        }
      case "dropFirst(_:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("dropFirst(_:)")
        }
      case "output(at:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("output(at:)")
        }
      case "retry(_:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("retry(_:)")
        }
      case "collect(_:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("collect(_:)")
        }
      case "flatMap(maxConcurrency:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("flatMap(maxConcurrency:)")
        }
      case "SignalBufferingPolicy":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("SignalBufferingPolicy")
        }
      case "TimerSignal(every:on:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("TimerSignal(every:on:)")
        }
      case "TimerSignal(after:every:on:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("TimerSignal(after:every:on:)")
        }
      case "throttle(for:scheduler:latest:leading:trailing:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("throttle(for:scheduler:latest:leading:trailing:)")
        }
      case "TestScheduler.advance(by:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("TestScheduler.advance(by:)")
        }
      case "TaskSignal(on:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("TaskSignal(on:)")
        }
      case "output(in:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("output(in:)")
        }
      case "output(in:) open below":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("output(in:) open below")
        }
      case "OutputInSignal(upstream:range:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("OutputInSignal(upstream:range:)")
        }
      case "collect(.byTime(_:_:))":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("collect(.byTime(_:_:))")
        }
      case "collect(.byTimeOrCount(_:_:_:))":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("collect(.byTimeOrCount(_:_:_:))")
        }
      case "ReplaySignal(bufferSize:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("ReplaySignal(bufferSize:)")
        }
      case "share(replay:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("share(replay:)")
        }
      case "SignalBackoff.fixed(_:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("SignalBackoff.fixed(_:)")
        }
      case "retry(_:delay:scheduler:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("retry(_:delay:scheduler:)")
        }
      case "SignalBackoff.exponential":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("SignalBackoff.exponential")
        }
      case "SignalBackoff.exponential(jitter:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("SignalBackoff.exponential(jitter:)")
        }
      case "retry(_:delay:scheduler:) count":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("retry(_:delay:scheduler:) count")
        }
      case "RecordSignal.Recording.receive(_:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("RecordSignal.Recording.receive(_:)")
        }
      case "flatMap(maxConcurrency:) of a signal that cannot fail":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("flatMap(maxConcurrency:) of a signal that cannot fail")
        }
      case "RetrySignal(upstream:retries:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("RetrySignal(upstream:retries:)")
        }
      case "nwise(_:)":
        return try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          PreconditionRow.trigger("nwise(_:)")
        }
      default: return nil
      }
    }
  }
#endif
