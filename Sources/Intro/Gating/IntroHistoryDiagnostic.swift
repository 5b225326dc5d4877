/// Why an ``IntroHistoryStore`` could not read or write the intro's history: a fault reported, never thrown.
///
/// A store never throws at the app and never crashes on bad data. A source it cannot read counts as
/// ``IntroHistory/neverShown`` (so the intro shows, which is better than hiding it forever) and comes back with
/// a diagnostic in ``IntroHistoryReading/diagnostic``; a failed write is passed to the handler of
/// ``IntroHistoryStore/write(_:onFailure:)``. Its ``message`` is one line that names the store's source (a
/// file's path, or a `UserDefaults` suite and key) and the cause, ready for a trace or a log:
///
/// ```swift
/// import Intro
///
/// let diagnostic = IntroHistoryDiagnostic(
///   kind: .corrupt, source: "/tmp/intro-history.json", cause: "not valid JSON")
/// print(diagnostic)
/// // intro history corrupt at /tmp/intro-history.json: not valid JSON; counted as never shown
/// ```
public struct IntroHistoryDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// The kind of fault.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The source exists but could not be read: a directory where the file should be, a path under a
    /// regular file, no permission, or a `UserDefaults` suite that could not be opened.
    case unreadable
    /// The source was read but does not hold a history: truncated or invalid JSON, JSON of another shape, or
    /// a `UserDefaults` value of the wrong type.
    case corrupt
    /// A history file in a format version this build does not read (written by a newer app, say).
    case unsupportedFormat
    /// Writing the history failed; the stored history is unchanged.
    case writeFailed
  }

  /// The kind of fault.
  public let kind: Kind
  /// Where the history lives: a file's path, or a `UserDefaults` suite and key.
  public let source: String
  /// What went wrong, as a short phrase: `is a directory, not a file`.
  public let cause: String

  /// Makes a diagnostic (custom stores report their faults with one). Line breaks in `source` and `cause`
  /// become spaces, so the ``message`` stays on one line.
  public init(kind: Kind, source: String, cause: String) {
    self.kind = kind
    self.source = Self.oneLine(source)
    self.cause = Self.oneLine(cause)
  }

  /// One line naming the kind, the source and the cause; a read fault adds that it counted as never shown.
  public var message: String {
    switch kind {
    case .unreadable: "intro history unreadable at \(source): \(cause); counted as never shown"
    case .corrupt: "intro history corrupt at \(source): \(cause); counted as never shown"
    case .unsupportedFormat: "intro history in an unsupported format at \(source): \(cause); counted as never shown"
    case .writeFailed: "intro history not written at \(source): \(cause)"
    }
  }

  /// The ``message``.
  public var description: String { message }

  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }
}
