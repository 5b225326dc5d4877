/// Subscription handles an engine holds: the first two inline (a race of two, a fan-in's few
/// cancellations), more in an array made when a third arrives. Each slot can be taken out, leaving `nil`.
@usableFromInline
struct Handles: Sendable {
  @usableFromInline var first: SignalSubscriptionHandle?
  @usableFromInline var second: SignalSubscriptionHandle?
  /// Slots 2 and later; `nil` until there is a third.
  @usableFromInline var rest: [SignalSubscriptionHandle?]?

  @inlinable
  init() {}

  /// Puts `handle` in slot `index`.
  @inlinable
  mutating func put(_ handle: consuming SignalSubscriptionHandle, at index: Int) {
    switch index {
    case 0: first = handle
    case 1: second = handle
    default:
      if rest == nil { rest = [] }
      while rest!.count <= index - 2 { rest!.append(nil) }
      rest![index - 2] = handle
    }
  }

  /// Puts `handle` in the first free slot after the used ones.
  @inlinable
  mutating func append(_ handle: consuming SignalSubscriptionHandle) {
    if first == nil && second == nil && rest == nil {
      first = handle
    } else if second == nil && rest == nil {
      second = handle
    } else {
      if rest == nil { rest = [] }
      rest!.append(handle)
    }
  }

  /// Takes every handle out but slot `kept`'s, into `taken` (to cancel after unlocking).
  @inlinable
  mutating func takeAll(except kept: Int?, into taken: inout Handles) {
    if kept != 0, let handle = first.take() { taken.append(handle) }
    if kept != 1, let handle = second.take() { taken.append(handle) }
    guard rest != nil else { return }
    for index in rest!.indices where kept != index + 2 {
      if let handle = rest![index].take() { taken.append(handle) }
    }
  }

  /// Cancels every handle, taking it out.
  @inlinable
  mutating func cancelAll() {
    first.take()?.cancel()
    second.take()?.cancel()
    guard rest != nil else { return }
    for index in rest!.indices { rest![index].take()?.cancel() }
  }
}
