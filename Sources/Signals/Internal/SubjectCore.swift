// The engine behind PassthroughSignal and CurrentValueSignal.
//
// Serial delivery and reentrancy are one mechanism: a sender that finds no
// delivery in progress becomes the *drainer*; it delivers its event, then
// drains whatever other threads (or reentrant observers) queued meanwhile.
// Anyone who finds a delivery in progress enqueues and returns. So an observer
// never sees two events at once, a nested `send` from inside an observer is
// delivered after the current event (in order), and the stack never grows with
// reentrancy depth. No lock is held while an observer runs.
//
// Each queued event carries a stamp (the next subscription id when it was
// sent) so that an observer that subscribes while events are queued receives
// only the events sent after it subscribed.

/// One attached observer: its id and a way to deliver to it.
///
/// A class so that the fast path can call it without retaining it: an entry
/// removed while a delivery is in progress is kept in `retired` until the
/// drainer goes idle. The observer itself lives in the subclass
/// ``SubjectObserverEntry``; `invoke` is a capture-free closure made by the
/// subclass's specialized initializer, so delivery runs specialized code and the
/// entry is the subscription's only allocation besides its token.
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
{  // immutable
  @usableFromInline let observer: Observer

  @inlinable
  init(id: UInt64, observer: Observer) {
    self.observer = observer
    super.init(id: id) { entry, event in
      unsafeDowncast(entry, to: SubjectObserverEntry<Observer>.self).observer.receive(event)
    }
  }
}

/// The attached observers, with no allocation for the common zero- or one-observer case.
@usableFromInline
enum SubjectObservers<Output: Sendable, Failure: Error>: Sendable {
  case none
  case one(SubjectEntry<Output, Failure>)
  case many([SubjectEntry<Output, Failure>])

  /// Adds `entry`, moved in (a borrowed entry would be retained for the list and released by the caller).
  @inlinable
  mutating func add(_ entry: consuming SubjectEntry<Output, Failure>) {
    switch self {
    case .none: self = .one(entry)
    case .one(let first): self = .many([first, entry])
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
      guard let index = list.firstIndex(where: { $0.id == id }) else { return nil }
      self = .none
      let removed = list.remove(at: index)
      self = list.count == 1 ? .one(list[0]) : .many(list)
      removed.isRemoved = true
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
      if list.allSatisfy({ $0.id < stamp }) { return self }
      let kept = list.filter { $0.id < stamp }
      switch kept.count {
      case 0: return .none
      case 1: return .one(kept[0])
      default: return .many(kept)
      }
    }
  }
}

/// An event waiting for the drainer.
@usableFromInline
struct SubjectPending<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline var event: Event<Output, Failure>
  /// Delivered to observers whose id is below this stamp.
  @usableFromInline var stamp: UInt64
  /// When set, delivered to this observer only (a replay for a new subscriber).
  @usableFromInline var target: SubjectEntry<Output, Failure>?

  @inlinable
  init(event: Event<Output, Failure>, stamp: UInt64, target: SubjectEntry<Output, Failure>?) {
    self.event = event
    self.stamp = stamp
    self.target = target
  }
}

/// A unit of work for the drainer: one event, to a snapshot of observers.
@usableFromInline
struct SubjectDelivery<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline var event: Event<Output, Failure>
  @usableFromInline var observers: SubjectObservers<Output, Failure>
  /// A replay to one new observer: skip the membership re-check of broadcast.
  @usableFromInline var isTargeted: Bool

  @inlinable
  init(event: Event<Output, Failure>, observers: SubjectObservers<Output, Failure>, isTargeted: Bool) {
    self.event = event
    self.observers = observers
    self.isTargeted = isTargeted
  }
}

