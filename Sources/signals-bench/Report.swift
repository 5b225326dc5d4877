/// Prints the results: a table by default, or one JSON object per line with `--json`.
struct Report {
  var json: Bool
  var quick: Bool
  var runs: Int
  var clock: TimingClock

  private static let columns: [(title: String, width: Int)] = [
    ("workload", 9), ("n", 11), ("signals ns", 13), ("baseline", 12), ("baseline ns", 13), ("ratio", 8),
    ("allocs/op", 10), ("bar", 0),
  ]

  func begin() {
    guard !json else { return }
    let sizes = quick ? "quick sizes (--quick: not comparable with the bars)" : "full sizes"
    let timing = clock == .wall ? "wall time" : "thread CPU time for W1–W5"
    print("signals-bench: \(sizes); median of \(runs) runs per side after a warm-up; \(timing)")
    print("figures are ns per operation (W6: lateness of the last tick in ns); ratio = signals / baseline\n")
    print(Self.line(Self.columns.map(\.title)))
  }

  func row(_ result: WorkloadResult, growth: Growth?) {
    if json {
      print(jsonLine(result, growth: growth))
      return
    }
    let decimals = result.figure == .nanoseconds ? 0 : 2
    let verdict = result.bar.map { bar in "\(bar.text): \(bar.isMet(by: result) ? "met" : "MISSED")" } ?? ""
    print(
      Self.line([
        result.name,
        Format.grouped(result.operations),
        Format.fixed(result.signalsNs, decimals: decimals),
        result.baselineName ?? "-",
        result.baselineNs.map { Format.fixed($0, decimals: decimals) } ?? "-",
        result.ratio.map { Format.fixed($0, decimals: $0 < 0.1 ? 4 : 2) } ?? "-",
        result.allocationsPerOperation.map { Format.fixed($0, decimals: 2) } ?? "-",
        verdict,
      ]))
    if let growth {
      print(
        "  W4 growth (ns per action, W4 / W4-10k): signals \(Format.fixed(growth.signals, decimals: 2))×,"
          + " heap \(Format.fixed(growth.baseline, decimals: 2))×; bar ≤ 1.25 × heap:"
          + " \(growth.isMet ? "met" : "MISSED")")
    }
  }

  func end(_ results: [String: WorkloadResult]) {
    guard !json else { return }
    print("")
    print("W6 baseline: a loop that sleeps 10 ms per tick; its figure is its own lateness.")
  }

  private func jsonLine(_ result: WorkloadResult, growth: Growth?) -> String {
    let decimals = result.figure == .nanoseconds ? 0 : 3
    var fields: [(String, String)] = [
      ("workload", "\"\(result.name)\""),
      ("n", "\(result.operations)"),
      ("signals_ns", Format.fixed(result.signalsNs, decimals: decimals)),
    ]
    if let baselineName = result.baselineName, let baselineNs = result.baselineNs {
      fields.append(("baseline", "\"\(baselineName)\""))
      fields.append(("baseline_ns", Format.fixed(baselineNs, decimals: decimals)))
    }
    if let ratio = result.ratio { fields.append(("ratio", Format.fixed(ratio, decimals: ratio < 0.1 ? 6 : 3))) }
    if let allocations = result.allocationsPerOperation {
      fields.append(("signals_allocs", Format.fixed(allocations, decimals: 4)))
    }
    if let growth {
      fields.append(("signals_growth", Format.fixed(growth.signals, decimals: 3)))
      fields.append(("baseline_growth", Format.fixed(growth.baseline, decimals: 3)))
    }
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  private static func line(_ cells: [String]) -> String {
    var text = ""
    for (cell, column) in zip(cells, columns) {
      text += cell
      if column.width > cell.count { text += String(repeating: " ", count: column.width - cell.count) }
      text += " "
    }
    while text.last == " " { text.removeLast() }
    return text
  }
}

/// Number formatting without Foundation.
enum Format {
  /// `value` rounded to `decimals` places, as plain decimal digits (valid JSON).
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e18 else { return String(Int(value.rounded())) }
    let units = Int(scaled)
    let sign = value < 0 && units != 0 ? "-" : ""
    let whole = units / Int(scale)
    guard decimals > 0 else { return sign + String(whole) }
    let fraction = String(units % Int(scale))
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }

  static func rounded(_ value: Double, decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return (value * scale).rounded() / scale
  }

  /// `1234567` as `1,234,567`.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
  }

  /// `2.5` as `2.5`, `10.0` as `10`.
  static func trimmed(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
