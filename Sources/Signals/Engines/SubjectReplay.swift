// The latest values a replaying subject (`ReplaySignal`, the connection of `share(replay:)`) gives each new
// observer before the events sent after it attached: kept in the subject's state, under its lock, so that
// recording a value and sending it are one step for an observer attaching at the same time.

/// The latest values of a replaying subject, oldest first, at most `capacity` of them.
@usableFromInline
struct SubjectReplay<Output: Sendable>: Sendable {
  @usableFromInline let capacity: Int
  /// The values, in a ring once full: the oldest is at `start`.
  @usableFromInline var values: [Output] = []
  @usableFromInline var start = 0

  @inlinable
  init(capacity: Int) {
    self.capacity = capacity
  }

  @inlinable
  var isEmpty: Bool { values.isEmpty }

  /// Keeps `value` as the latest; the oldest goes to `evicted` when the buffer is full, to be released by
  /// the caller after unlocking.
  @inlinable
  mutating func record(_ value: Output, evicting evicted: inout Output?) {
    guard values.count == capacity else {
      values.append(value)
      return
    }
    var moving = value
    swap(&values[start], &moving)
    evicted = moving
    start = start + 1 == capacity ? 0 : start + 1
  }

  /// The values, oldest first.
  @inlinable
  var inOrder: [Output] {
    start == 0 ? values : Array(values[start...] + values[..<start])
  }
}

extension SubjectState {
  /// Keeps `event`, when it is a value the subject accepts, among the latest values.
  @inlinable
  mutating func record(_ event: Event<Output, Failure>, evicting evicted: inout Output?) {
    guard completion == nil, case .value(let value) = event else { return }
    replay?.record(value, evicting: &evicted)
  }

  /// Replays the latest values, then `terminal` if the subject ended, to `entry`, which just attached: after
  /// the events queued before it, as one targeted delivery each; the first starts the drain when nobody
  /// delivers.
  @inlinable
  mutating func startReplay(
    to entry: SubjectEntry<Output, Failure>, then terminal: Event<Output, Failure>?
  ) -> SubjectAttachStart<Output, Failure> {
    var events = replay!.inOrder.map { Event<Output, Failure>.value($0) }
    if let terminal { events.append(terminal) }
    var first: Event<Output, Failure>?
    if !delivering {
      delivering = true
      first = events.removeFirst()
    }
    for event in events {
      pending.append(SubjectPending(event: event, stamp: entry.id, target: entry))
      pendingReplays += 1
    }
    guard let first else { return .idle }
    return .drain(SubjectDelivery(event: first, observers: .one(entry), isTargeted: true))
  }
}
