// How a `SignalTimeline` is laid out: cells per frame, aligned lanes, the legend, coarser frames.
// `package` pieces are shared with `SignalsTesting`, whose recordings and mismatches draw through them.

extension SignalTimeline {
  /// A drawing at one frame: the lane rows (names included) and the legend lines.
  struct Layout {
    var rows: [String]
    var legend: [String]
    var frame: Duration

    /// The longest row, in characters.
    var widest: Int { rows.map(\.count).max() ?? 0 }

    var text: String { (rows + legend).joined(separator: "\n") }
  }

  /// The frame of `instant` at `frame` from `origin` (the earlier one between two), and whether it is exact.
  static func position(of instant: SignalInstant, origin: SignalInstant, frame: Duration) -> (frame: Int, isExact: Bool)
  {
    let offset = instant - origin
    let nearest = Int((offset / frame).rounded())
    if frame * nearest == offset { return (nearest, true) }
    return (Int((offset / frame).rounded(.down)), false)
  }

  /// One cell per frame of `lane` at `frame` (``frame`` when `nil`), from frame zero to its last mark:
  /// `-`, a symbol, or a group `(ab)`. A mark before the origin is drawn in frame zero.
  package func cells(of lane: Lane, frame: Duration? = nil) -> [String] {
    grid(of: lane, frame: frame ?? self.frame).cells
  }

  /// The cells of `lane`, and whether its last mark ends it (`|`, `#`, `!`).
  private func grid(of lane: Lane, frame: Duration) -> (cells: [String], ended: Bool) {
    var byFrame: [Int: [Character]] = [:]
    var last = -1
    var ended = false
    for mark in lane.marks {
      let n = max(Self.position(of: mark.instant, origin: origin, frame: frame).frame, 0)
      byFrame[n, default: []].append(mark.kind.symbol)
      if n >= last { ended = mark.kind.isEnd }
      last = max(last, n)
    }
    guard last >= 0 else { return ([], false) }
    let cells = (0...last).map { n -> String in
      guard let symbols = byFrame[n] else { return "-" }
      return symbols.count == 1 ? String(symbols[0]) : "(" + String(symbols) + ")"
    }
    return (cells, ended)
  }

  /// Rows of cells padded with spaces so that each frame starts in the same column in every row. A row
  /// is not padded past its own last cell, and trailing spaces are trimmed.
  package static func align(_ rows: [[String]]) -> [String] {
    var lines = Array(repeating: "", count: rows.count)
    let count = rows.map(\.count).max() ?? 0
    for index in 0..<count {
      let width = rows.map { index < $0.count ? $0[index].count : 0 }.max() ?? 0
      for (row, cells) in rows.enumerated() where index < cells.count {
        lines[row] += cells[index] + String(repeating: " ", count: width - cells[index].count)
      }
    }
    return lines.map(Self.trimmingTrailingSpaces)
  }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }

  /// The whole drawing at `frame`.
  func layout(frame: Duration) -> Layout {
    var grids = lanes.map { grid(of: $0, frame: frame) }
    let total = grids.map(\.cells.count).max() ?? 0
    for index in grids.indices where !grids[index].ended {
      grids[index].cells += Array(repeating: "-", count: total - grids[index].cells.count)
    }
    let nameWidth = lanes.map(\.name.count).max() ?? 0
    let rows = zip(lanes, Self.align(grids.map(\.cells))).map { lane, row in
      guard nameWidth > 0 else { return row }
      let name = lane.name + String(repeating: " ", count: nameWidth - lane.name.count + 2)
      return Self.trimmingTrailingSpaces(name + row)
    }
    return Layout(rows: rows, legend: legend(frame: frame), frame: frame)
  }

  /// A line per mark off the grid at `frame` (with its instant), and per distinct label of a lane.
  private func legend(frame: Duration) -> [String] {
    var lines: [String] = []
    var listed: Set<String> = []
    for lane in lanes {
      let prefix = "  " + (lane.name.isEmpty ? "" : lane.name + ": ")
      for mark in lane.marks {
        let (n, exact) = Self.position(of: mark.instant, origin: origin, frame: frame)
        let onGrid = exact && n >= 0
        guard !onGrid || mark.label != nil else { continue }
        var line = prefix + String(mark.kind.symbol)
        if let label = mark.label { line += " = " + label }
        if onGrid {
          if listed.insert(line).inserted { lines.append(line) }
        } else {
          line += (mark.label == nil ? " at " : ", at ") + Self.text(of: mark.instant.offset)
          lines.append(line)
        }
      }
    }
    return lines
  }

  /// 1, 2, 5, 10, 20, 50, … up to the first factor that puts every mark in frame zero.
  func coarseningFactors() -> [Int] {
    let lastFrame =
      lanes.lazy.flatMap(\.marks).map { Self.position(of: $0.instant, origin: origin, frame: frame).frame }.max() ?? 0
    var factors: [Int] = []
    var decade = 1
    while true {
      for step in [1, 2, 5] {
        let factor = step * decade
        factors.append(factor)
        if factor > lastFrame { return factors }
      }
      guard decade <= Int.max / 100 else { return factors }
      decade *= 10
    }
  }

  /// `duration` in seconds, rounded to the nanosecond, with as few digits as that takes: `2.65 s`, `0 s`,
  /// `-0.1 s`. (Rounded, so that `.seconds(2.6)`, which a `Double` makes 128 attoseconds longer, reads `2.6 s`.)
  package static func text(of duration: Duration) -> String {
    if duration < .zero { return "-" + text(of: .zero - duration) }
    var (seconds, attoseconds) = duration.components
    var nanoseconds = (attoseconds + 500_000_000) / 1_000_000_000
    if nanoseconds == 1_000_000_000 {
      seconds += 1
      nanoseconds = 0
    }
    guard nanoseconds != 0 else { return "\(seconds) s" }
    var fraction = String(nanoseconds)
    fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    return "\(seconds).\(fraction) s"
  }
}
