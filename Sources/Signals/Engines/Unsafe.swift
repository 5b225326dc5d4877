// The unsafe code of Signals, all of it: each use, and what it was measured to save.
//
// 1. `UpstreamKeeper.same(_:)`: an observer handed its subscription (`SignalSubscription.handing`) is
//    known to be a keeper by its type, and is then seen as that type with `unsafeBitCast`: the types are
//    the same, so nothing is converted. The checked ways do not fold away when the operator is specialized:
//    `as? any UpstreamKeeper` puts an observer of more than three words in a heap box, and `as!` to the
//    opened type stays a runtime cast. Measured on W5 (a race under `first` under `timeout`): 6 allocations
//    a round with the existential, 4 with the bit cast.

extension EngineObserver {
  /// `observer`, whose type is `Self` (a metatype cast said so), as `Self`.
  @inlinable
  @inline(__always)
  static func same<Observer>(_ observer: Observer) -> Self {
    unsafeBitCast(observer, to: Self.self)
  }
}
