import Signals

extension IntroDecision {
  /// Appends an entry; after the outcome only the first ``entriesKeptAfterOutcome``. True when this one
  /// was the last kept: the inputs are released. A failure is recorded undescribed (see
  /// ``describeFailures()``).
  mutating func record(
    _ input: IntroTraceEntry.Input, _ event: IntroTraceEntry.Event, at instant: SignalInstant,
    failure: (any Error)? = nil, ignoredBecause: String? = nil, decides rule: Rule? = nil
  ) -> Bool {
    let afterOutcome = outcome != nil
    if afterOutcome {
      guard entriesAfterOutcome < Self.entriesKeptAfterOutcome else { return false }
      entriesAfterOutcome += 1
    }
    if let failure { undescribed.append((trace.entries.count, failure)) }
    trace.entries.append(
      IntroTraceEntry(
        input: input, event: event, instant: instant, role: afterOutcome ? .afterOutcome : .beforeOutcome,
        ignoredBecause: ignoredBecause))
    rules.append(afterOutcome ? nil : rule)
    return afterOutcome && entriesAfterOutcome == Self.entriesKeptAfterOutcome
  }

  /// `input`, awaited from `source` when the intro timed out at `instant`: recorded in the trace as a
  /// diagnostic, whose text is written when the trace is read.
  mutating func awaiting(_ input: IntroTraceEntry.Input, _ source: Source, at instant: SignalInstant) -> Awaited {
    // Only an app's call with nothing else to end it (no fallback) is worth a warning when it never came.
    let callAlone = source.isCall && source.fallback == nil
    let neverCalled = callAlone && !trace.entries.contains { $0.input == input }
    let entry = trace.entries.count
    _ = record(input, .diagnostic(""), at: instant)
    return Awaited(input: input, source: source, neverCalled: neverCalled, entry: entry)
  }

  /// Describes the failures in the trace not described yet, and what a timeout waited for: when the trace
  /// is read, not when it is written (describing an error runs its code, and a trace nobody reads never
  /// needs it).
  mutating func describeFailures() {
    for (entry, error) in undescribed { trace.entries[entry].event = .failed(String(describing: error)) }
    undescribed = []
    if let awaited = awaitedAtTimeout.animation { describe(awaited) }
    if let awaited = awaitedAtTimeout.content { describe(awaited) }
  }

  private mutating func describe(_ awaited: Awaited) {
    guard trace.entries[awaited.entry].event == .diagnostic("") else { return }  // described already
    trace.entries[awaited.entry].event = .diagnostic("timed out waiting for \(awaited.source)")
  }
}

extension Event where Output == any Sendable, Failure == any Error {
  /// As the trace writes it: a value described (`""` for an app's call, `true` or `false` for a flag), a
  /// finish, a failure (described when the trace is read).
  var traced: IntroTraceEntry.Event {
    switch self {
    case .value(let value): .value(type(of: value) == Void.self ? "" : String(describing: value))
    case .finished: .finished
    case .failed: .failed("")
    }
  }
}
