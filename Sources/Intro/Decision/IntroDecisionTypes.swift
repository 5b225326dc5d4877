import Signals

extension IntroDecision {
  /// What the configuration says, as far as the rules are concerned.
  struct Settings: Sendable {
    var hasAsset = false
    var hasContent = false
    /// The content is ready at its first `true` (a `Bool` signal), not at any value.
    var contentReadyWhenTrue = false
    /// The animation's fixed or fallback length, from its start.
    var length: Duration?
    var minimum = Duration.zero
    var grace = Duration.zero
    var timeout: Duration
    /// Whether a skip can end the intro (the skip policy is not ``IntroSkipPolicy/never``).
    var skipAllowed = true
    /// What the intro waits for, for a timeout's diagnostics: the asset's load, the animation's end, the
    /// content.
    var asset = Source.call("animationLoaded()")
    var end = Source.call("animationEnded()")
    var content = Source.call("contentReady()")
    /// Whether the animation's end comes from a playback (its lane in the trace) rather than a trigger.
    var endsWithPlayback = false
  }

  /// Where an input comes from, in the app's words: one of the coordinator's methods the app calls
  /// (`animationLoaded()`), or a source the configuration holds (`the content's task`), or else a fallback
  /// length. Its parts are literals, so a configuration copies it as plain bytes: nothing is formatted (or
  /// allocated) until a diagnostic needs it.
  struct Source: CustomStringConvertible {
    var name: StaticString
    /// Whose source it is (`content`: "the content's task"), for a configured one.
    var owner: StaticString?
    var isCall: Bool
    var fallback: Duration?

    /// The app's call `name`, or `fallback` if there is one.
    static func call(_ name: StaticString, orFallback fallback: Duration? = nil) -> Source {
      Source(name: name, owner: nil, isCall: true, fallback: fallback)
    }

    /// The configured source `name` (of `owner`), or `fallback` if there is one.
    static func configured(
      _ name: StaticString, of owner: StaticString? = nil, orFallback fallback: Duration? = nil
    ) -> Source {
      Source(name: name, owner: owner, isCall: false, fallback: fallback)
    }

    /// `animationEnded() or the 2.6 seconds fallback length`, `the content's task`.
    var description: String {
      let named = owner.map { "the \($0)'s \(name)" } ?? "\(name)"
      return named + (fallback.map { " or the \($0) fallback length" } ?? "")
    }
  }

  /// An input still awaited when the timeout came: its lane, its source, and whether the app never made
  /// that call at all (a likely mistake, worth a warning).
  struct Awaited {
    var input: IntroTraceEntry.Input
    var source: Source
    var neverCalled: Bool
    /// The trace entry that says so (its text is written when the trace is read).
    var entry: Int
  }

  /// A rule an input can decide by: which entries at the decision's instant decided, which lost a tie.
  enum Rule: Sendable, Hashable {
    case contentFailure, animationFailure, skip, timeout
    /// The conditions of finishing: the animation ended, the content is ready, the minimum time passed.
    case animationEnded, contentReady, minimumReached
  }

  /// What the coordinator does once an input is in: nothing (it was only recorded); ask for a decision at
  /// the end of the instant and move the timer; start the animation (its asset loaded), then decide; or
  /// release the inputs (the last entry kept after the outcome).
  enum FollowUp: Equatable { case none, decide, startAnimation, releaseInputs }

  /// The clocks, in the trace's words, each counting active time: the length from the animation's start,
  /// the minimum time, the grace period and the timeout from `start`.
  static let clocks: [IntroTraceEntry.Input] = [.length, .minimum, .grace, .timeout]
  /// The rule reaching each clock can decide by (the grace period decides nothing).
  static let clockRules: [IntroTraceEntry.Input: Rule] = [
    .length: .animationEnded, .minimum: .minimumReached, .timeout: .timeout,
  ]

  /// How many entries the trace records after the outcome before the inputs are released.
  static let entriesKeptAfterOutcome = 64
}
