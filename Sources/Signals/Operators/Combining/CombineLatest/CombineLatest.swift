extension Signal {
  /// Combines this signal with `other`: once both have sent a value, every new value of
  /// either sends the pair of their latest values.
  ///
  /// <!-- setup
  /// let animationEnded = CurrentValueSignal<Bool, Never>(false)
  /// let contentLoaded = CurrentValueSignal<Bool, Never>(false)
  /// -->
  /// ```swift
  /// let ready = animationEnded.combineLatest(contentLoaded)  // (Bool, Bool)
  /// ```
  ///
  /// See ``CombineLatestSignal`` for when it finishes and fails.
  public consuming func combineLatest<Other: Signal>(_ other: consuming Other)
    -> MapSignal<CombineLatestSignal<AnySignal<any Sendable, Failure>>, (Output, Other.Output)>
  where Other.Failure == Failure {
    CombineLatestSignal([self.erasedValues(), other.erasedValues()]).map { values in
      // Each slot holds the value of the signal at that index, by construction.
      (values[0] as! Output, values[1] as! Other.Output)
    }
  }

  /// Combines this signal with two others into triples of their latest values.
  ///
  /// See ``CombineLatestSignal`` for when it finishes and fails.
  public consuming func combineLatest<Second: Signal, Third: Signal>(
    _ second: consuming Second, _ third: consuming Third
  )
    -> MapSignal<CombineLatestSignal<AnySignal<any Sendable, Failure>>, (Output, Second.Output, Third.Output)>
  where Second.Failure == Failure, Third.Failure == Failure {
    CombineLatestSignal([self.erasedValues(), second.erasedValues(), third.erasedValues()]).map { values in
      (values[0] as! Output, values[1] as! Second.Output, values[2] as! Third.Output)
    }
  }

  /// This signal with its values erased to `any Sendable`, for the tuple forms of combineLatest and zip.
  func erasedValues() -> AnySignal<any Sendable, Failure> {
    map { $0 as any Sendable }.eraseToAnySignal()
  }
}

/// A signal that sends the latest value of every upstream, as an array in upstream order,
/// each time any of them sends a value (once all of them have sent one).
/// See ``Signal/combineLatest(_:)``.
///
/// - Nothing is sent until every upstream has sent at least one value.
/// - Finishes when every upstream finished; but at once when an upstream finishes without
///   ever having sent a value, since nothing could ever be sent (Combine's behaviour).
/// - Fails at the first failure of any upstream; the others are cancelled.
/// - An empty array finishes at once.
/// - Delivery is serial whatever threads the upstreams send from; cancelling cancels every upstream.
public struct CombineLatestSignal<Upstream: Signal>: Signal {
  /// An array of the latest value of each upstream, in upstream order.
  public typealias Output = [Upstream.Output]
  /// The upstreams' failure type.
  public typealias Failure = Upstream.Failure

  /// The combined signals.
  public let upstreams: [Upstream]

  /// Combines `upstreams`. With no upstream at all, the signal finishes at once.
  public init(_ upstreams: [Upstream]) {
    self.upstreams = upstreams
  }

  /// Subscribes `observer` to the combined values.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let machine = CombineLatestStateMachine<Upstream.Output>(count: upstreams.count)
    return FanIn.subscribe(observer, to: upstreams, machine: machine, through: IndexedUpstreamObserver.init)
  }
}

extension CombineLatestSignal: HandsOverSubscription {}
