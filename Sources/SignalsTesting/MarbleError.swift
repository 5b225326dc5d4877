/// A marble diagram that does not parse, or does not fit its value table.
///
/// Its description names the column and points at it:
///
/// ```text
/// marble diagram error at column 4: '(' is never closed
///   --a(b--|
///      ^
/// ```
public struct MarbleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Sendable, Hashable {
    /// A `(` with no matching `)`.
    case unbalancedOpen
    /// A `)` with no matching `(`.
    case unbalancedClose
    /// A `(` inside a group.
    case nestedGroup
    /// `()`: a group with no events.
    case emptyGroup
    /// `-` or `^` inside a group.
    case notAllowedInGroup(Character)
    /// A second `^`.
    case duplicateSubscription
    /// `^` in a diagram that is not a hot input.
    case subscriptionNotAllowed
    /// An event after `|` or `#`.
    case eventAfterTerminal
    /// A character with no entry in the value table (and no conversion from text).
    case unknownValue(Character)
    /// `#` in an input diagram that was given no error to fail with.
    case missingError
  }

  /// What is wrong.
  public let kind: Kind
  /// The 1-based column of the offending character (spaces count).
  public let column: Int
  /// The whole diagram.
  public let diagram: String

  /// An error of `kind` at `column` of `diagram`.
  public init(_ kind: Kind, column: Int, diagram: String) {
    self.kind = kind
    self.column = column
    self.diagram = diagram
  }

  /// A one-line explanation of ``kind``.
  public var message: String {
    switch kind {
    case .unbalancedOpen: return "'(' is never closed"
    case .unbalancedClose: return "')' has no matching '('"
    case .nestedGroup: return "groups cannot be nested"
    case .emptyGroup: return "a group needs at least one event"
    case .notAllowedInGroup(let character): return "'\(character)' is not allowed inside a group"
    case .duplicateSubscription: return "only one '^' is allowed"
    case .subscriptionNotAllowed: return "'^' is only allowed in a hot input"
    case .eventAfterTerminal: return "no event may follow '|' or '#'"
    case .unknownValue(let character): return "'\(character)' is not in the value table"
    case .missingError: return "'#' needs an error: pass `error:`"
    }
  }

  /// The message, the diagram, and a caret under the column.
  public var description: String {
    let caret = String(repeating: " ", count: max(column - 1, 0)) + "^"
    return "marble diagram error at column \(column): \(message)\n  \(diagram)\n  \(caret)"
  }
}
