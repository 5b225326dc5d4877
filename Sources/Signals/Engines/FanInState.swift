// The lock-guarded state of a `FanIn`: the operator's own state machine,
// the drainer's bookkeeping, and the operator's upstream subscriptions.
//
// Everything that may hold user objects and leaves the state (the downstream
// observer, queued events, upstream subscriptions, the machine's buffers) goes
// through `cleanup`, which the fanIn empties *after* unlocking: nothing
// user-owned is released, and no subscription is cancelled, under the lock.

/// The state machine of a combining operator, kept inside its fanIn's lock.
@usableFromInline
protocol FanInMachine: SendableMetatype {
  /// Empties the machine when the operator ends. The result (buffered values,
  /// waiting signals...) is released after unlocking; `nil` when there is nothing to release.
  mutating func clear() -> Any?
}

extension FanInMachine {
  /// Machines holding no user objects have nothing to release.
  @inlinable
  mutating func clear() -> Any? { nil }
}

/// What a transition asks the fanIn to do.
@usableFromInline
enum FanInStep<Output: Sendable, Failure: Error> {
  /// Nothing to send; the upstream may go on.
  case none
  /// Send `event` downstream (after the event being delivered, if any). A terminal event ends the operator.
  case emit(Event<Output, Failure>)
  /// Send a value, then a terminal event (a zip whose last possible pair was just made).
  case emitThenEnd(Output, SignalCompletion<Failure>)
  /// Nothing to send; the upstream that caused this transition should stop (a race loser, a stale inner).
  case stopUpstream
}

/// One upstream's subscription slot: reserved (about to be subscribed, or being subscribed while a
/// synchronous source runs) until its subscription arrives.
@usableFromInline
struct FanInSlot {
  @usableFromInline var key: UInt64
  /// `nil` while reserved. Cancelled explicitly when dropped (releasing a handle does not cancel).
  @usableFromInline var subscription: SignalSubscriptionHandle?

  @usableFromInline
  init(key: UInt64, subscription: SignalSubscriptionHandle?) {
    self.key = key
    self.subscription = subscription
  }
}

/// The upstream slots, sorted by key: an array (binary search), not a dictionary, for the common handful of
/// upstreams.
@usableFromInline
struct FanInSlots {
  @usableFromInline var slots: [FanInSlot] = []

  @usableFromInline
  init() {}

  /// The index of `key`, or where it would be inserted.
  @usableFromInline
  func position(of key: UInt64) -> (index: Int, found: Bool) {
    // Keys are usually added in increasing order: check the end first.
    if let last = slots.last, last.key < key { return (slots.count, false) }
    var low = 0
    var high = slots.count
    while low < high {
      let middle = (low + high) / 2
      if slots[middle].key < key { low = middle + 1 } else { high = middle }
    }
    return (low, low < slots.count && slots[low].key == key)
  }

  @usableFromInline
  mutating func reserve(_ key: UInt64) {
    let (index, found) = position(of: key)
    if found {
      slots[index].subscription = nil
    } else {
      slots.insert(FanInSlot(key: key, subscription: nil), at: index)
    }
  }

  /// Whether `key` is reserved and not yet subscribed.
  @usableFromInline
  func isReserved(_ key: UInt64) -> Bool {
    let (index, found) = position(of: key)
    return found && slots[index].subscription == nil
  }

  /// Moves `subscription` into reserved `key`; leaves it in place if the slot is gone or already
  /// subscribed (the caller cancels it).
  @usableFromInline
  mutating func activate(_ key: UInt64, with subscription: inout SignalSubscriptionHandle?) {
    let (index, found) = position(of: key)
    guard found, slots[index].subscription == nil else { return }
    slots[index].subscription = subscription.take()
  }

  /// Removes `key`; nil if absent, else the slot (its subscription, if any, to cancel).
  @usableFromInline
  mutating func remove(_ key: UInt64) -> FanInSlot? {
    let (index, found) = position(of: key)
    guard found else { return nil }
    return slots.remove(at: index)
  }
}

/// Things to release or cancel after unlocking.
@usableFromInline
struct FanInCleanup<Downstream: SignalObserver> {
  @usableFromInline var cancellations = Handles()
  /// Every slot of an ended operator, moved out whole.
  @usableFromInline var slots: [FanInSlot] = []
  @usableFromInline var events = EventQueue<Event<Downstream.Input, Downstream.Failure>>()
  @usableFromInline var downstream: Downstream?
  @usableFromInline var discarded: Any?

  @inlinable
  init() {}

  /// Cancels the subscriptions; everything else is released when the value goes.
  @inlinable
  func dispose() {
    var cancellations = cancellations
    cancellations.cancelAll()
    for slot in slots { slot.subscription?.cancel() }
  }
}

@usableFromInline
struct FanInState<Downstream: SignalObserver, Machine: FanInMachine> {
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  /// The operator's own state.
  @usableFromInline var machine: Machine
  /// The deliveries to the downstream (see `SerialDelivery`).
  @usableFromInline var delivery: SerialDelivery<Downstream>
  /// A terminal event was accepted, the downstream answered `stop`, or the subscription was cancelled:
  /// transitions are refused, the upstreams and the machine were let go.
  @usableFromInline var isEnded = false
  @usableFromInline var upstreams = FanInSlots()
  @usableFromInline var hasCleanup = false
  @usableFromInline var cleanup = FanInCleanup<Downstream>()

  @inlinable
  init(downstream: consuming Downstream, machine: consuming Machine) {
    self.delivery = SerialDelivery(downstream)
    self.machine = machine
  }

  /// Takes what must be released or cancelled outside the lock.
  @inlinable
  mutating func takeCleanup() -> FanInCleanup<Downstream>? {
    guard hasCleanup else { return nil }
    hasCleanup = false
    defer { cleanup = FanInCleanup() }
    return cleanup
  }

  /// Reserves a slot for each key, so that an upstream can be dropped before it is subscribed.
  @inlinable
  mutating func reserve<Keys: Sequence<UInt64>>(_ keys: Keys) {
    if upstreams.slots.isEmpty { upstreams.slots.reserveCapacity(keys.underestimatedCount) }
    for key in keys { upstreams.reserve(key) }
  }

  /// Drops one upstream: its subscription, if any, is cancelled after unlocking.
  /// A reserved upstream will not be subscribed; one being subscribed is cancelled when its subscription arrives.
  @inlinable
  mutating func dropUpstream(_ key: UInt64) {
    guard let slot = upstreams.remove(key), let subscription = slot.subscription else { return }
    cleanup.cancellations.append(subscription)
    hasCleanup = true
  }

  /// Ends the operator: accepts nothing more, drops every upstream and empties the machine.
  /// With `discardingPending`, delivery ends too: queued events are dropped and the downstream let go (stop,
  /// cancel, or a terminal event delivered); otherwise the drainer delivers what was queued.
  @inlinable
  mutating func end(discardingPending: Bool) {
    if !isEnded {
      isEnded = true
      cleanup.slots = upstreams.slots
      upstreams.slots = []
      cleanup.discarded = machine.clear()
      hasCleanup = true
    }
    if discardingPending, delivery.end(releasing: &cleanup.downstream, &cleanup.events) { hasCleanup = true }
  }
}
