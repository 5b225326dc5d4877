extension Signal {
  /// Emits the events of `signal` after the upstream finishes.
  ///
  /// <!-- setup
  /// let intro = ["logo", "title"].signal
  /// let outro = ["fade"].signal
  /// -->
  /// ```swift
  /// let show = intro.append(outro)  // logo, title, fade, finished
  /// ```
  ///
  /// `signal` is subscribed only when the upstream finishes; if the upstream
  /// fails, it is never subscribed and the failure passes through. Cancelling
  /// cancels whichever of the two is current, also during the switch.
  public consuming func append<Suffix: Signal>(_ signal: consuming Suffix) -> ConcatenateSignal<Self, Suffix>
  where Suffix.Output == Output, Suffix.Failure == Failure {
    ConcatenateSignal(prefix: self, suffix: signal)
  }

  /// Emits the events of `signal` first, then, once it finishes, the upstream's.
  ///
  /// The upstream is subscribed only when `signal` finishes; if `signal`
  /// fails, the upstream is never subscribed and the failure passes through.
  public consuming func prepend<Prefix: Signal>(_ signal: consuming Prefix) -> ConcatenateSignal<Prefix, Self>
  where Prefix.Output == Output, Prefix.Failure == Failure {
    ConcatenateSignal(prefix: signal, suffix: self)
  }
}

/// A signal that emits one signal's events, then, once it finishes, another's.
/// See ``Signal/append(_:)-(Suffix)`` and ``Signal/prepend(_:)-(Prefix)``.
public struct ConcatenateSignal<Prefix: Signal, Suffix: Signal>: Signal
where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
  /// The signals' output type.
  public typealias Output = Prefix.Output
  /// The signals' failure type.
  public typealias Failure = Prefix.Failure

  /// The signal subscribed first.
  public let prefix: Prefix
  /// The signal subscribed when ``prefix`` finishes.
  public let suffix: Suffix

  /// Creates the signal; prefer ``Signal/append(_:)-(Suffix)`` or ``Signal/prepend(_:)-(Prefix)``.
  public init(prefix: Prefix, suffix: Suffix) {
    self.prefix = prefix
    self.suffix = suffix
  }

  /// Subscribes `observer` to the prefix, then to the suffix.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    UpstreamSwitch.subscribe(observer, to: prefix, in: ConcatenateContext(downstream: observer, suffix: suffix))
  }
}

/// A concatenation's context, and its rule: the prefix's `finished` switches to the suffix.
struct ConcatenateContext<Downstream: SignalObserver, Suffix: Signal>: UpstreamSwitchContext
where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure {
  typealias UpstreamFailure = Downstream.Failure
  let downstream: Downstream
  let suffix: Suffix

  static func receive(
    _ event: Event<Downstream.Input, Downstream.Failure>, generation: UInt64, of upstreamSwitch: UpstreamSwitch<Self>
  ) -> SignalControl {
    switch event {
    case .value:
      return upstreamSwitch.forwardValue(event, generation: generation)
    case .finished:
      guard let context = upstreamSwitch.context(ifCurrent: generation) else { return .stop }
      upstreamSwitch.forward(to: context.suffix)
      return .stop
    case .failed:
      return upstreamSwitch.pass(event, generation: generation)
    }
  }
}

extension ConcatenateSignal: HandsOverSubscription {}
