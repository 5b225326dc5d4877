import Signals

/// Every event a signal delivered during a marble test, with its virtual time.
///
/// Made by ``MarbleTest/record(_:frames:)``, ``MarbleTest/start(created:subscribed:cancelled:_:)`` or a
/// ``SignalRecorder``; renders back to a marble diagram with ``marbles(values:)``, and compares with an
/// event list in ticks through ``testEvents``:
///
/// ```swift
/// let test = MarbleTest(frame: .milliseconds(1))
/// let xs = test.hotInput([.value(150, 1), .value(210, 2), .finished(300)])
/// let results = test.start { xs.map { $0 + 1 } }
/// // results.testEvents == [.value(210, 3), .finished(300)]
/// // results.values == [3]
/// ```
///
/// It draws through `SignalTimeline`: ``lane(_:values:)`` makes it a lane of a larger timeline.
public struct MarbleRecording<Output: Sendable, Failure: Error>: Sendable {
  /// One recorded event and the virtual instant it was delivered at.
  public struct Entry: Sendable {
    /// When the event was delivered.
    public var time: SignalInstant
    /// The event.
    public var event: Event<Output, Failure>

    /// An entry for `event` at `time`.
    public init(time: SignalInstant, event: Event<Output, Failure>) {
      self.time = time
      self.event = event
    }
  }

  /// The events, in delivery order.
  public var events: [Entry]
  /// The instant of frame zero.
  public var origin: SignalInstant
  /// The duration of one frame.
  public var frame: Duration
  /// How ``marbles(values:)`` draws a group: in one frame, or, for RxJS, over as many frames as its
  /// characters (a recording of a `MarbleTest` made with `groupLength: .rxjs` draws RxJS's way).
  public var groupLength: MarbleDiagram.GroupLength

  /// A recording of `events`, with frames of `frame` counted from `origin`, groups drawn `groupLength`.
  public init(
    events: [Entry], origin: SignalInstant, frame: Duration, groupLength: MarbleDiagram.GroupLength = .oneFrame
  ) {
    self.events = events
    self.origin = origin
    self.frame = frame
    self.groupLength = groupLength
  }

  /// The events with their times as ticks of ``frame`` (instants for the times between two frames), to
  /// compare with an event list as in RxTest.
  ///
  /// ```swift
  /// let test = MarbleTest(frame: .milliseconds(1))
  /// let recording = test.start { test.coldInput([.value(0, "a"), .finished(50)]) }
  /// // recording.testEvents == [.value(200, "a"), .finished(250)]
  /// ```
  public var testEvents: [TestEvent<Output, Failure>] {
    let grid = TestGrid(frame: frame, origin: origin)
    return events.map { TestEvent(grid.time(of: $0.time), $0.event) }
  }

  /// The recording as a lane of a `SignalTimeline` called `name`, values drawn as `symbol` names them.
  public func lane(_ name: String, symbol: (Output) -> Character) -> SignalTimeline.Lane {
    SignalTimeline.Lane(
      name,
      marks: events.map { entry in
        switch entry.event {
        case .value(let value): return .value(symbol(value), at: entry.time)
        case .finished: return .finished(at: entry.time)
        case .failed: return .failed(at: entry.time)
        }
      })
  }

  /// The values, in order.
  public var values: [Output] { events.compactMap { $0.event.value } }

  /// How the signal ended, if it did.
  public var completion: SignalCompletion<Failure>? {
    events.lazy.compactMap { $0.event.completion }.first
  }

  /// The frame of `time`, and whether `time` falls exactly on it (not between two frames).
  public func frame(of time: SignalInstant) -> (frame: Int, isExact: Bool) {
    SignalTimeline(frame: frame, origin: origin).frame(of: time)
  }

  /// Renders the recording as a marble diagram, naming values with `symbol`.
  ///
  /// Events at the same frame render as a group `(ab)`. An event between two
  /// frames renders in the earlier one (compare ``events`` for exact times).
  public func marbles(symbol: (Output) -> Character) -> String {
    cells(symbol: symbol).joined()
  }

  /// One rendered cell per frame (for alignment); see ``marbles(symbol:)``.
  func cells(symbol: (Output) -> Character) -> [String] {
    MarbleRendering.spanningGroups(MarbleRendering.cells(of: self, symbol: symbol), groupLength)
  }
}

