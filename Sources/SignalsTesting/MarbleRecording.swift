import Signals

/// Every event a signal delivered during a marble test, with its virtual time.
///
/// Made by ``MarbleTest/record(_:frames:)``; renders back to a marble diagram
/// with ``marbles(values:)``.
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

  /// A recording of `events`, with frames of `frame` counted from `origin`.
  public init(events: [Entry], origin: SignalInstant, frame: Duration) {
    self.events = events
    self.origin = origin
    self.frame = frame
  }

  /// The values, in order.
  public var values: [Output] { events.compactMap { $0.event.value } }

  /// How the signal ended, if it did.
  public var completion: SignalCompletion<Failure>? {
    events.lazy.compactMap { $0.event.completion }.first
  }

  /// The frame of `time`, and whether `time` falls exactly on it (not between two frames).
  public func frame(of time: SignalInstant) -> (frame: Int, isExact: Bool) {
    let offset = time - origin
    let nearest = Int((offset / frame).rounded())
    if frame * nearest == offset { return (nearest, true) }
    return (Int((offset / frame).rounded(.down)), false)
  }

  /// Renders the recording as a marble diagram, naming values with `symbol`.
  ///
  /// Events at the same frame render as a group `(ab)`. An event between two
  /// frames renders in the earlier one (compare ``events`` for exact times).
  public func marbles(symbol: (Output) -> Character) -> String {
    MarbleRendering.cells(of: self, symbol: symbol).joined()
  }

  /// One rendered cell per frame (for alignment); see ``marbles(symbol:)``.
  func cells(symbol: (Output) -> Character) -> [String] {
    MarbleRendering.cells(of: self, symbol: symbol)
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

  static func text<Output: Sendable, Failure: Error>(
    of event: Event<Output, Failure>, symbol: (Output) -> Character
  ) -> Character {
    switch event {
    case .value(let value): return symbol(value)
    case .finished: return "|"
    case .failed: return "#"
    }
  }

  static func cells<Output: Sendable, Failure: Error>(
    of recording: MarbleRecording<Output, Failure>, symbol: (Output) -> Character
  ) -> [String] {
    var byFrame: [Int: [Character]] = [:]
    var last = -1
    for entry in recording.events {
      let frame = max(recording.frame(of: entry.time).frame, 0)
      byFrame[frame, default: []].append(text(of: entry.event, symbol: symbol))
      last = max(last, frame)
    }
    guard last >= 0 else { return [] }
    return (0...last).map { frame in
      guard let symbols = byFrame[frame] else { return "-" }
      return symbols.count == 1 ? String(symbols[0]) : "(" + String(symbols) + ")"
    }
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
    // Drop trailing dashes after a terminal event for a tidy comparison.
    if let terminal = cells.lastIndex(where: { $0.contains("|") || $0.contains("#") }) {
      cells.removeSubrange((terminal + 1)...)
    }
    return cells
  }

  /// Two rows of cells padded so that each frame starts in the same column in both.
  static func aligned(_ top: [String], _ bottom: [String]) -> (String, String) {
    var upper = ""
    var lower = ""
    for index in 0..<max(top.count, bottom.count) {
      let a = index < top.count ? top[index] : ""
      let b = index < bottom.count ? bottom[index] : ""
      let width = max(a.count, b.count)
      upper += a + String(repeating: " ", count: index < top.count ? width - a.count : 0)
      lower += b + String(repeating: " ", count: index < bottom.count ? width - b.count : 0)
    }
    while upper.last == " " { upper.removeLast() }
    while lower.last == " " { lower.removeLast() }
    return (upper, lower)
  }
}