@usableFromInline
struct SubjectState<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline var observers: SubjectObservers<Output, Failure> = .none
  @usableFromInline var nextID: UInt64 = 1
  @usableFromInline var delivering = false
  @usableFromInline var pending = EventQueue<SubjectPending<Output, Failure>>()
  /// How many of the queued events are replays to one new observer (`target` set): removing an observer
  /// looks for its replays only when there are some, so a removal while a long queue drains costs nothing
  /// more for a passthrough subject.
  @usableFromInline var pendingReplays = 0
  /// Set as soon as a terminal event is accepted; later sends are ignored.
  @usableFromInline var completion: SignalCompletion<Failure>?
  /// The latest value, for `CurrentValueSignal` (nil for a passthrough subject).
  @usableFromInline var current: Output?
  /// Entries removed during a delivery: the drainer may still be calling them
  /// unretained. Released when the drainer goes idle.
  @usableFromInline var retired: SubjectEntry<Output, Failure>?
  /// Further retired entries, in the rare case of more than one per delivery.
  @usableFromInline var retiredMore: [SubjectEntry<Output, Failure>] = []

  @inlinable
  init(current: Output?) {
    self.current = current
  }

  /// Takes a new event, with a fast path for the common case: a value, no
  /// delivery in progress, one observer. Sets `delivering` when the caller
  /// becomes the drainer.
  @inlinable
  mutating func begin(_ event: Event<Output, Failure>) -> SubjectStart<Output, Failure> {
    if case .value(let value) = event, completion == nil, !delivering {
      if current != nil { current = value }
      switch observers {
      case .none:
        return .none
      case .one(let entry):
        delivering = true
        return .single(Unmanaged.passUnretained(entry))
      case .many:
        break
      }
    }
    guard let work = accept(event) else { return .none }
    return .broadcast(work)
  }

  /// After a fast-path delivery: goes idle and returns true, or returns false
  /// when events were queued meanwhile and must be drained.
  @inlinable
  mutating func finishSingle(released: inout SubjectRetired<Output, Failure>?) -> Bool {
    guard pending.isEmpty else { return false }
    goIdle(released: &released)
    return true
  }

  @inlinable
  mutating func goIdle(released: inout SubjectRetired<Output, Failure>?) {
    assert(pendingReplays == 0, "Signals: a subject went idle with replays still counted as queued")
    if let first = retired.take() {
      released = SubjectRetired(first: first, more: retiredMore)
      retiredMore = []
    }
    delivering = false
  }

  /// Takes a new event. Returns work for the caller when it becomes the drainer.
  @inlinable
  mutating func accept(_ event: Event<Output, Failure>) -> SubjectDelivery<Output, Failure>? {
    guard completion == nil else { return nil }
    switch event {
    case .value(let value):
      if current != nil { current = value }
    case .finished:
      completion = .finished
    case .failed(let error):
      completion = .failed(error)
    }
    if delivering {
      pending.append(SubjectPending(event: event, stamp: nextID, target: nil))
      return nil
    }
    delivering = true
    return SubjectDelivery(event: event, observers: observers, isTargeted: false)
  }

  /// Called by the drainer after each delivery: the next work, or nil when idle.
  /// `released` receives observers to release outside the lock.
  @inlinable
  mutating func next(
    after delivered: Event<Output, Failure>, wasTargeted: Bool,
    released: inout SubjectObservers<Output, Failure>,
    retiredOut: inout SubjectRetired<Output, Failure>?
  ) -> SubjectDelivery<Output, Failure>? {
    if delivered.isTerminal && !wasTargeted {
      released = observers
      observers = .none
    }
    guard let item = pending.popFirst() else {
      goIdle(released: &retiredOut)
      return nil
    }
    if let target = item.target {
      pendingReplays -= 1
      return SubjectDelivery(event: item.event, observers: .one(target), isTargeted: true)
    }
    return SubjectDelivery(event: item.event, observers: observers.subscribed(before: item.stamp), isTargeted: false)
  }
}

/// What removing an observer takes out of the state, to release outside the lock.
@usableFromInline
struct SubjectRemoval<Output: Sendable, Failure: Error> {
  @usableFromInline var entry: SubjectEntry<Output, Failure>?
  @usableFromInline var dropped: EventQueue<SubjectPending<Output, Failure>>

  @inlinable
  init(entry: SubjectEntry<Output, Failure>?, dropped: EventQueue<SubjectPending<Output, Failure>>) {
    self.entry = entry
    self.dropped = dropped
  }
}

