// The lock-guarded state of a `Serializer`: the operator's own state machine,
// the drainer's bookkeeping, and the operator's upstream subscriptions.
//
// Everything that may hold user objects and leaves the state (the downstream
// observer, queued events, upstream subscriptions, the machine's buffers) goes
// through `garbage`, which the serializer empties *after* unlocking: nothing
// user-owned is released, and no subscription is cancelled, under the lock.

/// The state machine of a combining operator, kept inside its serializer's lock.
@usableFromInline
protocol SerialMachine {
  /// Empties the machine when the operator ends. The result (buffered values,
  /// waiting signals...) is released after unlocking; `nil` when there is nothing to release.
  mutating func clear() -> Any?
}

extension SerialMachine {
  /// Machines holding no user objects have nothing to release.
  @inlinable
  mutating func clear() -> Any? { nil }
}

/// What a transition asks the serializer to do.
@usableFromInline
enum SerialStep<Output: Sendable, Failure: Error> {
  /// Nothing to send; the upstream may go on.
  case none
  /// Send `event` downstream (after the event being delivered, if any). A terminal event ends the operator.
  case emit(Event<Output, Failure>)
  /// Send a value, then a terminal event (a zip whose last possible pair was just made).
  case emitThenEnd(Output, SignalCompletion<Failure>)
  /// Nothing to send; the upstream that caused this transition should stop (a race loser, a stale inner).
  case stopUpstream
}

/// One upstream's subscription slot.
@usableFromInline
enum SerialUpstreamSlot {
  /// Reserved: about to be subscribed (or being subscribed: a synchronous source is running).
  case reserved
  /// Subscribed.
  case active(SignalSubscription)
}

/// Things to release or cancel after unlocking.
@usableFromInline
struct SerialGarbage<Downstream: SignalObserver> {
  @usableFromInline var cancellations: [SignalSubscription] = []
  @usableFromInline var events: [Event<Downstream.Input, Downstream.Failure>] = []
  @usableFromInline var downstream: Downstream?
  @usableFromInline var leftovers: Any?

  @inlinable
  init() {}

  /// Cancels the subscriptions; everything else is released when the value goes.
  @inlinable
  func dispose() {
    for subscription in cancellations { subscription.cancel() }
  }
}

@usableFromInline
struct SerialState<Downstream: SignalObserver, Machine: SerialMachine> {
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  /// The operator's own state.
  @usableFromInline var machine: Machine
  /// The observer; `nil` once the operator ended (the drainer keeps its own copy).
  @usableFromInline var downstream: Downstream?
  /// A drainer is delivering: new events are queued for it.
  @usableFromInline var isDelivering = false
  /// A terminal event was accepted, the downstream answered `stop`, or the subscription was cancelled.
  @usableFromInline var isEnded = false
  /// Events waiting for the drainer; delivered ones are set to `nil` as they are taken.
  @usableFromInline var pending: [Event<Output, Failure>?] = []
  @usableFromInline var pendingHead = 0
  @usableFromInline var upstreams: [UInt64: SerialUpstreamSlot] = [:]
  @usableFromInline var hasGarbage = false
  @usableFromInline var garbage = SerialGarbage<Downstream>()

  @inlinable
  init(downstream: Downstream, machine: Machine) {
    self.downstream = downstream
    self.machine = machine
  }

  /// Takes what must be released or cancelled outside the lock.
  @inlinable
  mutating func takeGarbage() -> SerialGarbage<Downstream>? {
    guard hasGarbage else { return nil }
    hasGarbage = false
    defer { garbage = SerialGarbage() }
    return garbage
  }

  /// Reserves a slot for each key, so that an upstream can be dropped before it is subscribed.
  @inlinable
  mutating func reserve<Keys: Sequence<UInt64>>(_ keys: Keys) {
    for key in keys { upstreams[key] = .reserved }
  }

  /// Drops one upstream: its subscription, if any, is cancelled after unlocking.
  /// A reserved upstream will not be subscribed; one being subscribed is cancelled when its subscription arrives.
  @inlinable
  mutating func dropUpstream(_ key: UInt64) {
    guard let slot = upstreams.removeValue(forKey: key) else { return }
    if case .active(let subscription) = slot {
      garbage.cancellations.append(subscription)
      hasGarbage = true
    }
  }

  /// Drops every upstream except `kept`.
  @inlinable
  mutating func dropUpstreams(except kept: UInt64) {
    for key in Array(upstreams.keys) where key != kept { dropUpstream(key) }
  }

  /// Ends the operator: accepts nothing more, drops every upstream and empties the machine.
  /// With `discardingPending`, queued events are dropped (stop or cancel); otherwise the drainer delivers them.
  @inlinable
  mutating func end(discardingPending: Bool) {
    guard !isEnded else { return }
    isEnded = true
    for (_, slot) in upstreams {
      if case .active(let subscription) = slot { garbage.cancellations.append(subscription) }
    }
    upstreams = [:]
    garbage.downstream = downstream.take()
    garbage.leftovers = machine.clear()
    if discardingPending && pendingHead < pending.count {
      garbage.events = pending[pendingHead...].compactMap { $0 }
      pending = []
      pendingHead = 0
    }
    hasGarbage = true
  }
}
