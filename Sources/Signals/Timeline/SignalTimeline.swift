/// Lanes of labelled instants, drawn as marble diagrams at a frame: what happened, and when.
///
/// Each ``Lane`` has a name and ``Mark``s: an instant on a scheduler's timeline and what happened then —
/// a value drawn as its one-character symbol, `|` finished, `#` failed, `^` subscribed, `!` unsubscribed.
/// Frame `n` is the instant `origin + n × frame`, drawn as the `n`-th character of a lane (`-` when
/// nothing happened). Marks in one frame are drawn as a group, `(ab)`, in the order of the lane. Lane names
/// are aligned, and so are the lanes' frames: when another lane has a group, a shorter cell is padded
/// with spaces (which a marble diagram ignores). Lanes are drawn up to the last mark of any lane; a lane
/// that ended (`|`, `#`, `!`) stops there.
///
/// Under the lanes, the legend lists what a label says a symbol stands for (once per lane), and every
/// mark that is not on the frame grid: such a mark is drawn in the frame it falls in (the earlier one)
/// and listed with its exact instant, so no time is lost to the drawing.
///
/// ```swift
/// let s = { (seconds: Double) in SignalInstant(offset: .seconds(seconds)) }
/// let timeline = SignalTimeline(
///   frame: .milliseconds(500),
///   lanes: [
///     SignalTimeline.Lane("trigger", marks: [.value("t", at: s(2.6), label: "end trigger")]),
///     SignalTimeline.Lane("content", marks: [.value("c", at: s(1), label: "content ready")]),
///     SignalTimeline.Lane("outcome", marks: [.value("o", at: s(2.6), label: "completed"), .finished(at: s(2.6))]),
///   ])
/// print(timeline)
/// // trigger  -----t
/// // content  --c---
/// // outcome  -----(o|)
/// //   trigger: t = end trigger, at 2.6 s
/// //   content: c = content ready
/// //   outcome: o = completed, at 2.6 s
/// //   outcome: | at 2.6 s
/// ```
///
/// **Width.** ``rendered(width:)`` keeps every lane within a number of columns (a terminal's 80, say):
/// when the lanes are too long at ``frame``, it draws them at the first coarser frame that fits, out of
/// 2, 5, 10, 20, 50, … times ``frame`` (marks that leave the coarser grid go to the legend with their
/// exact instants), and says so under the legend (`1 frame = 0.5 s, to fit 80 columns`). If no frame fits
/// (too many marks in one group), it draws the narrowest and cuts each lane at the width, ending it with
/// `…`. The legend is never cut.
///
/// Times in the legend are the marks' instants on the scheduler's timeline, in seconds, rounded to the
/// nanosecond (`2.65 s`). Whether a mark is on the grid is exact: `.seconds(2.6)` (a `Double`, 128
/// attoseconds more than 2.6 s) is not on a 100 ms grid, where `.milliseconds(2600)` is.
public struct SignalTimeline: Sendable, Hashable, CustomStringConvertible {
  /// The duration of one frame (one character of a lane).
  ///
  /// - Precondition: positive, when the timeline is drawn.
  public var frame: Duration
  /// The instant of frame zero.
  public var origin: SignalInstant
  /// The lanes, drawn top to bottom.
  public var lanes: [Lane]

  /// A timeline of `lanes` drawn at `frame`, frame zero being `origin`.
  ///
  /// - Precondition: `frame` is positive.
  public init(frame: Duration, origin: SignalInstant = .zero, lanes: [Lane] = []) {
    if let problem = Self.problem(frame: frame) { preconditionFailure(problem) }
    self.frame = frame
    self.origin = origin
    self.lanes = lanes
  }

  /// Why `frame` cannot be a timeline's frame, or `nil` when it can. Backs the preconditions.
  package static func problem(frame: Duration) -> String? {
    guard frame <= .zero else { return nil }
    return "Signals: a timeline frame must be a positive duration, got \(frame)"
  }

  /// The frame `instant` falls in (the earlier one when it is between two), and whether it is exactly on it.
  public func frame(of instant: SignalInstant) -> (frame: Int, isExact: Bool) {
    Self.position(of: instant, origin: origin, frame: frame)
  }

  /// `lane` alone as a marble diagram: no name, no legend, from frame zero to its last mark.
  ///
  /// A mark before ``origin`` is drawn in frame zero. An empty lane is the empty string.
  ///
  /// ```swift
  /// let timeline = SignalTimeline(frame: .seconds(1))
  /// let lane = SignalTimeline.Lane("", marks: [.value("a", at: SignalInstant(offset: .seconds(2))), .finished(at: SignalInstant(offset: .seconds(2)))])
  /// // timeline.marbles(of: lane) == "--(a|)"
  /// ```
  public func marbles(of lane: Lane) -> String {
    cells(of: lane).joined()
  }

  /// The lanes, names aligned, and the legend under them; within `width` columns when it is given (see
  /// the type's discussion).
  ///
  /// - Precondition: `width`, when given, is at least 1; ``frame`` is positive.
  public func rendered(width: Int? = nil) -> String {
    if let problem = Self.problem(frame: frame) { preconditionFailure(problem) }
    guard let width else { return layout(frame: frame).text }
    precondition(width >= 1, "Signals: SignalTimeline.rendered(width: \(width)): the width must be at least 1")
    var narrowest: Layout?
    for factor in coarseningFactors() {
      let layout = layout(frame: frame * factor)
      if layout.widest <= width {
        guard factor > 1 else { return layout.text }
        return layout.text + "\n  1 frame = \(Self.text(of: layout.frame)), to fit \(width) columns"
      }
      if layout.widest < narrowest?.widest ?? .max { narrowest = layout }
    }
    var cut = narrowest!
    cut.rows = cut.rows.map { $0.count <= width ? $0 : String($0.prefix(width - 1)) + "…" }
    return cut.text + "\n  1 frame = \(Self.text(of: cut.frame)); lanes cut at \(width) columns"
  }

  /// ``rendered(width:)`` without a width limit.
  public var description: String { rendered() }
}
