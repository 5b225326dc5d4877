#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A test-only switch that crashes the demo once cbreak mode is on, to check that the crash restores the
/// terminal: `SPLASH_DEMO_CRASH_AFTER_CBREAK=1` (or `trap`) stops it with a Swift runtime trap
/// (`fatalError`: `SIGILL` or `SIGTRAP`), `abort` with `SIGABRT`, `segv` with `SIGSEGV`.
package enum DemoCrashSwitch {
  /// The environment variable.
  package static let variable = "SPLASH_DEMO_CRASH_AFTER_CBREAK"

  /// How the demo is asked to crash.
  package enum Crash: String, Sendable, Hashable, CaseIterable {
    /// A Swift runtime trap (`fatalError`).
    case trap
    /// `abort()`.
    case abort
    /// A segmentation fault signal.
    case segv
  }

  /// The crash `environment` asks for, if any (`1` means `trap`).
  package static func crash(in environment: [String: String]) -> Crash? {
    guard let value = environment[variable], !value.isEmpty, value != "0" else { return nil }
    return value == "1" ? .trap : Crash(rawValue: value)
  }

  /// Crashes as `environment` asks, or returns.
  package static func crashIfAsked(_ environment: [String: String]) {
    switch crash(in: environment) {
    case nil: return
    case .trap: fatalError("\(variable): crashing after cbreak, as asked")
    case .abort: abort()
    case .segv:
      _ = raise(SIGSEGV)
      fatalError("\(variable): SIGSEGV did not end the process")
    }
  }
}
