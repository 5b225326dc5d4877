// The state of one `receive(on:)` subscription under its lock: the engines' one drainer, whose deliverer is
// a run scheduled on the scheduler (`SerialDelivery.enqueue`, then `claim` in the run), and the buffering
// policy's count of waiting values.

struct ReceiveOnState<Downstream: SignalObserver> {
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure

  /// The scheduler: read under the lock, like the rest of the state, and copied out only to be called.
  let scheduler: SchedulerReference
  var delivery: SerialDelivery<Downstream>
  /// How many values wait (the terminal event is not counted: it is never dropped).
  var valueCount = 0
  /// The policy's limit; `nil` for `.unbounded`.
  let limit: Int?
  /// `.bufferingNewest`: a full buffer drops its oldest value rather than the new one.
  let keepsNewest: Bool
  var upstream: SignalSubscriptionHandle?
  /// The latest delivery run scheduled, to cancel when the subscription ends.
  var run: SignalScheduledAction?
  var runNumber: UInt64 = 0

  init(downstream: consuming Downstream, scheduler: SchedulerReference, policy: SignalBufferingPolicy) {
    self.delivery = SerialDelivery(downstream)
    self.scheduler = scheduler
    self.limit = policy.limit
    if case .bufferingNewest = policy { keepsNewest = true } else { keepsNewest = false }
  }

  /// Queues `event` by the buffering policy. Answers the number of the run to schedule when nobody delivers
  /// yet; a value the policy drops (the oldest waiting one for `.bufferingNewest`) goes to `dropped`, to be
  /// released after unlocking.
  mutating func enqueue(_ event: Event<Output, Failure>, dropping dropped: inout Event<Output, Failure>?) -> UInt64? {
    guard delivery.isOpen else { return nil }
    if case .value = event, let limit, valueCount >= limit {
      // Full: `.bufferingNewest` drops the oldest waiting value, `.bufferingOldest` the new one.
      guard keepsNewest, let oldest = delivery.queue.popFirst() else { return nil }
      dropped = oldest
      valueCount -= 1
    }
    if case .value = event { valueCount += 1 }
    guard delivery.enqueue(event) else { return nil }
    runNumber += 1
    return runNumber
  }

  /// Counts `event` out of the buffer as the run takes it.
  mutating func taken(_ event: Event<Output, Failure>?) -> Event<Output, Failure>? {
    if case .value = event { valueCount -= 1 }
    return event
  }
}
