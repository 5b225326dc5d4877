import Signals

/// A thread-safe record of the events an observer received, for tests.
final class EventLog<Output: Sendable, Failure: Error>: SignalObserver, Sendable {
  typealias Input = Output

  private let lock = Locked<[Event<Output, Failure>]>([])
  private let answer: @Sendable (Event<Output, Failure>) -> SignalControl

  init(answer: @escaping @Sendable (Event<Output, Failure>) -> SignalControl = { _ in .continue }) {
    self.answer = answer
  }

  func receive(_ event: Event<Output, Failure>) -> SignalControl {
    lock.withLock { $0.append(event) }
    return answer(event)
  }

  var events: [Event<Output, Failure>] { lock.withLock { $0 } }
  var values: [Output] { events.compactMap(\.value) }
  var completion: SignalCompletion<Failure>? { events.last?.completion }
}

/// A handle, as Signals' engines hand out: cancelling it runs `cancel` (every time: make it idempotent);
/// releasing it cancels nothing.
func probeHandle(_ cancel: @escaping @Sendable () -> Void) -> SignalSubscriptionHandle {
  Locked(ProbeCancel(cancel: cancel)).handle()
}

/// The state behind `probeHandle(_:)`.
private struct ProbeCancel: SubscriptionState {
  let cancel: @Sendable () -> Void

  static func cancel(_ state: Locked<Self>, id: UInt64) {
    state.withLock { $0.cancel }()
  }
}
