import Signals
import Testing

// The engines' one drainer (race, the time operators, timeout, the combining operators, receive(on:)): who
// delivers, what is queued, the seal of a terminal event, the downstream's round trip, an ending during a
// delivery, the scheduled-run knob, and the one delivery loop. The engines' behaviour through it is pinned
// by DeliveryHandoffTests and the contract suites; these pin the piece itself.

/// A downstream that records what it receives.
private struct Recorder: SignalObserver {
  let log: Locked<[Event<Int, Never>]>

  func receive(_ event: Event<Int, Never>) -> SignalControl {
    log.withLock { $0.append(event) }
    return .continue
  }
}

@Suite struct SerialDeliveryTests {
  private func makeDelivery() -> (SerialDelivery<Recorder>, Locked<[Event<Int, Never>]>) {
    let log = Locked<[Event<Int, Never>]>([])
    return (SerialDelivery(Recorder(log: log)), log)
  }

  @Test func theFirstSenderClaimsTheDownstreamAndTheOthersQueue() {
    var (delivery, _) = makeDelivery()
    var deliverer: Recorder?
    delivery.post(.value(1), claiming: &deliverer)
    #expect(deliverer != nil, "the first sender delivers")
    #expect(delivery.downstream == nil, "moved out while delivering")
    var other: Recorder?
    delivery.post(.value(2), claiming: &other)
    delivery.post(.value(3), claiming: &other)
    #expect(other == nil, "a sender that finds a delivery in progress queues")
    let step1 = delivery.next(returning: &deliverer)
    #expect(step1 == .value(2))
    let step2 = delivery.next(returning: &deliverer)
    #expect(step2 == .value(3))
    let step3 = delivery.next(returning: &deliverer)
    #expect(step3 == nil)
    #expect(deliverer == nil && delivery.downstream != nil, "the downstream is back once the queue is empty")
    #expect(!delivery.isDelivering)
    delivery.post(.value(4), claiming: &deliverer)
    #expect(deliverer != nil, "and the next sender delivers again")
  }

  @Test func aTerminalEventSealsTheDelivery() {
    var (delivery, _) = makeDelivery()
    var deliverer: Recorder?
    delivery.post(.value(1), claiming: &deliverer)
    delivery.post(.finished, claiming: &deliverer)
    delivery.post(.value(2), claiming: &deliverer)
    #expect(!delivery.isOpen)
    let step4 = delivery.next(returning: &deliverer)
    #expect(step4 == .finished)
    let step5 = delivery.next(returning: &deliverer)
    #expect(step5 == nil, "nothing after the terminal event")
    let step6 = delivery.accept(.value(3))
    #expect(!step6)
  }

  @Test func anEndingDuringADeliveryLeavesTheDownstreamWithTheDeliverer() {
    var (delivery, _) = makeDelivery()
    var deliverer: Recorder?
    delivery.post(.value(1), claiming: &deliverer)
    delivery.post(.value(2), claiming: &deliverer)
    var released: Recorder?
    var dropped = EventQueue<Event<Int, Never>>()
    let step7 = delivery.end(releasing: &released, &dropped)
    #expect(step7)
    #expect(released == nil, "the deliverer holds the downstream")
    #expect(dropped.count == 1, "what waited is handed back, to release after unlocking")
    let step8 = delivery.next(returning: &deliverer)
    #expect(step8 == nil, "nothing more is delivered")
    #expect(deliverer != nil, "the deliverer keeps the downstream, to release it after unlocking")
    #expect(delivery.downstream == nil)
    let step9 = delivery.end(releasing: &released, &dropped)
    #expect(!step9, "ending twice does nothing")
  }

  @Test func anEndingWhileIdleHandsBackTheDownstream() {
    var (delivery, _) = makeDelivery()
    var released: Recorder?
    var dropped = EventQueue<Event<Int, Never>>()
    let step10 = delivery.end(releasing: &released, &dropped)
    #expect(step10)
    #expect(released != nil)
    var deliverer: Recorder?
    delivery.post(.value(1), claiming: &deliverer)
    #expect(deliverer == nil, "nothing is accepted after the ending")
  }

  @Test func aScheduledRunClaimsWhatWasEnqueued() {
    var (delivery, _) = makeDelivery()
    let step11 = delivery.enqueue(.value(1))
    #expect(step11, "the first event starts a run")
    let step12 = delivery.enqueue(.value(2))
    #expect(!step12, "later ones join it")
    var deliverer: Recorder?
    let step13 = delivery.claim(into: &deliverer)
    #expect(step13 == .value(1))
    #expect(deliverer != nil)
    let step14 = delivery.next(returning: &deliverer)
    #expect(step14 == .value(2))
    let step15 = delivery.next(returning: &deliverer)
    #expect(step15 == nil)
    #expect(!delivery.isDelivering)
    let step16 = delivery.enqueue(.value(3))
    #expect(step16, "a new run once the last one ended")
    var ended: Recorder?
    var dropped = EventQueue<Event<Int, Never>>()
    _ = delivery.end(releasing: &ended, &dropped)
    let step17 = delivery.claim(into: &deliverer)
    #expect(step17 == nil, "a run after the ending claims nothing")
  }

  @Test func theDrainLoopDeliversInOrderAndStopsWhenToldTo() {
    let storage = LockStorage.make([1, 2, 3, 4])
    var delivered: [Int] = []
    let drained = storage.drain(
      0,
      deliver: { value in
        delivered.append(value)
        return value != 3
      },
      next: { queue in queue.isEmpty ? nil : queue.removeFirst() })
    #expect(!drained, "the loop stops when `deliver` answers false")
    #expect(delivered == [0, 1, 2, 3])
    let rest = storage.withLock { $0 }
    #expect(rest == [4], "and asks for nothing more")
    var more: [Int] = []
    let drainedAll = storage.drain(
      9,
      deliver: { value in
        more.append(value)
        return true
      },
      next: { queue in queue.popLast() })
    #expect(drainedAll, "the loop ends when `next` finds nothing")
    #expect(more == [9, 4])
  }
}
