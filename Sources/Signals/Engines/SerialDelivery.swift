// The engines' one drainer: how an event reaches a downstream when it may be sent from several places at
// once (an upstream, a timer, a fallback, other threads, the downstream itself, reentrantly).
//
// Whoever finds no delivery in progress becomes the *deliverer*: it delivers its event outside the lock,
// then, in one lock round trip after each delivery, takes what others queued meanwhile, until nothing is
// left. Anyone who finds a delivery in progress queues the event and returns. So the downstream never
// receives two events at once, a reentrant event is delivered after the current one (the stack does not
// grow), and no lock is held while the downstream runs.
//
// - `SerialDelivery` is that bookkeeping for one downstream, kept inside an operator's locked state next to
//   its own state machine, so the machine's step and the claim are one lock round trip. The deliverer moves
//   the downstream out of the state for its delivery and back when the queue is empty (the Engines article,
//   rule 4); an ending meanwhile (a cancel from another thread) finds no downstream to release, and the
//   deliverer, which next sees the ending, releases it.
// - `LockStorage.drain` is the one delivery loop, for one downstream and for a subject's broadcasts alike.
//
// The engines differ in three knobs, each set by the engine, not by copying the loop: whether a terminal
// event seals the queue (`post` refuses what comes after it), whether the deliverer is the sender or a run
// the engine schedules (`receive(on:)`: `enqueue`, then `claim` in the run), and what an ending releases.

/// Serial delivery to one downstream, kept inside an operator's locked state.
@usableFromInline
package struct SerialDelivery<Downstream: SignalObserver> {
  @usableFromInline package typealias Output = Downstream.Input
  @usableFromInline package typealias Failure = Downstream.Failure

  /// The downstream, while nobody delivers: the deliverer holds it meanwhile. `nil` once delivery ended.
  @usableFromInline package var downstream: Downstream?
  /// A deliverer is delivering: new events are queued for it.
  @usableFromInline package var isDelivering = false
  /// A terminal event was accepted: later events are refused.
  @usableFromInline package var isSealed = false
  /// Delivery ended (a terminal event delivered, the downstream answered `stop`, or a cancel): nothing more
  /// is delivered.
  @usableFromInline package var isEnded = false
  /// Events waiting for the deliverer, oldest first.
  @usableFromInline package var queue = EventQueue<Event<Output, Failure>>()

  @inlinable
  package init(_ downstream: consuming Downstream) {
    self.downstream = downstream
  }

  /// Whether events are accepted: no terminal event yet, and delivery has not ended.
  @inlinable
  package var isOpen: Bool { !isSealed && !isEnded }

  /// Accepts `event`, unless delivery is closed (`isOpen` false): queues it behind the delivery in
  /// progress, or makes the caller the deliverer by moving the downstream into `deliverer`, which the caller
  /// then hands to `LockStorage.drain`. A terminal event seals: later events are refused.
  @inlinable
  package mutating func post(_ event: Event<Output, Failure>, claiming deliverer: inout Downstream?) {
    guard accept(event) else { return }
    if isDelivering {
      queue.append(event)
    } else {
      isDelivering = true
      deliverer = downstream.take()
    }
  }

  /// Accepts `event` unless delivery is closed, sealing it on a terminal event; answers whether it was
  /// accepted. `post` and `enqueue` start with it; called alone, it is for the caller that just claimed the
  /// delivery and delivers further events of its own step itself, in order, before the queue (nothing was
  /// queued before them).
  @inlinable
  package mutating func accept(_ event: Event<Output, Failure>) -> Bool {
    guard isOpen else { return false }
    if event.isTerminal { isSealed = true }
    return true
  }

  /// Queues `event` without delivering it, unless delivery is closed; answers whether nobody delivers yet
  /// (the caller then starts a delivery run, which `claim`s the queue).
  @inlinable
  package mutating func enqueue(_ event: Event<Output, Failure>) -> Bool {
    guard accept(event) else { return false }
    queue.append(event)
    guard !isDelivering else { return false }
    isDelivering = true
    return true
  }

  /// For a delivery run started by `enqueue`: the first queued event, with the downstream moved into
  /// `deliverer`; `nil` when delivery ended meanwhile or nothing waits (the run then ends).
  @inlinable
  package mutating func claim(into deliverer: inout Downstream?) -> Event<Output, Failure>? {
    guard !isEnded, let event = queue.popFirst() else {
      isDelivering = false
      return nil
    }
    deliverer = downstream.take()
    return event
  }

  /// The deliverer's next event. When none is left the delivery ends: the downstream moves back from
  /// `deliverer`, unless delivery ended meanwhile (then `deliverer` keeps it, for the deliverer to release
  /// after unlocking, and the queue, which the ending emptied, is not read).
  @inlinable
  package mutating func next(returning deliverer: inout Downstream?) -> Event<Output, Failure>? {
    if !isEnded {
      if let event = queue.popFirst() { return event }
      downstream = deliverer.take()
    }
    isDelivering = false
    return nil
  }

  /// Ends delivery: nothing queued or posted later is delivered. Moves out what it held, to release after
  /// unlocking: the downstream (unless a deliverer holds it) and the queued events. Answers false if it had
  /// ended before (then nothing is moved).
  @inlinable
  package mutating func end(
    releasing downstream: inout Downstream?, _ queued: inout EventQueue<Event<Output, Failure>>
  ) -> Bool {
    guard !isEnded else { return false }
    isEnded = true
    isSealed = true
    downstream = self.downstream.take()
    queued = queue.removeAll()
    return true
  }
}

extension SerialDelivery: Sendable where Downstream: Sendable {}

extension LockStorage {
  /// The engines' one delivery loop. The caller claimed a delivery (it found none in progress, under this
  /// lock) for `first`: delivers it with `deliver`, then asks `next`, under the lock, for the work queued
  /// meanwhile, until `next` finds none (the engine is idle again) or `deliver` answers false (the delivery
  /// ended the operator: a terminal event, or a `stop`).
  ///
  /// - Returns: false when `deliver` ended the delivery; true when it drained.
  @inlinable
  package func drain<Work>(_ first: borrowing Work, deliver: (borrowing Work) -> Bool, next: (inout State) -> Work?)
    -> Bool
  {
    // `first` only borrowed: the caller's event is delivered in place, not copied into the loop.
    guard deliver(first) else { return false }
    while let work = withLock(next) {
      guard deliver(work) else { return false }
    }
    return true
  }
}

extension LockStorage {
  /// The drain of one downstream: delivers `first` to the downstream the caller claimed into `deliverer`,
  /// then what `next` finds under the lock, until none is left. Answers false when a delivery ended the
  /// operator (a terminal event, or a `stop`).
  @inlinable
  @inline(__always)
  package func deliver<Downstream: SignalObserver>(
    _ first: Event<Downstream.Input, Downstream.Failure>, to deliverer: inout Downstream?,
    next: (inout State, inout Downstream?) -> Event<Downstream.Input, Downstream.Failure>?
  ) -> Bool {
    drain(
      first, deliver: { event in deliverer!.receive(event) == .continue && !event.isTerminal },
      next: { next(&$0, &deliverer) })
  }
}
