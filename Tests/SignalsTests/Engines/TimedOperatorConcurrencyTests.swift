import Dispatch
import Signals
import SignalsTesting
import Testing

/// Real threads (explicitly marked, generous bounds): the time operators' shared storage keeps
/// delivery serial and in order while upstream threads and scheduler timers race.
@Suite struct TimedOperatorConcurrencyTests {
  typealias Item = (sender: Int, n: Int)

  static let operators: [(String, @Sendable (AnySignal<Item, Never>, QueueSchedulerDouble) -> AnySignal<Item, Never>)] =
    [
      ("delay", { $0.delay(for: .zero, scheduler: $1).eraseToAnySignal() }),
      ("timeout", { $0.timeout(.seconds(30), scheduler: $1, fallback: EmptySignal()).eraseToAnySignal() }),
      ("receive(on:)", { $0.receive(on: $1).eraseToAnySignal() }),
    ]

  @Test(arguments: 0..<3)
  func deliveryStaysSerialAndOrderedUnderContention(index: Int) async {
    let (name, apply) = Self.operators[index]
    let scheduler = QueueSchedulerDouble(queue: DispatchQueue(label: "signals.tests.timed"))
    let subject = PassthroughSignal<Item, Never>()
    let probe = SerialDeliveryProbe()
    let token = apply(AnySignal(subject), scheduler).observe({ probe.receive($0) })
    let senders = 4
    let perSender = 300 * stressScale
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        sendConcurrently(to: subject, senders: senders, perSender: perSender)
        continuation.resume()
      }
    }
    #expect(await waitUntil { probe.report.finished }, "\(name) finished")
    let report = probe.report
    #expect(report.count == senders * perSender, "\(name)")
    #expect(report.overlaps == 0, "\(name)")
    #expect(report.outOfOrder == 0, "\(name)")
    withExtendedLifetime(token) {}
  }

  @Test(arguments: [0, 1, 2])
  func debounceAndThrottleStaySerialWhileTimersFire(variant: Int) async {
    // Values keep arriving from threads while the scheduler's timers fire on the queue; values
    // are dropped by design here, so check no overlap, the terminal, and order of what arrives.
    let scheduler = QueueSchedulerDouble(queue: DispatchQueue(label: "signals.tests.timed"))
    let subject = PassthroughSignal<Item, Never>()
    let interval = Duration.microseconds(50)
    let signal: AnySignal<Item, Never> =
      switch variant {
      case 0: subject.debounce(for: interval, scheduler: scheduler).eraseToAnySignal()
      case 1: subject.throttle(for: interval, scheduler: scheduler, latest: true).eraseToAnySignal()
      default: subject.throttle(for: interval, scheduler: scheduler, latest: false).eraseToAnySignal()
      }
    struct Watch {
      var inDelivery = false
      var overlaps = 0
      var values = 0
      var finished = false
      var last: [Int: Int] = [:]
      var outOfOrder = 0
    }
    let watch = Locked(Watch())
    let token = signal.observe({ event in
      let overlapped = watch.withLock { state in
        defer { state.inDelivery = true }
        return state.inDelivery
      }
      // A slow consumer widens the window in which a racing delivery would overlap.
      var spin = 0
      for i in 0..<2_000 { spin &+= i }
      watch.withLock { state in
        if overlapped || spin == 0 { state.overlaps += 1 }
        if case .value(let item) = event {
          if item.n <= (state.last[item.sender] ?? -1) { state.outOfOrder += 1 }
          state.last[item.sender] = item.n
          state.values += 1
        } else {
          state.finished = true
        }
        state.inDelivery = false
      }
    })
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        sendConcurrently(to: subject, senders: 4, perSender: 300 * stressScale)
        continuation.resume()
      }
    }
    #expect(await waitUntil { watch.withLock { $0.finished } })
    let result = watch.withLock { $0 }
    #expect(result.overlaps == 0)
    #expect(result.outOfOrder == 0)
    #expect(result.values >= 1)
    withExtendedLifetime(token) {}
  }
}
