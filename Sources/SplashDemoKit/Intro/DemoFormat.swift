/// How the demo writes durations.
package enum DemoFormat {
  /// `duration` in seconds with as few digits as it takes, to the millisecond: `2.6 s`, `3 s`, `0.05 s`.
  package static func seconds(_ duration: Duration) -> String {
    let milliseconds = Int64(
      (Double(duration.components.seconds) * 1000
        + Double(duration.components.attoseconds) / 1e15).rounded())
    let sign = milliseconds < 0 ? "-" : ""
    let whole = abs(milliseconds) / 1000
    var fraction = String(abs(milliseconds) % 1000)
    guard fraction != "0" else { return "\(sign)\(whole) s" }
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    return "\(sign)\(whole).\(fraction) s"
  }

  /// `duration` in seconds with two decimals, for times measured on a real clock: `1.23 s`.
  package static func measured(_ duration: Duration) -> String {
    let centiseconds = Int64(
      (Double(duration.components.seconds) * 100
        + Double(duration.components.attoseconds) / 1e16).rounded())
    let sign = centiseconds < 0 ? "-" : ""
    let fraction = String(abs(centiseconds) % 100)
    return "\(sign)\(abs(centiseconds) / 100).\(String(repeating: "0", count: 2 - fraction.count))\(fraction) s"
  }
}
