import Signals

extension IntroTrace {
  /// The trace as a `SignalTimeline`: one lane per input that did something, in a fixed order, then
  /// the outcome's lane; frame zero is `start`.
  ///
  /// Symbols: `a` the asset loaded, `t` the end trigger, `p` a playback value (labelled in the legend
  /// when there are few), `L` the length, `c` the content ready, `x` a tap, `1`/`0` the
  /// app active/inactive, `M` the minimum time, `G` the grace period, `T` the timeout, `d` a history
  /// diagnostic, `?` what the intro still waited for when it timed out; `|` finished, `#` failed. The legend says which entry decided, which lost a tie, which
  /// were ignored and why, and which came after the outcome. On the outcome lane, `o` is the outcome,
  /// labelled with its reason.
  public func timeline(frame: Duration = .milliseconds(100)) -> SignalTimeline {
    var lanes: [SignalTimeline.Lane] = []
    for input in IntroTraceEntry.Input.allCases {
      let entries = self.entries(of: input)
      guard !entries.isEmpty else { continue }
      let values = entries.compactMap { entry in if case .value(let label) = entry.event { label } else { nil } }
      let labelsValues = input != .playback || Set(values).count <= 8
      lanes.append(
        SignalTimeline.Lane(input.rawValue, marks: entries.map { Self.mark(of: $0, labelsValues: labelsValues) }))
    }
    if let outcome, let decidedAt {
      lanes.append(SignalTimeline.Lane("outcome", marks: [.value("o", at: decidedAt, label: outcome.rawValue)]))
    }
    return SignalTimeline(frame: frame, origin: start, lanes: lanes)
  }

  /// The trace drawn as a marble diagram (see ``timeline(frame:)``), within `width` columns if given.
  ///
  /// ```swift
  /// let trace = IntroTrace(
  ///   entries: [
  ///     IntroTraceEntry(input: .content, event: .value(""), instant: SignalInstant(offset: .seconds(1))),
  ///     IntroTraceEntry(
  ///       input: .length, event: .reached, instant: SignalInstant(offset: .milliseconds(2600)), role: .decided),
  ///   ],
  ///   outcome: .finished, decidedAt: SignalInstant(offset: .milliseconds(2600)))
  /// print(trace.diagram())
  /// // length   --------------------------L
  /// // content  ----------c----------------
  /// // outcome  --------------------------o
  /// //   length: L = reached (decided)
  /// //   content: c = value
  /// //   outcome: o = finished
  /// ```
  public func diagram(frame: Duration = .milliseconds(100), width: Int? = nil) -> String {
    timeline(frame: frame).rendered(width: width)
  }

  private static func mark(of entry: IntroTraceEntry, labelsValues: Bool) -> SignalTimeline.Mark {
    var label = "\(entry.event)"
    if entry.role != .beforeOutcome { label += " (\(entry.role.rawValue))" }
    if let why = entry.ignoredBecause { label += " (ignored: \(why))" }
    switch entry.event {
    case .finished: return .finished(at: entry.instant, label: label)
    case .failed: return .failed(at: entry.instant, label: label)
    case .value:
      let isPlain = entry.role == .beforeOutcome && entry.ignoredBecause == nil
      return .value(symbol(of: entry), at: entry.instant, label: labelsValues || !isPlain ? label : nil)
    case .reached, .diagnostic:
      return .value(symbol(of: entry), at: entry.instant, label: label)
    }
  }

  private static func symbol(of entry: IntroTraceEntry) -> Character {
    if case .diagnostic = entry.event, entry.input != .history { return "?" }
    return switch entry.input {
    case .asset: "a"
    case .trigger: "t"
    case .playback: "p"
    case .length: "L"
    case .content: "c"
    case .tap: "x"
    case .active: entry.event == .value("false") ? "0" : "1"
    case .minimum: "M"
    case .grace: "G"
    case .timeout: "T"
    case .history: "d"
    }
  }
}
