import Signals

/// Draws a `SignalTimeline` as an SVG picture: a time axis in seconds, one lane per row with its marks
/// at their exact instants, and the timeline's legend under them. For docs and bug reports.
///
/// Values are marbles with their symbol (small dots where they are too close together to read), `|` a
/// bar, `#` a cross; a mark whose label says it decided the outcome gets a ring. The output depends only
/// on the timeline, so a committed picture can be checked against a fresh one byte for byte.
package struct TimelineSVG: Sendable {
  /// The picture's title, over the lanes.
  package var title: String
  /// Lines under the legend (the outcome, say).
  package var footer: [String]
  /// The width of one frame of the timeline, in pixels.
  package var pixelsPerFrame = 20

  /// A picture titled `title`, with `footer` lines under the legend.
  package init(title: String, footer: [String] = []) {
    self.title = title
    self.footer = footer
  }

  private static let background = "#1e1b4b"
  private static let text = "#e0e7ff"
  private static let dim = "#8b87c9"
  private static let grid = "#312e81"
  private static let lane = "#6366f1"
  private static let marble = "#818cf8"
  private static let decided = "#fbbf24"
  private static let failure = "#f87171"
  private static let font = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace"

  /// The SVG document for `timeline`.
  package func render(_ timeline: SignalTimeline) -> String {
    let legend = Self.legend(of: timeline)
    // The axis: a tick and a grid line each second (or each 10 frames), up to the tick after the last mark.
    let framesPerSecond = Double(Duration.seconds(1) / timeline.frame)
    let step = framesPerSecond >= 2 ? framesPerSecond : 10
    let lastMark = timeline.lanes.flatMap(\.marks).map { Self.frames(of: $0.instant, in: timeline) }.max() ?? 0
    let frames = max(((lastMark + 1) / step).rounded(.up) * step, step)
    let nameWidth = (timeline.lanes.map(\.name.count).max() ?? 0) * 8 + 48
    let laneTop = 80
    let laneHeight = 40
    let axisLength = Int(frames * Double(pixelsPerFrame))
    let textLines = [title] + legend + footer
    let width = max(nameWidth + axisLength + 40, (textLines.map(\.count).max() ?? 0) * 8 + 48)
    let legendTop = laneTop + timeline.lanes.count * laneHeight + 20
    let height = legendTop + (legend.count + footer.count) * 18 + 24
    let x = { (time: Double) in Double(nameWidth) + time * Double(self.pixelsPerFrame) }

    var svg: [String] = []
    svg.append(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\" font-family=\"\(Self.font)\" font-size=\"13\">")
    svg.append("<rect width=\"\(width)\" height=\"\(height)\" rx=\"10\" fill=\"\(Self.background)\"/>")
    svg.append(Self.textElement(title, x: 24, y: 32, fill: Self.text, extra: " font-weight=\"bold\""))

    var tick = 0.0
    let gridBottom = laneTop + timeline.lanes.count * laneHeight - 10
    while tick <= frames + 0.5 {
      let position = Self.number(x(tick))
      svg.append(
        "<line x1=\"\(position)\" y1=\"58\" x2=\"\(position)\" y2=\"\(gridBottom)\" stroke=\"\(Self.grid)\"/>")
      let seconds = SignalTimeline.text(of: timeline.frame * Int(tick.rounded()))
      svg.append(Self.textElement(seconds, x: x(tick), y: 52, fill: Self.dim, extra: " text-anchor=\"middle\""))
      tick += step
    }

    for (index, lane) in timeline.lanes.enumerated() {
      let y = Double(laneTop + index * laneHeight + 10)
      svg.append(Self.textElement(lane.name, x: 24, y: y + 4, fill: Self.text))
      let ends = lane.marks.last.map { $0.kind.isEnd } ?? false
      let end = ends ? x(Self.frames(of: lane.marks.last!.instant, in: timeline)) : x(frames)
      svg.append(
        "<line x1=\"\(Self.number(x(0)))\" y1=\"\(Self.number(y))\" x2=\"\(Self.number(end))\" y2=\"\(Self.number(y))\" "
          + "stroke=\"\(Self.lane)\" stroke-width=\"2\"/>")
      let times = lane.marks.map { Self.frames(of: $0.instant, in: timeline) }
      let closest = zip(times, times.dropFirst()).map { abs($1 - $0) }.filter { $0 > 0 }.min() ?? .infinity
      let isDense = closest * Double(pixelsPerFrame) < 24
      for (index, (mark, time)) in zip(lane.marks, times).enumerated() {
        // An end at the instant of a value is drawn just after its marble.
        let followsValue =
          mark.kind.isEnd && index > 0 && times[index - 1] == time && !lane.marks[index - 1].kind.isEnd
        svg += Self.elements(of: mark, x: x(time) + (followsValue ? 14 : 0), y: y, dense: isDense)
      }
    }

    for (index, line) in (legend + footer).enumerated() {
      let fill = index < legend.count ? Self.dim : Self.text
      svg.append(Self.textElement(line, x: 24, y: Double(legendTop + index * 18 + 12), fill: fill))
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// The legend lines of `timeline` (what its text drawing puts under the lanes), unindented.
  static func legend(of timeline: SignalTimeline) -> [String] {
    timeline.rendered().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(timeline.lanes.count)
      .map { $0.drop { $0 == " " } }.map(String.init)
  }

  /// The frames from the origin to `instant` (fractional).
  static func frames(of instant: SignalInstant, in timeline: SignalTimeline) -> Double {
    (instant - timeline.origin) / timeline.frame
  }

  /// The SVG elements of one mark at `x`, `y`.
  static func elements(of mark: SignalTimeline.Mark, x: Double, y: Double, dense: Bool) -> [String] {
    let cx = number(x)
    let cy = number(y)
    let decides = mark.label?.contains("(decided)") == true
    var elements: [String] = []
    switch mark.kind {
    case .value(let symbol):
      if dense && !decides {
        elements.append("<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"4\" fill=\"\(marble)\"/>")
      } else {
        if decides {
          elements.append(
            "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"14\" fill=\"none\" stroke=\"\(decided)\" stroke-width=\"2\"/>")
        }
        elements.append("<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"10\" fill=\"\(decides ? decided : marble)\"/>")
        elements.append(
          textElement(
            String(symbol), x: x, y: y + 4, fill: background,
            extra: " text-anchor=\"middle\" font-weight=\"bold\""))
      }
    case .finished:
      elements.append(
        "<line x1=\"\(cx)\" y1=\"\(number(y - 11))\" x2=\"\(cx)\" y2=\"\(number(y + 11))\" stroke=\"\(text)\" "
          + "stroke-width=\"3\"/>")
    case .failed:
      for (dx, dy) in [(-7.0, -7.0), (-7.0, 7.0)] {
        elements.append(
          "<line x1=\"\(number(x + dx))\" y1=\"\(number(y + dy))\" x2=\"\(number(x - dx))\" y2=\"\(number(y - dy))\" "
            + "stroke=\"\(failure)\" stroke-width=\"3\"/>")
      }
    case .subscribed, .unsubscribed:
      elements.append(
        textElement(String(mark.kind.symbol), x: x, y: y + 4, fill: text, extra: " text-anchor=\"middle\""))
    }
    return elements
  }

  static func textElement(_ content: String, x: Double, y: Double, fill: String, extra: String = "") -> String {
    "<text x=\"\(number(x))\" y=\"\(number(y))\" fill=\"\(fill)\"\(extra) xml:space=\"preserve\">\(escaped(content))</text>"
  }

  /// `value` with at most one decimal: `12`, `12.5`.
  static func number(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
  }

  /// `text` with XML's special characters escaped.
  static func escaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
