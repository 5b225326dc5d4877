import Signals

/// A parsed marble diagram: which events happen in which frame.
///
/// The grammar, one character at a time (spaces are ignored, so diagrams can be aligned):
///
/// | symbol | meaning |
/// |---|---|
/// | `-` | one frame in which nothing happens |
/// | any other character | a value (looked up in the value table; see ``MarbleTest``) |
/// | `|` | the signal finishes |
/// | `#` | the signal fails |
/// | `(ab)` | the events inside happen together, in that order, in one frame |
/// | `^` | (hot inputs only) the subscription point: frame zero |
///
/// **Counting frames.** Every *slot* is one frame: a single symbol, or a whole
/// parenthesized group (whatever its length). So in `"-(ab)-c|"` the values
/// `a` and `b` happen in frame 1, `c` in frame 3 and the finish in frame 4.
/// (RxJS counts every character of a group as a frame; by default we do not, so a
/// recording renders back to exactly the diagram that describes it.) The
/// event in frame `n` happens `n × frame` after the diagram's zero.
///
/// **RxJS diagrams.** Parsed with ``GroupLength/rxjs`` (or in a `MarbleTest` made with
/// `groupLength: .rxjs`), a group lasts as many frames as its characters, parentheses included, as in
/// RxJS: in `"-(ab)-c|"`, `a` and `b` happen in frame 1, `c` in frame 6 and the finish in frame 7. So
/// a diagram from an RxJS test can be pasted as it is. Spaces are ignored in both modes (as in RxJS's
/// `run` mode); RxJS's time progressions (`10ms`) and its `!` in subscription diagrams are not
/// part of this grammar (a digit is a value).
///
/// With `^`, frames are counted from the `^` slot (frame zero); slots before
/// it have negative frames.
///
/// A diagram that does not follow the grammar throws a ``MarbleError`` that
/// names the column (1-based, counting every character including spaces).
public struct MarbleDiagram: Sendable, Hashable, CustomStringConvertible {
  /// One event symbol of a diagram.
  public enum Symbol: Sendable, Hashable {
    /// A value, named by its character.
    case value(Character)
    /// `|`: the signal finishes.
    case finished
    /// `#`: the signal fails.
    case failed

    /// Whether this is `|` or `#`.
    public var isTerminal: Bool {
      if case .value = self { return false }
      return true
    }
  }

  /// The events of one frame.
  public struct Slot: Sendable, Hashable {
    /// The frame, counted from the diagram's zero (or from `^`).
    public var frame: Int
    /// The 1-based column of the slot's first character (its `(` for a group).
    public var column: Int
    /// The events, in order; more than one only for a group.
    public var symbols: [Symbol]
    /// The 1-based column of each symbol.
    public var columns: [Int]
  }

  /// How many frames a group `(ab)` lasts.
  public enum GroupLength: Sendable, Hashable {
    /// One frame, whatever its length: a recording renders back to the diagram that describes it (the
    /// default).
    case oneFrame
    /// As many frames as its characters, parentheses included, as in RxJS: `(ab)` lasts four frames,
    /// so `"-(ab)-c"` puts `c` in frame 6.
    case rxjs
  }

  /// The characters reserved by the grammar; every other non-space character names a value.
  public static let reservedCharacters: Set<Character> = ["-", "|", "#", "(", ")", "^", " "]

  /// The text the diagram was parsed from.
  public let text: String
  /// The frames in which something happens, in order.
  public let slots: [Slot]
  /// How many frames the diagram spans, counted from its zero (dashes included).
  public let frameCount: Int
  /// The column of `^`, if the diagram has one.
  public let subscriptionColumn: Int?
  /// How many frames a group lasts in this diagram.
  public let groupLength: GroupLength

  /// The diagram, as written.
  public var description: String { text }

