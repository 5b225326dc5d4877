import Foundation
import Intro
import Signals

/// A fresh directory under the system's temporary directory, removed when `body` returns or throws.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("IntroTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try body(directory)
}

/// A `UserDefaults` suite of its own, removed (with its file) when `body` returns or throws.
func withTemporarySuite<Result>(_ body: (String) throws -> Result) rethrows -> Result {
  let suiteName = "IntroTests.\(UUID().uuidString)"
  defer { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
  return try body(suiteName)
}

/// Writes `text` to `url` as UTF-8.
func writeFile(_ text: String, to url: URL) throws {
  try Data(text.utf8).write(to: url)
}

/// Collects the failures a store reports, from any thread.
final class DiagnosticLog: Sendable {
  private let entries = Locked<[IntroHistoryDiagnostic]>([])

  /// A handler for `write(_:onFailure:)`.
  var record: @Sendable (IntroHistoryDiagnostic) -> Void {
    { [entries] diagnostic in entries.withLock { $0.append(diagnostic) } }
  }

  var all: [IntroHistoryDiagnostic] { entries.withLock { $0 } }
}

extension IntroHistoryStore {
  /// Writes `history` and returns the failures reported once the write has finished.
  func writeAndFlush(_ history: IntroHistory) -> [IntroHistoryDiagnostic] {
    let log = DiagnosticLog()
    write(history, onFailure: log.record)
    flush()
    return log.all
  }
}
