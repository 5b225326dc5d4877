import Signals

/// An ``IntroHistoryStore`` held in memory: for tests and previews, seeded with any history.
///
/// It can also stand in for a faulty store: a `readFault` makes every read come back never shown with that
/// diagnostic, and a `writeFault` makes every write fail with it (the stored history unchanged). ``writes``
/// lists every write asked of it, so a test can check that a launch that did not show the intro recorded
/// nothing.
///
/// ```swift
/// import Intro
///
/// let store = InMemoryIntroHistoryStore(.shown(version: "1.0"))
/// store.write(.shown(version: "1.1")) { print($0) }
/// print(store.read().history)  // shown in "1.1"
/// print(store.writes.count)  // 1
/// ```
public final class InMemoryIntroHistoryStore: IntroHistoryStore {
  private struct State {
    var history: IntroHistory
    var writes: [IntroHistory] = []
  }

  private let state: Locked<State>
  private let readFault: IntroHistoryDiagnostic?
  private let writeFault: IntroHistoryDiagnostic?

  /// A store holding `history`, optionally failing every read or every write with the given diagnostic.
  public init(
    _ history: IntroHistory = .neverShown,
    readFault: IntroHistoryDiagnostic? = nil,
    writeFault: IntroHistoryDiagnostic? = nil
  ) {
    state = Locked(State(history: history))
    self.readFault = readFault
    self.writeFault = writeFault
  }

  /// The history stored now (what a read would find without a read fault).
  public var history: IntroHistory { state.withLock { $0.history } }

  /// Every history written to the store, in order, including writes that failed with the write fault.
  public var writes: [IntroHistory] { state.withLock { $0.writes } }

  /// The stored history, or never shown with the read fault.
  public func read() -> IntroHistoryReading {
    if let readFault { return IntroHistoryReading(fault: readFault) }
    return IntroHistoryReading(history: history)
  }

  /// Stores `history` at once, or reports the write fault before returning.
  public func write(_ history: IntroHistory, onFailure: @escaping @Sendable (IntroHistoryDiagnostic) -> Void) {
    let failed = writeFault != nil
    state.withLock { state in
      state.writes.append(history)
      if !failed { state.history = history }
    }
    if let writeFault { onFailure(writeFault) }
  }
}
