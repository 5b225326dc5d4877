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

/// The subject engine: its whole state in one `Locked`, which is also what its observers' subscriptions
/// cancel.
@usableFromInline
struct SubjectCore<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline
  let state: Locked<SubjectState<Output, Failure>>

  @inlinable
  init(current: Output?, replay: Int = 0) {
    state = Locked(SubjectState(current: current, replay: replay))
  }

  /// Sends `event` to every attached observer, serially; see the file comment.
  @inlinable
  func send(_ event: Event<Output, Failure>) {
    deliver(event, state.withLock { $0.begin(event) })
  }

  /// Sends `event` after keeping it, when it is a value, among the latest values a new observer gets first
  /// (`ReplaySignal`, `share(replay:)`): in the same lock round trip, so that an observer attaching meanwhile
  /// gets the value once, replayed or sent.
  @inlinable
  func sendRecording(_ event: Event<Output, Failure>) {
    var evicted: Output?
    let start = state.withLock { state in
      state.record(event, evicting: &evicted)
      return state.begin(event)
    }
    _ = evicted  // released here, outside the lock
    deliver(event, start)
  }

  /// Delivers `event` as `start`, what `begin` answered, says.
  ///
  /// The path of a value to the one observer of an idle subject, the common case (the Engines article draws
  /// it): the lock round trip of `begin` took the value and claimed the delivery, the observer gets it, not
  /// retained, and one more round trip gives the delivery back (`SubjectState.endSingle`). Anything else
  /// (several observers, a delivery in progress, a terminal event, events queued meanwhile) goes through the
  /// drain loop, and the observer's `stop` through `stopSingle`.
  @inlinable
  @inline(__always)
  func deliver(_ event: Event<Output, Failure>, _ start: SubjectStart<Output, Failure>) {
    switch start {
    case .none:
      return
    case .single(let observer):
      if observer.deliver(event) == .stop {
        stopSingle(removing: observer.with { $0.id })
        return
      }
      var released: SubjectRetired<Output, Failure>?
      if state.withLock({ $0.endSingle(released: &released) }) { return }
      drainQueued()
    case .broadcast(let work):
      drain(startingWith: work)
    }
  }

  /// After a fast-path delivery the observer answered `stop` to: removes it and goes idle in one lock round
  /// trip, then drains what was queued meanwhile. Out of line, so that `send` stays small.
  @inlinable
  @inline(never)
  func stopSingle(removing id: UInt64) {
    var released: SubjectRetired<Output, Failure>?
    var removal: SubjectRemoval<Output, Failure>?
    let idle = state.withLock { state -> Bool in
      removal = state.remove(id: id)
      return state.endSingle(released: &released)
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

  /// Delivers `work`, then everything queued meanwhile, until the queue is empty, through the engines' one
  /// drain loop (`LockStorage.drain`).
  @inlinable
  func drain(startingWith first: SubjectDelivery<Output, Failure>) {
    // What the last round trip let go of: released at the start of the next delivery and when this
    // returns, outside the lock.
    var released = SubjectObservers<Output, Failure>.none
    var retired: SubjectRetired<Output, Failure>?
    var delivered: (event: Event<Output, Failure>, isTargeted: Bool)?
    _ = state.storage.drain(
      first,
      deliver: { work in
        released = .none
        retired = nil
        deliver(work)
        delivered = (work.event, work.isTargeted)
        return true
      },
      next: { state in
        let (event, isTargeted) = delivered!
        return state.next(after: event, wasTargeted: isTargeted, released: &released, retiredOut: &retired)
      })
  }

  @inlinable
  func deliver(_ work: SubjectDelivery<Output, Failure>) {
    switch work.observers {
    case .none:
      break
    case .one(let entry):
      if entry.deliver(work.event) == .stop && !work.event.isTerminal {
        SubjectState.cancel(state, id: entry.id)
      }
    case .many(let list):
      // The snapshot was taken under the lock: its first live entry was attached then. Any later one may
      // have been cancelled by an earlier observer during this event, which one lock round-trip tells.
      var isFirst = true
      for slot in list.slots {
        guard let entry = slot else { continue }
        if !isFirst && state.withLock({ _ in entry.isRemoved }) { continue }
        isFirst = false
        if entry.deliver(work.event) == .stop && !work.event.isTerminal {
          SubjectState.cancel(state, id: entry.id)
        }
      }
    }
  }

  /// Attaches an observer; a `CurrentValueSignal` replays its value, a `ReplaySignal` its latest values, a
  /// finished subject its terminal event (a `ReplaySignal`'s after its values).
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
        if state.replay?.isEmpty == false { return state.startReplay(to: entry, then: event) }
        if state.delivering {
          // The terminal event may still be queued for others: queue a replay after it.
          state.pending.append(SubjectPending(event: event, stamp: id, target: entry))
          state.pendingReplays += 1
          return .idle
        }
        return .terminal(event, entry)
      }
      guard let current = state.current else {
        if state.replay?.isEmpty == false {
          state.observers.add(copy entry)
          return state.startReplay(to: entry, then: nil)
        }
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
    return state.handle(id: id)
  }

  /// Whether any observer is attached.
  @inlinable
  var hasObservers: Bool {
    state.withLock {
      if case .none = $0.observers { return false }
      return true
    }
  }
}

extension SubjectState: SubscriptionState {
  /// Removes observer `id`: what cancelling its subscription does.
  @inlinable
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    let removed = state.withLock { $0.remove(id: id) }
    _ = removed  // released here, outside the lock
  }
}
