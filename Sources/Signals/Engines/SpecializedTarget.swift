// Cancelling a subscription goes through the `SubscriptionTarget` protocol. On a
// generic class, that protocol witness (like a vtable entry) runs the class's
// *unspecialized* implementation, which looks up the generic metadata of every
// type it touches: hundreds of instructions per lookup. So the engines on hot paths
// (subjects, the serializer, the time operators) derive from this one class; timeout
// and race(with:) get the same effect from a `SignalSubscriptionHandle`'s closure
// over their lock storage. The subclass's `@inlinable` initializer, specialized in the
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