  /// Parses `text`, a group lasting `groupLength`.
  ///
  /// ```swift
  /// let ours = try MarbleDiagram("-(ab)-c|")
  /// let pasted = try MarbleDiagram("-(ab)-c|", groupLength: .rxjs)
  /// // ours.slots.map(\.frame) == [1, 3, 4]; pasted.slots.map(\.frame) == [1, 6, 7]
  /// ```
  ///
  /// - Throws: ``MarbleError`` naming the column of the first problem: an
  ///   unbalanced or nested parenthesis, an empty group, `-` or `^` inside a
  ///   group, a second `^`, or an event after `|` or `#`.
  public init(_ text: String, groupLength: GroupLength = .oneFrame) throws(MarbleError) {
    self.text = text
    self.groupLength = groupLength
    // With RxJS's group length, every character of a group is a frame: `(`, each symbol, `)`.
    let frameInGroup = groupLength == .rxjs ? 1 : 0
    var slots: [Slot] = []
    var slotIndex = 0
    var subscriptionSlot: Int?
    var subscriptionColumn: Int?
    var group: Slot?
    var terminalColumn: Int?

    func fail(_ kind: MarbleError.Kind, _ column: Int) -> MarbleError {
      MarbleError(kind, column: column, diagram: text)
    }

    for (offset, character) in text.enumerated() {
      let column = offset + 1
      if character == " " { continue }
      if var open = group {
        switch character {
        case ")":
          guard !open.symbols.isEmpty else { throw fail(.emptyGroup, open.column) }
          slots.append(open)
          group = nil
          slotIndex += 1
        case "(":
          throw fail(.nestedGroup, column)
        case "-", "^":
          throw fail(.notAllowedInGroup(character), column)
        default:
          if terminalColumn != nil { throw fail(.eventAfterTerminal, column) }
          let symbol = Self.symbol(character)
          if symbol.isTerminal { terminalColumn = column }
          open.symbols.append(symbol)
          open.columns.append(column)
          group = open
          slotIndex += frameInGroup
        }
        continue
      }
      switch character {
      case "-":
        slotIndex += 1
      case "^":
        guard subscriptionSlot == nil else { throw fail(.duplicateSubscription, column) }
        subscriptionSlot = slotIndex
        subscriptionColumn = column
        slotIndex += 1
      case "(":
        if terminalColumn != nil { throw fail(.eventAfterTerminal, column) }
        group = Slot(frame: slotIndex, column: column, symbols: [], columns: [])
        slotIndex += frameInGroup
      case ")":
        throw fail(.unbalancedClose, column)
      default:
        if terminalColumn != nil { throw fail(.eventAfterTerminal, column) }
        let symbol = Self.symbol(character)
        if symbol.isTerminal { terminalColumn = column }
        slots.append(Slot(frame: slotIndex, column: column, symbols: [symbol], columns: [column]))
        slotIndex += 1
      }
    }
    if let open = group { throw fail(.unbalancedOpen, open.column) }
    let zero = subscriptionSlot ?? 0
    self.slots = slots.map { slot in
      var shifted = slot
      shifted.frame -= zero
      return shifted
    }
    self.frameCount = slotIndex - zero
    self.subscriptionColumn = subscriptionColumn
  }

  private static func symbol(_ character: Character) -> Symbol {
    switch character {
    case "|": return .finished
    case "#": return .failed
    default: return .value(character)
    }
  }

  /// The diagram's events with their frames, values looked up in `values`.
  ///
  /// A character missing from `values` is converted with the output type's
  /// `LosslessStringConvertible` initializer when it has one (so `"a"` is the
  /// `String` `"a"` and `"7"` the `Int` `7`); otherwise it is an error.
  ///
  /// - Parameter error: the error `#` stands for; `nil` makes `#` an error
  ///   unless `allowAnyError` is set (expectations use it to match any failure).
  /// - Throws: ``MarbleError`` for an unknown value or a `#` without an error.
  func events<Output: Sendable, Failure: Error>(
    values: [Character: Output], error: Failure?, allowAnyError: Bool = false
  ) throws(MarbleError) -> [(frame: Int, column: Int, event: MarbleExpectedEvent<Output, Failure>)] {
    var result: [(frame: Int, column: Int, event: MarbleExpectedEvent<Output, Failure>)] = []
    for slot in slots {
      for (symbol, column) in zip(slot.symbols, slot.columns) {
        switch symbol {
        case .value(let character):
          guard let value = Self.value(for: character, in: values) else {
            throw MarbleError(.unknownValue(character), column: column, diagram: text)
          }
          result.append((slot.frame, column, .value(value)))
        case .finished:
          result.append((slot.frame, column, .finished))
        case .failed:
          if let error {
            result.append((slot.frame, column, .failed(error)))
          } else if allowAnyError {
            result.append((slot.frame, column, .anyFailure))
          } else {
            throw MarbleError(.missingError, column: column, diagram: text)
          }
        }
      }
    }
    return result
  }

  static func value<Output>(for character: Character, in values: [Character: Output]) -> Output? {
    if let value = values[character] { return value }
    if let convertible = Output.self as? any LosslessStringConvertible.Type,
      let value = convertible.init(String(character)) as? Output
    {
      return value
    }
    return nil
  }
}

/// An event a diagram expects: like `Event`, plus "any failure" for a `#` given no error.
enum MarbleExpectedEvent<Output: Sendable, Failure: Error>: Sendable {
  case value(Output)
  case finished
  case failed(Failure)
  case anyFailure

  var event: Event<Output, Failure>? {
    switch self {
    case .value(let value): return .value(value)
    case .finished: return .finished
    case .failed(let error): return .failed(error)
    case .anyFailure: return nil
    }
  }
}
