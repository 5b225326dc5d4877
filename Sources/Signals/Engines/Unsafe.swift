// The unsafe code of Signals, all of it. Each use says what it is sure of, and what it was measured to
// save (callgrind instructions per operation of signals-bench's workloads, with the checked form instead;
// the Engines article has the rule). Nothing else in the package uses `unowned(unsafe)`,
// `unsafelyUnwrapped`, `unsafeDowncast`, `unsafeBitCast` or `Unmanaged`.
//
// 1. `EngineObserver.same(_:)`: a subscription handed to an observer (`SignalSubscription.handing`), whose
//    type a cast just said is `Self`: a bit cast between the same type. The checked ways do not fold away
//    when the operator is specialized: `as?` to the existential puts an observer of more than three words
//    in a heap box, `as!` to the opened type stays a runtime cast. W5: 6 allocations a round with the
//    existential, 4 with the bit cast.
// 2. `LockStorage.same(_:)`: a handle's target, the storage its one closure was made for
//    (`Locked.handle(id:)`). W2 (one cancel a cycle): 2,110 instructions a cycle with `as!`, 2,036 with it.
// 3. `SubjectEntry.same(_:)`: a subject's entry, seen as the subclass that made its delivery closure. Once
//    per value and observer: W1 267 → 226 instructions a value, W10 297 → 253.
// 4. `Unretained`: the one observer a subject delivers a value to on its fast path, without retaining it
//    (while the subject delivers, a removed entry is only retired, so it lives). W1 292 → 226.

extension EngineObserver {
  /// `observer`, whose type is `Self` (a metatype cast said so), as `Self`.
  @inlinable
  @inline(__always)
  static func same<Observer>(_ observer: Observer) -> Self {
    unsafeBitCast(observer, to: Self.self)
  }
}

extension LockStorage {
  /// `object`, a handle's target, made from storage of this type.
  @inlinable
  @inline(__always)
  static func same(_ object: AnyObject) -> LockStorage {
    unsafeDowncast(object, to: LockStorage.self)
  }
}

extension SubjectEntry {
  /// This entry as `Entry`, the subclass it is an instance of.
  @inlinable
  @inline(__always)
  final func same<Entry: SubjectEntry>(as _: Entry.Type) -> Entry {
    unsafeDowncast(self, to: Entry.self)
  }
}

/// A reference the holder does not retain: its owner keeps the object alive for as long as it is used.
@usableFromInline
struct Unretained<Object: AnyObject>: @unchecked Sendable {  // used only while the owner keeps it
  @usableFromInline let reference: Unmanaged<Object>

  @inlinable
  init(_ object: Object) {
    reference = .passUnretained(object)
  }

  /// Delivers `event` to the subject's entry, not retained for the call.
  @inlinable
  @inline(__always)
  func deliver<Output, Failure>(_ event: Event<Output, Failure>) -> SignalControl
  where Object == SubjectEntry<Output, Failure> {
    reference._withUnsafeGuaranteedRef { $0.deliver(event) }
  }

  /// Calls `body` with the object, not retained for the call.
  @inlinable
  @inline(__always)
  func with<Result>(_ body: (Object) -> Result) -> Result {
    reference._withUnsafeGuaranteedRef(body)
  }
}
