import Intro
import Signals

/// The coordinator's trace as the demo shows it: a marble diagram that fits the screen.
package enum DemoTraceText {
  /// One frame of the diagram: 0.1 s, the letter wave's tick.
  package static let frame = Duration.milliseconds(100)

  /// The entries up to the outcome, and the content's after it (the load the intro never cancels); other
  /// inputs after the outcome (the playback going on, keys) are left out.
  package static func shown(_ trace: IntroTrace) -> IntroTrace {
    var shown = trace
    shown.entries = trace.entries.filter { $0.role != .afterOutcome || $0.input == .content }
    return shown
  }

  /// The frames the diagram may be drawn at, finest first: 0.1 s, 0.2 s, 0.5 s, 1 s, 2 s, …
  static let frames: [Duration] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000].map { frame * $0 }

  /// The trace's timeline at `frame`; with `rounded`, every mark is moved to its nearest frame and, on
  /// each lane, marks of one symbol in one frame without a label are drawn once.
  ///
  /// On a real clock no input lands exactly on a frame, and a timeline lists every mark off its grid in
  /// the legend with its exact time: fifty lines for a letter wave. Rounded, the legend keeps only what
  /// the symbols mean; the exact times are the outcome's.
  package static func timeline(of trace: IntroTrace, frame: Duration = frame, rounded: Bool) -> SignalTimeline {
    var timeline = trace.timeline(frame: frame)
    guard rounded else { return timeline }
    for lane in timeline.lanes.indices {
      var marks: [SignalTimeline.Mark] = []
      var plain: Set<String> = []  // "frame symbol" of the plain marks kept
      for var mark in timeline.lanes[lane].marks {
        let frames = Int(((mark.instant - timeline.origin) / frame).rounded())
        mark.instant = timeline.origin + frame * frames
        if case .value(let symbol) = mark.kind, mark.label == nil {
          guard plain.insert("\(frames) \(symbol)").inserted else { continue }
        }
        marks.append(mark)
      }
      timeline.lanes[lane].marks = marks
    }
    return timeline
  }

  /// The trace as a marble diagram in lines of at most `width` columns (`nil`: no limit, at ``frame``).
  ///
  /// It is drawn at the finest of ``frames`` at which its lanes fit (else cut at the width); at any frame
  /// but ``frame``, and
  /// whenever `realTime`, rounded to it (see ``timeline(of:frame:rounded:)``), with a line saying so.
  /// Legend lines too long are wrapped at spaces, continued four columns further in.
  package static func lines(of trace: IntroTrace, width: Int?, realTime: Bool) -> [String] {
    guard let width = width.map({ max($0, 1) }) else {
      return split(timeline(of: trace, rounded: realTime).rendered())
    }
    var chosen = frame
    var lines: [String] = []
    for candidate in frames {
      chosen = candidate
      let timeline = timeline(of: trace, frame: candidate, rounded: realTime || candidate != frame)
      lines = split(timeline.rendered())
      if lines.prefix(timeline.lanes.count).allSatisfy({ $0.count <= width }) { break }
      // The coarsest frame and the lanes still too wide: the timeline cuts them.
      if candidate == frames.last { lines = split(timeline.rendered(width: width)) }
    }
    if chosen != frame {
      lines.append("  1 frame = \(DemoFormat.seconds(chosen)), to fit \(width) columns; times rounded to it")
    }
    return lines.flatMap { wrap($0, width: width) }
  }

  private static func split(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// `line` in pieces of at most `width` characters, broken at spaces where it can be.
  package static func wrap(_ line: String, width: Int) -> [String] {
    guard line.count > width else { return [line] }
    let indent = String(repeating: " ", count: min(line.prefix { $0 == " " }.count + 4, width / 2))
    var pieces: [String] = []
    var rest = Substring(line)
    var prefix = ""
    while !rest.isEmpty {
      let room = width - prefix.count
      guard rest.count > room else {
        pieces.append(prefix + rest)
        break
      }
      // The last space within reach (a space just past it too), after the text has begun.
      let window = rest.prefix(room + 1)
      let textStart = window.firstIndex { $0 != " " } ?? window.endIndex
      let cut = window[textStart...].lastIndex(of: " ") ?? rest.index(rest.startIndex, offsetBy: room)
      var piece = prefix + rest[..<cut]
      while piece.last == " " { piece.removeLast() }
      pieces.append(piece)
      rest = rest[cut...].drop { $0 == " " }
      prefix = indent
    }
    return pieces
  }
}