extension SubjectState {
  /// Removes observer `id` and the replays queued for it. An entry removed while a delivery is in progress
  /// is retired instead (the drainer may be calling it unretained) and released when the drainer goes idle.
  @inlinable
  mutating func remove(id: UInt64) -> SubjectRemoval<Output, Failure> {
    var entry = observers.remove(id: id)
    if delivering, let removed = entry {
      if retired == nil { retired = removed } else { retiredMore.append(removed) }
      entry = nil
    }
    var dropped = EventQueue<SubjectPending<Output, Failure>>()
    if pendingReplays > 0, pending.contains(where: { $0.target?.id == id }) {
      dropped = pending.remove { $0.target?.id == id }
      pendingReplays -= dropped.count
    }
    return SubjectRemoval(entry: entry, dropped: dropped)
  }
}

/// Entries retired during a delivery, released when the drainer goes idle.
@usableFromInline
struct SubjectRetired<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline var first: SubjectEntry<Output, Failure>
  @usableFromInline var more: [SubjectEntry<Output, Failure>]

  @inlinable
  init(first: SubjectEntry<Output, Failure>, more: [SubjectEntry<Output, Failure>]) {
    self.first = first
    self.more = more
  }
}

/// What `send` does after `begin`.
@usableFromInline
enum SubjectStart<Output: Sendable, Failure: Error>: Sendable {
  /// Nothing to do: dropped, queued for the current drainer, or no observer.
  case none
  /// The fast path: deliver a value to the only observer.
  case single(Unmanaged<SubjectEntry<Output, Failure>>)
  /// Deliver to a snapshot of observers, then drain.
  case broadcast(SubjectDelivery<Output, Failure>)
}

/// What `attach` does after registering an observer.
@usableFromInline
enum SubjectAttachStart<Output: Sendable, Failure: Error>: Sendable {
  case idle
  case drain(SubjectDelivery<Output, Failure>)
  case terminal(Event<Output, Failure>, SubjectEntry<Output, Failure>)
}

/// The non-generic face of a subject for its subscriptions.
///
/// Cancelling goes through a capture-free closure made by the specialized
/// subclass initializer, so a cancel runs specialized code and needs no generic
/// metadata or witness-table lookups (they cost thousands of instructions).
@usableFromInline
class SubjectCoreBase: SubscriptionTarget, @unchecked Sendable {  // immutable; subclass state is in a `Locked`
  @usableFromInline
  let remover: @Sendable (SubjectCoreBase, UInt64) -> Void

  @inlinable
  init(remover: @escaping @Sendable (SubjectCoreBase, UInt64) -> Void) {
    self.remover = remover
  }

  @usableFromInline
  final func cancelSubscription(id: UInt64) {
    remover(self, id)
  }
}

/// The lock-guarded subject engine. `@unchecked Sendable`: all state is in a `Locked`.
@usableFromInline
final class SubjectCore<Output: Sendable, Failure: Error>: SubjectCoreBase, @unchecked Sendable {
  @usableFromInline
  let state: Locked<SubjectState<Output, Failure>>

  @inlinable
  init(current: Output?) {
    state = Locked(SubjectState(current: current))
    super.init { base, id in
      unsafeDowncast(base, to: SubjectCore<Output, Failure>.self).removeObserver(id: id)
    }
  }

  /// Sends `event` to every attached observer, serially; see the file comment.
  @inlinable
  func send(_ event: Event<Output, Failure>) {
    switch state.withLock({ $0.begin(event) }) {
    case .none:
      return
    case .single(let unmanaged):
      // Unretained: while `delivering` is set, a removed entry is only retired.
      let control = unmanaged._withUnsafeGuaranteedRef { $0.deliver(event) }
      if control == .stop {
        finishSingle(removing: unmanaged._withUnsafeGuaranteedRef { $0.id })
        return
      }
      var released: SubjectRetired<Output, Failure>?
      if state.withLock({ $0.finishSingle(released: &released) }) { return }
      drainQueued()
    case .broadcast(let work):
      drain(startingWith: work)
    }
  }

  /// After a fast-path delivery the observer answered `stop` to: removes it and goes idle in one lock
  /// round trip, then drains what was queued meanwhile. Out of line, so that `send` stays small.
  @inlinable
  @inline(never)
  func finishSingle(removing id: UInt64) {
    var released: SubjectRetired<Output, Failure>?
    var removal: SubjectRemoval<Output, Failure>?
    let idle = state.withLock { state -> Bool in
      removal = state.remove(id: id)
      return state.finishSingle(released: &released)
    }
    _ = (removal, released)  // released here, outside the lock
    if !idle { drainQueued() }
  }

