// A small-size-optimized list for what an engine collects under its lock and releases after unlocking.

/// A list that holds its first two elements inline: no allocation for up to two elements, and nothing to
/// release when empty (the rest is an optional array, `nil` until a third element arrives).
@usableFromInline
struct InlineList<Element>: Sequence {
  @usableFromInline var first: Element?
  @usableFromInline var second: Element?
  @usableFromInline var rest: [Element]?

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { first == nil }

  @inlinable
  mutating func append(_ element: Element) {
    if first == nil {
      first = element
    } else if second == nil {
      second = element
    } else if rest == nil {
      rest = [element]
    } else {
      rest!.append(element)
    }
  }

  /// Calls `body` with each element in order, without copying the list: `for … in` copies the whole list
  /// into its iterator, which for a list of larger elements the compiler does through the type's value
  /// witnesses (the time-operator engine's step spent about 300 instructions on such copies).
  @inlinable
  func forEachElement(_ body: (Element) throws -> Void) rethrows {
    guard let first else { return }
    try body(first)
    guard let second else { return }
    try body(second)
    guard let rest else { return }
    for element in rest { try body(element) }
  }

  @inlinable
  func makeIterator() -> Iterator {
    Iterator(list: self)
  }

  /// Walks the inline elements, then the rest.
  @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline let list: InlineList
    @usableFromInline var index = 0

    @inlinable
    init(list: InlineList) {
      self.list = list
    }

    @inlinable
    mutating func next() -> Element? {
      defer { index += 1 }
      switch index {
      case 0: return list.first
      case 1: return list.second
      default:
        guard let rest = list.rest, index - 2 < rest.count else { return nil }
        return rest[index - 2]
      }
    }
  }
}

extension InlineList: Sendable where Element: Sendable {}
