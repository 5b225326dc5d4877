#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A terminal's size in columns and rows.
package struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
  /// The number of columns.
  package var columns: Int
  /// The number of rows.
  package var rows: Int

  /// A size.
  package init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// `80×24`.
  package var description: String { "\(columns)×\(rows)" }

  /// The size when nothing says otherwise.
  package static let fallback = TerminalSize(columns: 80, rows: 24)

  /// The size of the terminal on `descriptor` (`ioctl(TIOCGWINSZ)`), or `nil` when it is not a terminal
  /// or reports no size.
  package static func of(descriptor: Int32) -> TerminalSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// The size from `COLUMNS` and `LINES`, when both are positive numbers.
  package static func of(environment: [String: String]) -> TerminalSize? {
    guard let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0,
      let rows = environment["LINES"].flatMap({ Int($0) }), rows > 0
    else { return nil }
    return TerminalSize(columns: columns, rows: rows)
  }
}