  /// Drains events queued while the fast path delivered.
  @inlinable
  func drainQueued() {
    var released = SubjectObservers<Output, Failure>.none
    var retired: SubjectRetired<Output, Failure>?
    let next = state.withLock { state -> SubjectDelivery<Output, Failure>? in
      // As after a targeted event: nothing to clear, only dequeue.
      state.next(after: .finished, wasTargeted: true, released: &released, retiredOut: &retired)
    }
    if let next { drain(startingWith: next) }
  }

  /// Delivers `work`, then everything queued meanwhile, until the queue is empty.
  @inlinable
  func drain(startingWith first: SubjectDelivery<Output, Failure>) {
    var work = first
    while true {
      deliver(work)
      var released = SubjectObservers<Output, Failure>.none
      var retired: SubjectRetired<Output, Failure>?
      let next = state.withLock {
        $0.next(after: work.event, wasTargeted: work.isTargeted, released: &released, retiredOut: &retired)
      }
      _ = (released, retired)  // released here, outside the lock
      guard let following = next else { return }
      work = following
    }
  }

  @inlinable
  func deliver(_ work: SubjectDelivery<Output, Failure>) {
    switch work.observers {
    case .none:
      break
    case .one(let entry):
      if entry.deliver(work.event) == .stop && !work.event.isTerminal {
        removeObserver(id: entry.id)
      }
    case .many(let list):
      for (index, entry) in list.enumerated() {
        // An earlier observer may have cancelled this one during this event.
        if index > 0 && state.withLock({ _ in entry.isRemoved }) { continue }
        if entry.deliver(work.event) == .stop && !work.event.isTerminal {
          removeObserver(id: entry.id)
        }
      }
    }
  }

  /// Attaches an observer; a `CurrentValueSignal` replays its value, a
  /// finished subject replays its terminal event.
  @inlinable
  func attach<Observer: SignalObserver>(_ observer: consuming Observer) -> SignalSubscriptionHandle
  where Observer.Input == Output, Observer.Failure == Failure {
    var moving = Optional(observer)  // moved into its entry, not copied
    var id: UInt64 = 0
    let start = state.withLock { state -> SubjectAttachStart<Output, Failure> in
      id = state.nextID
      state.nextID += 1
      let entry: SubjectEntry<Output, Failure> = SubjectObserverEntry(id: id, observer: moving.take()!)
      if let completion = state.completion {
        let event = Event<Output, Failure>(completion)
        if state.delivering {
          // The terminal event may still be queued for others: queue a replay after it.
          state.pending.append(SubjectPending(event: event, stamp: id, target: entry))
          state.pendingReplays += 1
          return .idle
        }
        return .terminal(event, entry)
      }
      guard let current = state.current else {
        state.observers.add(entry)  // moved: the entry's one reference is the list's
        return .idle
      }
      state.observers.add(copy entry)
      if state.delivering {
        state.pending.append(SubjectPending(event: .value(current), stamp: id, target: entry))
        state.pendingReplays += 1
        return .idle
      }
      state.delivering = true
      return .drain(SubjectDelivery(event: .value(current), observers: .one(entry), isTargeted: true))
    }
    switch start {
    case .idle:
      break
    case .terminal(let event, let entry):
      _ = entry.deliver(event)
      return .empty
    case .drain(let work):
      drain(startingWith: work)
    }
    return SignalSubscriptionHandle(object: self, id: id) { core, id in
      unsafeDowncast(core, to: SubjectCore<Output, Failure>.self).removeObserver(id: id)
    }
  }

  @inlinable
  func removeObserver(id: UInt64) {
    let removed = state.withLock { $0.remove(id: id) }
    _ = removed  // closures are released here, outside the lock
  }

  /// Whether any observer is attached.
  @usableFromInline
  var hasObservers: Bool {
    state.withLock {
      if case .none = $0.observers { return false }
      return true
    }
  }
}
