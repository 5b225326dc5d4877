/// A signal that connects its connectable upstream when the first observer subscribes, and disconnects when
/// the last one leaves. See ``ConnectableSignal/autoconnect()``.
///
/// ```marble autoconnect
/// upstream:                -a-b-c-d-|
/// first observer, 0 to 4:  -a-b
/// second, from 2:          ---b-c-d-|
/// ```
///
/// (Both share one connection from frame 2; the first leaves at 4, the second keeps the connection.)
///
/// Combine's `Publishers.Autoconnect`. Keep and reuse the same instance: its observers share its
/// connection.
///
/// - The first observer is attached, then the upstream connected, so it misses nothing.
/// - An observer leaves when it cancels, answers ``SignalControl/stop``, or receives a terminal event
///   (Combine counts only cancellations; counting endings too lets a connection end with its last observer
///   however it ended). When the last one leaves, the connection is cancelled; the next observer connects
///   again.
public final class AutoconnectSignal<Upstream: ConnectableSignal>: Signal, Sendable {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The connectable signal.
  public let upstream: Upstream
  let state = Locked(AutoconnectState())

  /// Creates the signal; prefer ``ConnectableSignal/autoconnect()``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Whether a connection is open: the upstream is connected on behalf of at least one observer.
  public var isConnected: Bool {
    state.withLock { !$0.members.isEmpty }
  }

  /// Attaches `observer` to the upstream, connecting it first if no observer was attached.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let (id, isFirst) = state.withLock { $0.join() }
    let membership = upstream.subscribe(
      AnySignalObserver<Output, Failure> { [weak self] event in
        let answer = observer.receive(event)
        if answer == .stop || event.isTerminal { self?.leave(id) }
        return answer
      })
    if isFirst {
      let connection = upstream.connect()
      let isKept = state.withLock { $0.connected(connection, generation: id) }
      if !isKept { connection.cancel() }
    }
    // Holds the signal: the connection lives in it, for as long as any observer does.
    return SignalSubscription {
      membership.cancel()
      self.leave(id)
    }
  }

  /// Observer `id` left: the last one to leave disconnects.
  func leave(_ id: UInt64) {
    let connection = state.withLock { $0.leave(id) }
    connection?.cancel()
  }
}

/// The observers of an autoconnect and its connection.
struct AutoconnectState {
  var members: Set<UInt64> = []
  var nextID: UInt64 = 1
  /// The id of the observer whose subscription opened the current connection.
  var opener: UInt64 = 0
  /// The current connection; `nil` while it is being made, or when there is none.
  var connection: SignalSubscription?

  /// A new observer joins; `isFirst` when it opens a connection (the caller connects).
  mutating func join() -> (id: UInt64, isFirst: Bool) {
    let id = nextID
    nextID += 1
    members.insert(id)
    guard members.count == 1 else { return (id, false) }
    opener = id
    return (id, true)
  }

  /// The connection opened for observer `generation` arrived; false if every member left meanwhile (the
  /// caller cancels it).
  mutating func connected(_ connection: SignalSubscription, generation: UInt64) -> Bool {
    guard opener == generation, !members.isEmpty else { return false }
    self.connection = connection
    return true
  }

  /// Observer `id` left; returns the connection to cancel when it was the last.
  mutating func leave(_ id: UInt64) -> SignalSubscription? {
    guard members.remove(id) != nil, members.isEmpty else { return nil }
    opener = 0
    defer { connection = nil }
    return connection
  }
}
