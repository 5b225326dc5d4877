extension Signal {
  /// Pairs the values of this signal and `other` in order: the first with the first, the
  /// second with the second, and so on.
  ///
  /// See ``ZipSignal`` for when it finishes and fails.
  public consuming func zip<Other: Signal>(_ other: consuming Other)
    -> MapSignal<ZipSignal<AnySignal<any Sendable, Failure>>, (Output, Other.Output)>
  where Other.Failure == Failure {
    ZipSignal([self.erasedValues(), other.erasedValues()]).map { values in
      // Each slot holds a value of the signal at that index, by construction.
      (values[0] as! Output, values[1] as! Other.Output)
    }
  }

  /// Combines the values of this signal and two others in order, into triples.
  ///
  /// See ``ZipSignal`` for when it finishes and fails.
  public consuming func zip<Second: Signal, Third: Signal>(_ second: consuming Second, _ third: consuming Third)
    -> MapSignal<ZipSignal<AnySignal<any Sendable, Failure>>, (Output, Second.Output, Third.Output)>
  where Second.Failure == Failure, Third.Failure == Failure {
    ZipSignal([self.erasedValues(), second.erasedValues(), third.erasedValues()]).map { values in
      (values[0] as! Output, values[1] as! Second.Output, values[2] as! Third.Output)
    }
  }
}

/// A signal that sends, in order, an array made of the n-th value of every upstream.
/// See ``Signal/zip(_:)``.
///
/// - Values wait in an unbounded buffer per upstream until every upstream has one to pair.
/// - Finishes as soon as an upstream has finished and its buffer is empty: from then on no
///   new combination can ever be made. Buffered values of the other upstreams are then
///   dropped, as they can never pair; values that could still pair are never dropped.
/// - Fails at the first failure of any upstream; the others are cancelled.
/// - An empty array finishes at once.
/// - Delivery is serial whatever threads the upstreams send from; cancelling cancels every upstream.
public struct ZipSignal<Upstream: Signal>: Signal {
  /// An array of one value of each upstream, in upstream order.
  public typealias Output = [Upstream.Output]
  /// The upstreams' failure type.
  public typealias Failure = Upstream.Failure

  /// The zipped signals.
  public let upstreams: [Upstream]

  /// Zips `upstreams`. With no upstream at all, the signal finishes at once.
  public init(_ upstreams: [Upstream]) {
    self.upstreams = upstreams
  }

  /// Subscribes `observer` to the zipped values.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let machine = ZipStateMachine<Upstream.Output>(count: upstreams.count)
    return FanIn.subscribe(observer, to: upstreams, machine: machine, through: IndexedUpstreamObserver.init)
  }
}

extension ZipSignal: HandsOverSubscription {}
