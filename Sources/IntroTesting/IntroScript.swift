import Intro
import Signals

/// The error a scripted input fails with: named, so a test can tell failures apart.
public struct IntroTestError: Error, Hashable, CustomStringConvertible {
  /// The failure's name, as the trace shows it.
  public var name: String

  /// An error called `name`.
  public init(_ name: String) {
    self.name = name
  }

  /// The name.
  public var description: String { name }
}

/// What one scripted input does, and when: values, then at most one finish or failure.
///
/// ```swift
/// let trigger: IntroScript = .at(.seconds(1))                 // one value at 1 s
/// let content: IntroScript = .fails(at: .seconds(2), "offline")
/// let taps: IntroScript = .values(at: [.milliseconds(500), .seconds(2)])
/// ```
///
/// Times count from the coordinator's `start`; a negative time is before it.
public struct IntroScript: Sendable, Hashable, ExpressibleByNilLiteral {
  /// One scripted event.
  public enum Step: Sendable, Hashable {
    /// A value (`true` for a `Bool` input unless said otherwise).
    case value(Bool)
    /// The input finishes.
    case finish
    /// The input fails.
    case fail(IntroTestError)
  }

  /// The events with their times, in order.
  public var steps: [(Duration, Step)] {
    get { storage.map { ($0.time, $0.step) } }
    set { storage = newValue.map { Timed(time: $0.0, step: $0.1) } }
  }

  private struct Timed: Sendable, Hashable {
    var time: Duration
    var step: Step
  }

  private var storage: [Timed]

  /// A script of `steps`.
  public init(_ steps: [(Duration, Step)]) {
    storage = steps.map { Timed(time: $0.0, step: $0.1) }
  }

  /// Nothing, ever (as `nil`).
  public init(nilLiteral: ()) {
    storage = []
  }

  /// Nothing, ever.
  public static let never: IntroScript = nil

  /// One value at `time`.
  public static func at(_ time: Duration) -> IntroScript { IntroScript([(time, .value(true))]) }

  /// One value at exactly `seconds` seconds, to the microsecond (`.at(seconds: 1.2)` is 1.2 s, not the
  /// `Double` nearest to it: `Duration.seconds(1.2)` is 1.19999… s).
  public static func at(seconds: Double) -> IntroScript { .at(.exactly(seconds: seconds)) }

  /// A value at each of `times`.
  public static func values(at times: [Duration]) -> IntroScript { IntroScript(times.map { ($0, .value(true)) }) }

  /// A finish at `time`, without a value.
  public static func finishes(at time: Duration) -> IntroScript { IntroScript([(time, .finish)]) }

  /// A failure called `name` at `time`.
  public static func fails(at time: Duration, _ name: String = "failure") -> IntroScript {
    IntroScript([(time, .fail(IntroTestError(name)))])
  }

  /// For the "app is active" input: inactive at `from`, active again at `until` (if given).
  public static func inactive(from: Duration, until: Duration? = nil) -> IntroScript {
    var steps: [(Duration, Step)] = [(from, .value(false))]
    if let until { steps.append((until, .value(true))) }
    return IntroScript(steps)
  }

  /// Equal when the steps are.
  public static func == (lhs: IntroScript, rhs: IntroScript) -> Bool { lhs.storage == rhs.storage }

  /// Hashes the steps.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension Duration {
  /// `seconds`, rounded to the nearest microsecond: a time written in decimal seconds, exactly.
  static func exactly(seconds: Double) -> Duration {
    .microseconds(Int64((seconds * 1_000_000).rounded()))
  }
}
