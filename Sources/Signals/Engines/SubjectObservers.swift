// The observers of a subject: the entries that deliver to them and the list a broadcast walks.

/// One attached observer: its id and a way to deliver to it.
///
/// A class, so that the fast path can call it through `Unsafe.swift`'s reference (the Engines article,
/// rule 15): an entry removed while a delivery is in progress is kept in `retired` until the drainer goes
/// idle. The observer itself lives in the subclass ``SubjectObserverEntry``, whose initializer makes
/// `invoke`.
///
/// `isRemoved` is the entry's one mutable field, read and written only under the subject's lock: a
/// broadcast checks it before each observer after the first (an earlier observer may have cancelled a
/// later one), in constant time, so a broadcast stays linear in its observers.
@usableFromInline
class SubjectEntry<Output: Sendable, Failure: Error>: @unchecked Sendable {
  @usableFromInline let id: UInt64
  @usableFromInline let invoke: @Sendable (SubjectEntry, Event<Output, Failure>) -> SignalControl
  /// Set, under the subject's lock, when the entry leaves the subject's observers.
  @usableFromInline var isRemoved = false

  @inlinable
  init(id: UInt64, invoke: @escaping @Sendable (SubjectEntry, Event<Output, Failure>) -> SignalControl) {
    self.id = id
    self.invoke = invoke
  }

  /// Delivers `event` to the observer.
  @inlinable
  final func deliver(_ event: Event<Output, Failure>) -> SignalControl {
    invoke(self, event)
  }
}

/// An entry holding its observer inline.
@usableFromInline
final class SubjectObserverEntry<Observer: SignalObserver>: SubjectEntry<Observer.Input, Observer.Failure>,
  @unchecked Sendable
{  // the observer is immutable; the rest is the base class's
  @usableFromInline let observer: Observer

  @inlinable
  init(id: UInt64, observer: consuming Observer) {
    self.observer = observer
    super.init(id: id) { entry, event in
      entry.same(as: SubjectObserverEntry<Observer>.self).observer.receive(event)
    }
  }
}

/// The attached observers, with no array for the common zero- or one-observer case.
@usableFromInline
enum SubjectObservers<Output: Sendable, Failure: Error>: Sendable {
  case none
  case one(SubjectEntry<Output, Failure>)
  case many(SubjectObserverList<Output, Failure>)

  /// Adds `entry`, moved in.
  @inlinable
  mutating func add(_ entry: consuming SubjectEntry<Output, Failure>) {
    switch self {
    case .none: self = .one(entry)
    case .one(let first): self = .many(SubjectObserverList(first, entry))
    case .many(var list):
      self = .none
      list.append(entry)
      self = .many(list)
    }
  }

  /// Removes the entry with `id`; returns it so that it is released outside the lock.
  @inlinable
  mutating func remove(id: UInt64) -> SubjectEntry<Output, Failure>? {
    switch self {
    case .none:
      return nil
    case .one(let entry):
      guard entry.id == id else { return nil }
      self = .none
      entry.isRemoved = true
      return entry
    case .many(var list):
      self = .none
      let removed = list.remove(id: id)
      switch list.live {
      case 0: break
      case 1: self = .one(list.onlyEntry)
      default: self = .many(list)
      }
      removed?.isRemoved = true
      return removed
    }
  }

  /// The observers that subscribed before `stamp`.
  @inlinable
  func subscribed(before stamp: UInt64) -> SubjectObservers {
    switch self {
    case .none: return .none
    case .one(let entry): return entry.id < stamp ? self : .none
    case .many(let list):
      let kept = list.prefix(before: stamp)
      if kept.slots.count == list.slots.count { return self }
      switch kept.live {
      case 0: return .none
      case 1: return .one(kept.onlyEntry)
      default: return .many(kept)
      }
    }
  }
}

/// Two or more observers, in the order they subscribed, with removal in logarithmic time: a broadcast in
/// which every observer cancels (each `prefix(2)` of a subject's subscribers reaching its count) stays
/// linear in its observers.
///
/// Ids grow with each subscription, so `ids` is sorted and an entry is found by binary search. A removed
/// entry's slot is set to `nil` at once (the entry is released when its subscription ends, not later)
/// and the holes are squeezed out when they outnumber the live entries, so the arrays stay within twice
/// the live count. A broadcast iterates a snapshot, a copy-on-write array: removing an observer during it
/// copies the list at most once per broadcast.
@usableFromInline
struct SubjectObserverList<Output: Sendable, Failure: Error>: Sendable {
  /// The entries by subscription order; `nil` where one was removed.
  @usableFromInline var slots: [SubjectEntry<Output, Failure>?]
  /// `slots[i]`'s id (kept for a removed slot until the holes are squeezed out), ascending.
  @usableFromInline var ids: [UInt64]
  /// How many slots hold an entry.
  @usableFromInline var live: Int

  @inlinable
  init(_ first: SubjectEntry<Output, Failure>, _ second: SubjectEntry<Output, Failure>) {
    ids = [first.id, second.id]
    slots = [first, second]
    live = 2
  }

  @inlinable
  init(slots: [SubjectEntry<Output, Failure>?], ids: [UInt64], live: Int) {
    self.slots = slots
    self.ids = ids
    self.live = live
  }

  /// Adds `entry` last; its id is above every id in the list.
  @inlinable
  mutating func append(_ entry: consuming SubjectEntry<Output, Failure>) {
    ids.append(entry.id)
    slots.append(entry)
    live += 1
  }

  /// The index of the first slot whose id is not below `id`.
  @inlinable
  func index(of id: UInt64) -> Int {
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Removes the entry with `id`, if it is here; returns it.
  @inlinable
  mutating func remove(id: UInt64) -> SubjectEntry<Output, Failure>? {
    let index = index(of: id)
    guard index < ids.count, ids[index] == id, let removed = slots[index].take() else { return nil }
    live -= 1
    if live * 2 < slots.count && slots.count > 8 { squeeze() }
    return removed
  }

  /// Drops the removed slots.
  @inlinable
  mutating func squeeze() {
    var keptSlots: [SubjectEntry<Output, Failure>?] = []
    var keptIDs: [UInt64] = []
    keptSlots.reserveCapacity(live)
    keptIDs.reserveCapacity(live)
    for entry in slots {
      guard let entry else { continue }
      keptSlots.append(entry)
      keptIDs.append(entry.id)
    }
    slots = keptSlots
    ids = keptIDs
  }

  /// The one live entry, when `live` is 1.
  @inlinable
  var onlyEntry: SubjectEntry<Output, Failure> {
    guard let entry = slots.lazy.compactMap({ $0 }).first else {
      preconditionFailure("Signals: a subject's observer list has no live entry")
    }
    return entry
  }

  /// The entries that subscribed before `stamp`.
  @inlinable
  func prefix(before stamp: UInt64) -> SubjectObserverList {
    guard let last = ids.last, last >= stamp else { return self }
    let end = index(of: stamp)
    let kept = Array(slots[..<end])
    return SubjectObserverList(
      slots: kept, ids: Array(ids[..<end]), live: kept.reduce(0) { $1 == nil ? $0 : $0 + 1 })
  }
}
