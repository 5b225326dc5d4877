import Dispatch
import Signals
import SignalsTesting

// Shared helpers of the time operator tests (time-ops).

/// A value object: a `weak` reference to it proves an operator released the values it held.
final class Payload: Sendable {}

/// Sends two `Payload`s through `makeSignal(subject)`, cancels the subscription after
/// `advance`, and returns whether the payloads and the upstream observer were released, how
/// many scheduled actions were left pending right after the cancel, whether anything was delivered after it
/// (two, so that an operator that sends the first at once holds the second).
func releasesEverythingOnCancel<Downstream: Signal>(
  advance: Duration = .zero,
  _ makeSignal: (AnySignal<Payload, Never>, TestScheduler) -> Downstream
) -> (payloadReleased: Bool, upstreamReleased: Bool, pendingAfterCancel: Int, deliveredAfterCancel: Bool) {
  let scheduler = TestScheduler()
  let subject = PassthroughSignal<Payload, Never>()
  let delivered = Locked(0)
  weak var first: Payload?
  weak var second: Payload?
  let subscription = makeSignal(AnySignal(subject), scheduler).observe {
    (_: Event<Downstream.Output, Downstream.Failure>) in
    delivered.withLock { $0 += 1 }
  }
  do {
    let payloads = (Payload(), Payload())
    (first, second) = payloads
    subject.send(payloads.0)
    subject.send(payloads.1)
  }
  scheduler.advance(by: advance)
  let before = delivered.withLock { $0 }
  subscription.cancel()
  let pending = scheduler.pendingCount
  scheduler.run()
  let after = delivered.withLock { $0 }
  return (first == nil && second == nil, !subject.hasObservers, pending, after != before)
}

/// A minimal real-queue scheduler for the explicitly-marked real-thread tests: runs actions on a
/// serial `DispatchQueue`, at their deadlines (measured from its creation).
final class QueueSchedulerDouble: SignalScheduler {
  let queue: DispatchQueue
  private let zero = DispatchTime.now()

  init(queue: DispatchQueue) {
    self.queue = queue
  }

  var now: SignalInstant {
    SignalInstant(offset: .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - zero.uptimeNanoseconds)))
  }

  @discardableResult
  func schedule(at deadline: SignalInstant, _ action: consuming @escaping @Sendable () -> Void)
    -> SignalScheduledAction
  {
    let flag = CancelFlag()
    let wait = max(now.duration(to: deadline), .zero)
    let nanoseconds = Int(wait.components.seconds) * 1_000_000_000 + Int(wait.components.attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [action] in
      if !flag.cancelled.withLock({ $0 }) { action() }
    }
    return SignalScheduledAction(id: 0, object: flag)
  }

  func cancel(_ action: SignalScheduledAction) {
    (action.object as? CancelFlag)?.cancelled.withLock { $0 = true }
  }
}

/// The cancellation flag of one `QueueSchedulerDouble` action.
final class CancelFlag: Sendable {
  let cancelled = Locked(false)
}

/// Watches deliveries from real threads: counts overlaps (two deliveries at once), values
/// out of order per sender, and whether the terminal event arrived.
final class SerialDeliveryProbe: Sendable {
  struct Report {
    var count = 0
    var overlaps = 0
    var outOfOrder = 0
    var finished = false
    var last: [Int: Int] = [:]
    var inDelivery = false
  }

  let state = Locked(Report())

  func receive(_ event: Event<(sender: Int, n: Int), Never>) {
    let overlapped = state.withLock { state in
      defer { state.inDelivery = true }
      return state.inDelivery
    }
    state.withLock { state in
      if overlapped { state.overlaps += 1 }
      switch event {
      case .value(let item):
        if item.n != (state.last[item.sender] ?? -1) + 1 { state.outOfOrder += 1 }
        state.last[item.sender] = item.n
        state.count += 1
      case .finished, .failed:
        state.finished = true
      }
      state.inDelivery = false
    }
  }

  var report: Report { state.withLock { $0 } }
}

/// Sends `perSender` numbered values from each of `senders` threads at once, then finishes.
func sendConcurrently(to subject: PassthroughSignal<(sender: Int, n: Int), Never>, senders: Int, perSender: Int) {
  DispatchQueue.concurrentPerform(iterations: senders) { sender in
    for n in 0..<perSender { subject.send((sender, n)) }
  }
  subject.send(completion: .finished)
}

/// Waits (real time, generous bound) until `condition` holds; returns whether it did.
func waitUntil(seconds: Double = 20, _ condition: () -> Bool) async -> Bool {
  let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
  while !condition() {
    if DispatchTime.now().uptimeNanoseconds > deadline { return false }
    try? await Task.sleep(nanoseconds: 1_000_000)
  }
  return true
}