extension MarbleRecording where Output: Equatable {
  /// Renders the recording as a marble diagram, naming each value by its key in
  /// `values` (the first key in character order when several match).
  ///
  /// A value missing from the table renders as its description when that is
  /// one character (`7`, `a`), else as `?`.
  public func marbles(values: [Character: Output] = [:]) -> String {
    marbles(symbol: MarbleRendering.symbolLookup(values))
  }

  /// The recording as a lane of a `SignalTimeline` called `name`, values named by their keys in
  /// `values` (as ``marbles(values:)`` names them).
  ///
  /// ```swift
  /// let test = MarbleTest(frame: .milliseconds(100))
  /// let input = try test.hotInput("-a--b|")
  /// let output = test.record(input.map { $0.uppercased() })
  /// let timeline = SignalTimeline(
  ///   frame: test.frame, origin: test.origin,
  ///   lanes: [output.lane("output", values: ["A": "A", "B": "B"])])
  /// // timeline.description == "output  -A--B|"
  /// ```
  public func lane(_ name: String, values: [Character: Output] = [:]) -> SignalTimeline.Lane {
    lane(name, symbol: MarbleRendering.symbolLookup(values))
  }
}

extension MarbleRecording.Entry: Equatable where Output: Equatable, Failure: Equatable {}
extension MarbleRecording: Equatable where Output: Equatable, Failure: Equatable {}

extension MarbleRecording: CustomStringConvertible {
  /// The events with their times, one per line.
  public var description: String {
    events.map { "\($0.time): \($0.event)" }.joined(separator: "\n")
  }
}

enum MarbleRendering {
  static func symbolLookup<Output: Equatable>(_ values: [Character: Output]) -> (Output) -> Character {
    let table = values.sorted { $0.key < $1.key }
    return { value in
      if let entry = table.first(where: { $0.value == value }) { return entry.key }
      return fallbackSymbol(value)
    }
  }

  static func fallbackSymbol<Output>(_ value: Output) -> Character {
    let text = String(describing: value)
    if text.count == 1, let character = text.first, !MarbleDiagram.reservedCharacters.contains(character) {
      return character
    }
    return "?"
  }

  /// One cell per frame of `recording`, drawn by `SignalTimeline` (one lane, no name).
  static func cells<Output: Sendable, Failure: Error>(
    of recording: MarbleRecording<Output, Failure>, symbol: (Output) -> Character
  ) -> [String] {
    let timeline = SignalTimeline(frame: recording.frame, origin: recording.origin)
    return timeline.cells(of: recording.lane("", symbol: symbol))
  }

  /// Cells of a parsed diagram, from frame zero (slots before `^` are left out).
  static func cells(of diagram: MarbleDiagram) -> [String] {
    var cells = Array(repeating: "-", count: max(diagram.frameCount, 0))
    for slot in diagram.slots where slot.frame >= 0 {
      let text = slot.symbols.map { symbol -> String in
        switch symbol {
        case .value(let character): return String(character)
        case .finished: return "|"
        case .failed: return "#"
        }
      }.joined()
      cells[slot.frame] = slot.symbols.count == 1 ? text : "(" + text + ")"
    }
    cells = spanningGroups(cells, diagram.groupLength)
    // Drop trailing dashes after a terminal event for a tidy comparison.
    if let terminal = cells.lastIndex(where: { $0.contains("|") || $0.contains("#") }) {
      cells.removeSubrange((terminal + 1)...)
    }
    return cells
  }

  /// `cells` with RxJS's group length applied when `groupLength` is `.rxjs`: the frames after a group
  /// that its characters cover are drawn as nothing (a `-` there is dropped). An event in such a frame
  /// cannot be drawn RxJS's way; it is drawn right after the group (exact times are in the events).
  static func spanningGroups(_ cells: [String], _ groupLength: MarbleDiagram.GroupLength) -> [String] {
    guard groupLength == .rxjs else { return cells }
    var result = cells
    var index = 0
    while index < result.count {
      let covered = min(index + result[index].count, result.count)
      index += 1
      while index < covered && result[index] == "-" {
        result[index] = ""
        index += 1
      }
    }
    return result
  }

  /// Two rows of cells padded so that each frame starts in the same column in both.
  static func aligned(_ top: [String], _ bottom: [String]) -> (String, String) {
    let rows = SignalTimeline.align([top, bottom])
    return (rows[0], rows[1])
  }
}
