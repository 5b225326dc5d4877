/// What a synchronous read of an ``IntroHistoryStore`` found: a history, and a diagnostic when the source was
/// faulty.
///
/// A faulty source reads as ``IntroHistory/neverShown`` with a ``diagnostic``; a source that simply holds
/// nothing yet (a fresh install: no file, no key) reads as never shown without one.
public struct IntroHistoryReading: Sendable, Hashable {
  /// The history to decide with: ``IntroHistory/neverShown`` when the source was faulty.
  public let history: IntroHistory
  /// Why the source could not be read, or `nil` when it was read (or held nothing yet).
  public let diagnostic: IntroHistoryDiagnostic?

  /// A read that found `history`.
  public init(history: IntroHistory) {
    self.history = history
    self.diagnostic = nil
  }

  /// A read of a faulty source: never shown, with the diagnostic.
  public init(fault diagnostic: IntroHistoryDiagnostic) {
    self.history = .neverShown
    self.diagnostic = diagnostic
  }
}
