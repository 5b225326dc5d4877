import Dispatch

/// One `receiveOnMainActor()` subscription. `@unchecked Sendable`: mutable state is in a `Locked`.
///
/// Who delivers: the sender itself when it is on the main thread and nothing waits (`draining` is claimed
/// at once), else a drain scheduled on the main queue (`hopScheduled`). Only the main thread ever claims
/// `draining`, so every delivery runs there, one at a time; whoever holds it delivers until the queue is
/// empty, so events sent meanwhile, from any thread or reentrantly, keep their order.
final class MainActorDelivery<Downstream: SignalObserver>: SubscriptionTarget, @unchecked Sendable {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private struct State {
    var queue: [Event<Input, Failure>] = []
    var head = 0
    var draining = false
    var hopScheduled = false
    var ended = false
    var upstream: SignalSubscription?

    mutating func popFirst() -> Event<Input, Failure>? {
      guard head < queue.count else {
        queue.removeAll(keepingCapacity: queue.capacity <= 16)
        head = 0
        return nil
      }
      defer { head += 1 }
      return queue[head]
    }
  }

  private enum Arrival {
    case deliverNow
    case hop
    case queued
    case refused
  }

  private let state = Locked(State())
  private let downstream: Downstream

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  func attach<Upstream: Signal>(to upstream: Upstream) -> SignalSubscription
  where Upstream.Output == Input, Upstream.Failure == Failure {
    let token = upstream.subscribe(MainActorDeliveryObserver(delivery: self))
    let refused: SignalSubscription? = state.withLock { state in
      if state.ended { return token }
      state.upstream = token
      return nil
    }
    refused?.cancel()
    return SignalSubscription(target: self, id: 0)
  }

  func receiveUpstream(_ event: Event<Input, Failure>) -> SignalControl {
    let onMain = MainThread.isCurrent
    let arrival = state.withLock { state -> Arrival in
      guard !state.ended else { return .refused }
      if onMain && !state.draining && !state.hopScheduled && state.head == state.queue.count {
        state.draining = true
        return .deliverNow
      }
      state.queue.append(event)
      guard !state.draining && !state.hopScheduled else { return .queued }
      state.hopScheduled = true
      return .hop
    }
    switch arrival {
    case .deliverNow:
      if deliver(event) { drain() }
    case .hop:
      DispatchQueue.main.async { self.hopped() }
    case .queued:
      break
    case .refused:
      return .stop
    }
    return .continue
  }

  /// The main-queue drain: delivers what waits, unless a synchronous delivery already holds the drain.
  private func hopped() {
    let claimed = state.withLock { state -> Bool in
      state.hopScheduled = false
      guard !state.ended, !state.draining else { return false }
      state.draining = true
      return true
    }
    if claimed { drain() }
  }

  /// Delivers queued events until none is left; then gives up the drain.
  private func drain() {
    while let event = state.withLock({ state -> Event<Input, Failure>? in
      guard !state.ended, let event = state.popFirst() else {
        state.draining = false
        return nil
      }
      return event
    }) {
      guard deliver(event) else { return }
    }
  }

  /// Delivers one event; false once delivery has ended (a terminal event, or `stop`).
  private func deliver(_ event: Event<Input, Failure>) -> Bool {
    // No check of `ended` between taking the event and here: a cancel on the main thread cannot come in
    // between (this is the main thread), and one from another thread may let an event already in
    // flight through (the event contract).
    let control = downstream.receive(event)
    guard event.isTerminal || control == .stop else { return true }
    end()
    return false
  }

  private func end() {
    let released = state.withLock { state -> ([Event<Input, Failure>], SignalSubscription?) in
      state.ended = true
      state.draining = false
      defer {
        state.queue = []
        state.head = 0
        state.upstream = nil
      }
      return (state.queue, state.upstream)
    }
    released.1?.cancel()
  }

  func cancelSubscription(id: UInt64) {
    end()
  }
}

struct MainActorDeliveryObserver<Downstream: SignalObserver>: SignalObserver {
  let delivery: MainActorDelivery<Downstream>

  func receive(_ event: Event<Downstream.Input, Downstream.Failure>) -> SignalControl {
    delivery.receiveUpstream(event)
  }
}
