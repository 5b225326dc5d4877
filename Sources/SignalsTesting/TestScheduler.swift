import Signals

// Stand-in: a sorted array. The time issue replaces it with a heap and the full API.

/// A scheduler on virtual time: nothing runs until the test advances the clock.
///
/// It starts at ``SignalInstant/zero``. Actions run in order of deadline, and
/// actions due at the same instant run in the order they were scheduled.
public final class TestScheduler: SignalScheduler, Sendable {
  private struct Entry {
    var deadline: SignalInstant
    var sequence: UInt64
    var action: @Sendable () -> Void
  }

  private struct State {
    var now = SignalInstant.zero
    var sequence: UInt64 = 0
    var heap: [Entry] = []
    var cancelled = Set<UInt64>()
  }

  private let state = Locked(State())

  /// Creates a scheduler at virtual time zero with nothing pending.
  public init() {}

  /// The current virtual instant.
  public var now: SignalInstant { state.withLock { state in state.now } }

  /// Schedules `action` at the current instant.
  public func schedule(_ action: @escaping @Sendable () -> Void) -> SignalSubscription {
    schedule(at: now, action)
  }

  /// Schedules `action` at `deadline` (at the current instant if `deadline` has passed).
  public func schedule(at deadline: SignalInstant, _ action: @escaping @Sendable () -> Void) -> SignalSubscription {
    let sequence: UInt64 = state.withLock { state in
      state.sequence += 1
      let entry = Entry(deadline: max(deadline, state.now), sequence: state.sequence, action: action)
      state.heap.append(entry)
      state.heap.sort { ($0.deadline, $0.sequence) > ($1.deadline, $1.sequence) }
      return state.sequence
    }
    return SignalSubscription { [weak self] in
      guard let self else { return }
      self.state.withLock { state in _ = state.cancelled.insert(sequence) }
    }
  }

  /// Advances virtual time by `duration`, running every action due by then.
  public func advance(by duration: Duration = .zero) {
    advance(to: now.advanced(by: duration))
  }

  /// Advances virtual time to `instant`, running every action due by then.
  public func advance(to instant: SignalInstant) {
    while true {
      let next: Entry? = state.withLock { state in
        guard let last = state.heap.last, last.deadline <= instant else { return nil }
        state.heap.removeLast()
        state.now = max(state.now, last.deadline)
        if state.cancelled.remove(last.sequence) != nil {
          return Entry(deadline: last.deadline, sequence: 0, action: {})
        }
        return last
      }
      guard let next else { break }
      next.action()
    }
    state.withLock { state in state.now = max(state.now, instant) }
  }

  /// Runs until nothing is pending.
  public func run() {
    while let deadline = state.withLock({ $0.heap.last?.deadline }) {
      advance(to: deadline)
    }
  }
}
