import Signals

// The observer of the generic contract tests (reliability): it records events and checks the
// contracts as they happen (overlapping deliveries, events after a terminal or after a cancel).

/// A thread-safe recording observer that also counts contract violations as they happen.
final class ContractRecorder: SignalObserver, Sendable {
  typealias Input = Int
  typealias Failure = TestError

  struct State: Sendable {
    var events: [Event<Int, TestError>] = []
    var valueCount = 0
    var terminals = 0
    /// Deliveries that began while another was still running (serial delivery broken).
    var overlaps = 0
    var eventsAfterTerminal = 0
    /// Deliveries that began after `markCancelled()` (cancel() had returned).
    var eventsAfterCancel = 0
    var cancelled = false
    var inside = 0
  }

  let state = Locked(State())
  let keepsEvents: Bool
  let onValue: @Sendable (Int) -> SignalControl

  /// - Parameters:
  ///   - keepsEvents: false to count values only (long runs).
  ///   - onValue: runs inside the delivery of each value (to send, cancel or stop from there).
  init(keepsEvents: Bool = true, onValue: @escaping @Sendable (Int) -> SignalControl = { _ in .continue }) {
    self.keepsEvents = keepsEvents
    self.onValue = onValue
  }

  func receive(_ event: Event<Int, TestError>) -> SignalControl {
    state.withLock { state in
      state.inside += 1
      if state.inside > 1 { state.overlaps += 1 }
      if state.terminals > 0 { state.eventsAfterTerminal += 1 }
      if state.cancelled { state.eventsAfterCancel += 1 }
      if event.isTerminal { state.terminals += 1 } else { state.valueCount += 1 }
      if keepsEvents || event.isTerminal { state.events.append(event) }
    }
    var control = SignalControl.continue
    if case .value(let value) = event { control = onValue(value) }
    state.withLock { $0.inside -= 1 }
    return control
  }

  /// Call right after `cancel()` returned: later deliveries count as `eventsAfterCancel`.
  func markCancelled() { state.withLock { $0.cancelled = true } }

  var snapshot: State { state.withLock { $0 } }
  var events: [Event<Int, TestError>] { snapshot.events }
  var values: [Int] { events.compactMap(\.value) }
  var completion: SignalCompletion<TestError>? { snapshot.events.last?.completion }
}
