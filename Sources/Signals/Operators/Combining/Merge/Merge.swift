extension Signal {
  /// Merges this signal with `others`: every value of every signal, as it comes.
  ///
  /// ```swift
  /// let taps = PassthroughSignal<Void, Never>()
  /// let keys = PassthroughSignal<Void, Never>()
  /// let anyInput = taps.merge(with: keys)
  /// ```
  ///
  /// Finishes when all signals finished; fails at the first failure, cancelling the others.
  /// Events are delivered one at a time, whatever threads the signals send from.
  /// To merge signals of different types, erase them with ``Signal/eraseToAnySignal()``.
  @inlinable
  public consuming func merge(with others: Self...) -> MergeSignal<Self> {
    MergeSignal([self] + others)
  }
}

/// A signal that delivers the events of several signals of the same type as they come.
/// See ``Signal/merge(with:)->MergeSignal<Self>``.
///
/// - Finishes when every upstream finished (an empty array finishes at once).
/// - Fails at the first failure of any upstream; the others are cancelled.
/// - Delivery is serial: the observer never receives two events at once, even when the
///   upstreams send from several threads; an observer that sends into an upstream gets
///   that value after the current one.
/// - Cancelling the subscription cancels every upstream.
public struct MergeSignal<Upstream: Signal>: Signal {
  /// The upstreams' output type.
  public typealias Output = Upstream.Output
  /// The upstreams' failure type.
  public typealias Failure = Upstream.Failure

  /// The merged signals, subscribed in this order.
  public let upstreams: [Upstream]

  /// Merges `upstreams`. With no upstream at all, the signal finishes at once.
  @inlinable
  public init(_ upstreams: [Upstream]) {
    self.upstreams = upstreams
  }

  /// Subscribes `observer` to the merged events.
  @inlinable
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    FanIn.subscribe(observer, to: upstreams, machine: MergeStateMachine(remaining: upstreams.count)) {
      MergeObserver(fanIn: $0, key: UInt64($1))
    }
  }
}

extension MergeSignal: HandsOverSubscription {}
