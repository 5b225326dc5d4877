import Foundation

/// What one run of the check found, and what it checked.
///
/// ``exitCode`` follows one rule: 2 when the check could not read what it needs (bad input, an
/// ambiguous app), else 1 when there is an error, else 0 (warnings and notes alone).
package struct SplashReport: Sendable, Equatable {
  /// Every finding, in the order the check made them.
  package var findings: [Finding]
  /// What was checked, for the summary line: the app's Info.plist and, with a project, its target.
  package var checked: String?

  /// A report of `findings` about `checked`.
  package init(findings: [Finding], checked: String? = nil) {
    self.findings = findings
    self.checked = checked
  }

  /// 2 (unreadable input or an ambiguous app) beats 1 (an error) beats 0.
  package var exitCode: Int32 {
    if findings.contains(where: { $0.kind.isInputProblem }) { return 2 }
    return findings.contains { $0.severity == .error } ? 1 : 0
  }

  /// How many findings have `severity`.
  package func count(_ severity: Finding.Severity) -> Int {
    findings.filter { $0.severity == severity }.count
  }

  /// The summary line: `splash-check: 1 error, 2 warnings, 0 notes (checked …)`.
  package var summary: String {
    func counted(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    let counts = [
      counted(count(.error), "error"), counted(count(.warning), "warning"), counted(count(.note), "note"),
    ]
    .joined(separator: ", ")
    return "splash-check: \(counts)" + (checked.map { " (checked \($0))" } ?? "")
  }

  /// One line per finding, then the summary line.
  package var text: String {
    (findings.map(\.line) + [summary]).joined(separator: "\n") + "\n"
  }

  /// The report as JSON for tools: `findings` (each with `severity`, `kind`, `file`, `keyPath`,
  /// `message`), `summary` counts, `checked` and `exitCode`, with sorted keys.
  package var json: String {
    struct Counts: Encodable {
      let errors: Int
      let warnings: Int
      let notes: Int
    }
    struct Document: Encodable {
      let checked: String?
      let exitCode: Int32
      let findings: [Finding]
      let summary: Counts
    }
    let document = Document(
      checked: checked, exitCode: exitCode, findings: findings,
      summary: Counts(errors: count(.error), warnings: count(.warning), notes: count(.note)))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings and integers cannot fail.
    let data = try! encoder.encode(document)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
