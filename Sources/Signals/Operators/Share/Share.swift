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
}

/// A signal that multicasts one subscription of its upstream to all its observers.
/// See ``Signal/share()``.
///
/// Keep and reuse the same instance: every observer of *this* object shares one upstream
/// subscription (a *connection*).
///
/// - The first observer connects: the upstream is subscribed, after that observer was attached,
///   so it receives events the upstream sends synchronously.
/// - Later observers receive only later events (nothing is replayed).
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
  let state = Locked(ShareState<Output, Failure>())

  /// Creates the signal; prefer ``Signal/share()``.
  public init(upstream: Upstream) {
    self.upstream = upstream
  }

  /// Whether a connection is open: the upstream is subscribed on behalf of at least one observer.
  public var isConnected: Bool {
    state.withLock { $0.connection != nil }
  }

  /// Attaches `observer` to the current connection, connecting first if there is none.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let (connection, id, isFirst) = state.withLock { $0.join() }
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
    connection.core.send(event)
    return .continue
  }
}
