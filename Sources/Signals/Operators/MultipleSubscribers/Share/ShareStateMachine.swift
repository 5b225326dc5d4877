/// One connection of a share: its subject, which multicasts (and replays its latest values, for
/// `share(replay:)`), and its members.
final class ShareConnection<Output: Sendable, Failure: Error>: Sendable {
  let core: SubjectCore<Output, Failure>
  let replays: Bool

  init(replay: Int) {
    core = SubjectCore(current: nil, replay: replay)
    replays = replay > 0
  }

  /// Multicasts `event`, kept for later members when the connection replays.
  func send(_ event: Event<Output, Failure>) {
    if replays { core.sendRecording(event) } else { core.send(event) }
  }
}

/// The state of a share: the open connection, if any, its members and its upstream subscription.
struct ShareState<Output: Sendable, Failure: Error> {
  var connection: ShareConnection<Output, Failure>?
  /// The observers of the open connection.
  var members: Set<UInt64> = []
  var nextID: UInt64 = 1
  /// The open connection's upstream subscription; `nil` while it is being subscribed.
  var subscription: SignalSubscription?

  /// A new observer joins: the open connection, or a new one (then `isFirst`: the caller connects it).
  mutating func join(replay: Int = 0) -> (ShareConnection<Output, Failure>, id: UInt64, isFirst: Bool) {
    let id = nextID
    nextID += 1
    if let connection {
      members.insert(id)
      return (connection, id, false)
    }
    let connection = ShareConnection<Output, Failure>(replay: replay)
    self.connection = connection
    members = [id]
    return (connection, id, true)
  }

  /// The upstream subscription of `connection` arrived. False if the connection closed meanwhile.
  mutating func connected(_ connection: ShareConnection<Output, Failure>, _ subscription: SignalSubscription) -> Bool {
    guard self.connection === connection else { return false }
    self.subscription = subscription
    return true
  }

  /// Observer `id` left `connection`; returns the upstream subscription to cancel if it was the last one.
  mutating func leave(_ id: UInt64, from connection: ShareConnection<Output, Failure>) -> SignalSubscription? {
    guard self.connection === connection, members.remove(id) != nil, members.isEmpty else { return nil }
    return close(connection)
  }

  /// Closes `connection` (upstream ended, or no observer left); returns its upstream subscription.
  mutating func close(_ connection: ShareConnection<Output, Failure>) -> SignalSubscription? {
    guard self.connection === connection else { return nil }
    self.connection = nil
    members = []
    defer { subscription = nil }
    return subscription
  }
}
