import Signals

/// One input of an intro, as it happened: what, when, and what it did to the outcome.
public struct IntroTraceEntry: Sendable, Hashable, CustomStringConvertible {
  /// Which input.
  public enum Input: String, Sendable, Hashable, CaseIterable {
    /// The animation's asset (its load).
    case asset
    /// The animation's end trigger.
    case trigger
    /// The animation's playback.
    case playback
    /// The animation's fixed or fallback length (a clock).
    case length
    /// The content work.
    case content
    /// A tap: ``IntroCoordinator/skip()``.
    case tap
    /// Whether the app is active: ``IntroCoordinator/setActive(_:scene:)``.
    case active
    /// The minimum time (a clock).
    case minimum
    /// The grace period for taps (a clock).
    case grace
    /// The safety timeout (a clock).
    case timeout
    /// The gate's history store: its reading and writing.
    case history
  }

  /// What happened.
  public enum Event: Sendable, Hashable, CustomStringConvertible {
    /// A value, described (`""` for `()`).
    case value(String)
    /// The input finished.
    case finished
    /// The input failed, with the error described.
    case failed(String)
    /// A clock reached its deadline.
    case reached
    /// A problem that changed nothing but is worth knowing (a corrupt history file).
    case diagnostic(String)

    /// `value 1`, `finished`, `failed: offline`, `reached`, `diagnostic: …`.
    public var description: String {
      switch self {
      case .value(let label): label.isEmpty ? "value" : "value \(label)"
      case .finished: "finished"
      case .failed(let error): "failed: \(error)"
      case .reached: "reached"
      case .diagnostic(let message): "diagnostic: \(message)"
      }
    }
  }

  /// What the entry did to the outcome.
  public enum Role: String, Sendable, Hashable {
    /// It decided the outcome (for completion: the condition that became true last).
    case decided
    /// It came at the decision's instant and would have decided, but a rule ranked before it won.
    case lostTie = "lost a tie"
    /// It came before the outcome (or at its instant without deciding anything).
    case beforeOutcome = "before the outcome"
    /// It came after the outcome: recorded, never delivered.
    case afterOutcome = "after the outcome"
  }

  /// Which input.
  public var input: Input
  /// What happened.
  public var event: Event
  /// When, on the coordinator's scheduler.
  public var instant: SignalInstant
  /// What it did to the outcome.
  public var role: Role
  /// Why it changed nothing, when it did not (`in the grace period`, `the animation had ended`…).
  public var ignoredBecause: String?

  /// An entry; coordinators make them, tests may too.
  public init(
    input: Input, event: Event, instant: SignalInstant, role: Role = .beforeOutcome, ignoredBecause: String? = nil
  ) {
    self.input = input
    self.event = event
    self.instant = instant
    self.role = role
    self.ignoredBecause = ignoredBecause
  }

  /// `2.6 seconds trigger value (decided)`.
  public var description: String {
    let ignored = ignoredBecause.map { ", ignored: \($0)" } ?? ""
    return "\(instant) \(input.rawValue) \(event) (\(role.rawValue)\(ignored))"
  }

}

/// Every input of an intro with its time and role, and the outcome: "why did the intro end?", for tests,
/// logs and the demo. ``diagram(frame:width:)`` draws it as a marble diagram, one lane per input.
public struct IntroTrace: Sendable, Hashable, CustomStringConvertible {
  /// The instant of `start` (the diagram's frame zero).
  public var start: SignalInstant
  /// The entries, in the order they happened.
  public var entries: [IntroTraceEntry]
  /// The outcome, once decided.
  public var outcome: IntroOutcome.Kind?
  /// When the outcome was decided.
  public var decidedAt: SignalInstant?

  /// A trace; coordinators make them, tests may too.
  public init(
    start: SignalInstant = .zero, entries: [IntroTraceEntry] = [], outcome: IntroOutcome.Kind? = nil,
    decidedAt: SignalInstant? = nil
  ) {
    self.start = start
    self.entries = entries
    self.outcome = outcome
    self.decidedAt = decidedAt
  }

  /// The entries of `input`.
  public func entries(of input: IntroTraceEntry.Input) -> [IntroTraceEntry] {
    entries.filter { $0.input == input }
  }

  /// The entries that decided the outcome.
  public var deciding: [IntroTraceEntry] { entries.filter { $0.role == .decided } }

  /// One line per entry, then the outcome.
  public var description: String {
    var lines = entries.map(\.description)
    if let outcome, let decidedAt { lines.append("\(decidedAt) outcome: \(outcome.rawValue)") }
    return lines.joined(separator: "\n")
  }
}
