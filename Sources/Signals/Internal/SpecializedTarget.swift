// Cancelling a subscription goes through the `SubscriptionTarget` protocol. On a
// generic class, that protocol witness (like a vtable entry) runs the class's
// *unspecialized* implementation, which looks up the generic metadata of every
// type it touches: hundreds of instructions per lookup. The same trick as
// `SubjectCoreBase`: the subclass's `@inlinable` initializer, specialized in the
// client, stores a capture-free closure that downcasts and calls the specialized
// method, and the witness calls that closure.

/// A `SubscriptionTarget` whose cancel runs the subclass's specialized code.
@usableFromInline
class SpecializedTarget: SubscriptionTarget, @unchecked Sendable {  // immutable; subclasses keep state in a `Locked`
  @usableFromInline
  let canceller: @Sendable (SpecializedTarget, UInt64) -> Void

  @inlinable
  init(canceller: @escaping @Sendable (SpecializedTarget, UInt64) -> Void) {
    self.canceller = canceller
  }

  @usableFromInline
  final func cancelSubscription(id: UInt64) {
    canceller(self, id)
  }
}

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
