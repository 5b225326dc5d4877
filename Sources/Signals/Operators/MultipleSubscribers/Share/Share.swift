extension Signal {
  /// Shares one subscription to this signal among all observers, with reference counting.
  ///
  /// <!-- setup
  /// let timer = TimerSignal(every: .seconds(1), on: DispatchSignalScheduler.main)
  /// -->
  /// ```swift
  /// let ticks = timer.share()
  /// let a = ticks.sink { print("a", $0) }  // subscribes the timer
  /// let b = ticks.sink { print("b", $0) }  // shares it
  /// ```
  ///
  /// See ``ShareSignal`` for when the shared subscription starts and ends.
  public consuming func share() -> ShareSignal<Self> {
    ShareSignal(upstream: self)
  }

  /// Shares one subscription to this signal among all observers, and replays its latest `count` values to
  /// each observer that joins.
  ///
  /// ```marble share-replay
  /// upstream:                 -a-b-c--|
  /// share(replay: 2):         -a-b-c--|
  /// an observer at frame 4:   ----(ab)c--|
  /// ```
  ///
  /// (The second observer joins at frame 4, while the first keeps the connection open: it gets `a` and
  /// `b`, the latest two, at once, then what follows.) The lifetime is RxSwift's `share(replay:scope:)` with
  /// its default scope, `.whileConnected`, and that of ``Signal/share()``: the first observer connects, the
  /// values are kept while the connection is open, and when the last observer leaves or the upstream ends
  /// the connection closes and its values are forgotten; the next observer connects again, from nothing.
  /// So `share(replay: 1)` of a request made once per screen shares one request between the views that
  /// show it at the same time, and a later screen makes a new one. To keep values past the connection,
  /// multicast into a ``ReplaySignal`` you keep (``Signal/multicast(subject:)``).
  ///
  /// Values are kept in the connection's order, each given to an observer once: an observer that joins
  /// while a value is being sent gets it among the replayed values or after them, never both.
  /// `share(replay: 0)` is ``Signal/share()``.
  ///
  /// - Precondition: `count >= 0`; a negative count stops the program with a "Signals: " message.
  public consuming func share(replay count: Int) -> ShareSignal<Self> {
    if let problem = ReplaySignal<Output, Failure>.problem(bufferSize: count) { preconditionFailure(problem) }
    return ShareSignal(upstream: self, replay: count)
  }
}

/// A signal that multicasts one subscription of its upstream to all its observers.
/// See ``Signal/share()``.
///
/// Keep and reuse the same instance: every observer of *this* object shares one upstream
/// subscription (a *connection*).
///
/// - The first observer connects: the upstream is subscribed, after that observer was attached,
///   so it receives events the upstream sends synchronously.
/// - Later observers receive only later events, after the latest ``replay`` values of the connection
///   (none for ``Signal/share()``).
/// - When the last observer leaves (cancels, or answers ``SignalControl/stop``), the upstream
///   subscription is cancelled; the next observer connects again.
/// - When the upstream ends, every observer receives the terminal event and the connection
///   ends; the next observer connects again, with a new subscription (like RxJS's `share()`;
///   Combine's `share()` would instead replay the terminal event forever).
/// - Observers may subscribe and cancel from any thread, and from inside their own handlers.
public final class ShareSignal<Upstream: Signal>: Signal, @unchecked Sendable {
  // @unchecked Sendable: all mutable state is inside `state`, a `Locked`.

  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The upstream's failure type.
  public typealias Failure = Upstream.Failure

  /// The shared signal.
  public let upstream: Upstream
  /// How many of the latest values each observer that joins a connection gets first (0: none).
  public let replay: Int
  let state = Locked(ShareState<Output, Failure>())

  /// Creates the signal; prefer ``Signal/share()`` or ``Signal/share(replay:)``.
  public init(upstream: Upstream, replay: Int = 0) {
    if let problem = ReplaySignal<Output, Failure>.problem(bufferSize: replay) { preconditionFailure(problem) }
    self.upstream = upstream
    self.replay = replay
  }

  /// Whether a connection is open: the upstream is subscribed on behalf of at least one observer.
  public var isConnected: Bool {
    state.withLock { $0.connection != nil }
  }

  /// Attaches `observer` to the current connection, connecting first if there is none.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let (connection, id, isFirst) = state.withLock { [replay] in $0.join(replay: replay) }
    let membership = connection.core.attach(
      AnySignalObserver<Output, Failure> { [weak self] event in
        let answer = observer.receive(event)
        if answer == .stop && !event.isTerminal { self?.leave(id, from: connection) }
        return answer
      })
    if isFirst {
      let subscription = upstream.subscribe(ShareUpstreamObserver(share: self, connection: connection))
      let isKept = state.withLock { $0.connected(connection, subscription) }
      if !isKept { subscription.cancel() }
    }
    return SignalSubscription { [weak self] in
      membership.cancel()
      self?.leave(id, from: connection)
    }
  }

  /// An observer left: the last one to leave closes the connection.
  func leave(_ id: UInt64, from connection: ShareConnection<Output, Failure>) {
    let subscription = state.withLock { $0.leave(id, from: connection) }
    subscription?.cancel()
  }

  /// The upstream sent `event` on `connection`.
  func upstreamEvent(_ event: Event<Output, Failure>, on connection: ShareConnection<Output, Failure>) -> SignalControl
  {
    if event.isTerminal {
      let subscription = state.withLock { $0.close(connection) }
      _ = subscription  // released outside the lock
    } else if !state.withLock({ $0.connection === connection }) {
      return .stop
    }
    connection.send(event)
    return .continue
  }
}
