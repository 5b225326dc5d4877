// The state of a subject under its lock: the drainer's queue and the transitions of send, attach and
// cancel, as values for SubjectCore to act on outside the lock.

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
  /// The latest values, for `ReplaySignal` and `share(replay:)` (nil for the other subjects).
  @usableFromInline var replay: SubjectReplay<Output>?
  /// Entries removed during a delivery, which the drainer may still be calling: released when the drainer
  /// goes idle.
  @usableFromInline var retired: SubjectEntry<Output, Failure>?
  /// Further retired entries, in the rare case of more than one per delivery.
  @usableFromInline var retiredMore: [SubjectEntry<Output, Failure>] = []

  @inlinable
  init(current: Output?, replay: Int = 0) {
    self.current = current
    if replay > 0 { self.replay = SubjectReplay(capacity: replay) }
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
        return .single(Unretained(entry))
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
  mutating func endSingle(released: inout SubjectRetired<Output, Failure>?) -> Bool {
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
  /// is retired instead (the drainer may still be calling it) and released when the drainer goes idle.
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
  case single(Unretained<SubjectEntry<Output, Failure>>)
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
