extension Signal {
  /// Replaces a failure with the signal `handler` builds from the error.
  ///
  /// <!-- setup
  /// enum IntroAsset: Sendable { case remote, bundled }
  /// struct DownloadFailed: Error {}
  /// let loadRemoteIntro = FailSignal<IntroAsset, DownloadFailed>(DownloadFailed())
  /// -->
  /// ```swift
  /// let asset = loadRemoteIntro.catch { _ in JustSignal(IntroAsset.bundled) }  // bundled, finished
  /// ```
  ///
  /// Values and `finished` of the upstream pass through. On a failure, the
  /// upstream is released, `handler` is called with the error, and the
  /// observer is subscribed to the returned signal, whose events (including its
  /// own failure) pass through. Cancelling cancels whichever of the two is
  /// current, also while the switch is in progress; nothing is delivered after.
  public consuming func `catch`<NewSignal: Signal>(
    _ handler: @escaping @Sendable (Failure) -> NewSignal
  ) -> CatchSignal<Self, NewSignal> where NewSignal.Output == Output {
    CatchSignal(upstream: self, handler: handler)
  }
}

/// A signal that switches to a fallback signal when its upstream fails. See ``Signal/catch(_:)``.
public struct CatchSignal<Upstream: Signal, NewSignal: Signal>: Signal where NewSignal.Output == Upstream.Output {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// The fallback's failure type.
  public typealias Failure = NewSignal.Failure

  /// The signal that may fail.
  public let upstream: Upstream
  /// Builds the fallback from the upstream's error.
  public let handler: @Sendable (Upstream.Failure) -> NewSignal

  /// Creates the signal; prefer ``Signal/catch(_:)``.
  public init(upstream: Upstream, handler: @escaping @Sendable (Upstream.Failure) -> NewSignal) {
    self.upstream = upstream
    self.handler = handler
  }

  /// Subscribes `observer` to the upstream, and to the fallback after a failure.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    UpstreamSwitch.subscribe(observer, to: upstream, in: CatchContext(downstream: observer, handler: handler))
  }
}

/// A `catch` subscription's context, and its rule: a failure of the upstream switches to the fallback.
struct CatchContext<Downstream: SignalObserver, UpstreamFailure: Error, NewSignal: Signal>: UpstreamSwitchContext
where NewSignal.Output == Downstream.Input, NewSignal.Failure == Downstream.Failure {
  let downstream: Downstream
  let handler: @Sendable (UpstreamFailure) -> NewSignal

  static func receive(
    _ event: Event<Downstream.Input, UpstreamFailure>, generation: UInt64, of upstreamSwitch: UpstreamSwitch<Self>
  ) -> SignalControl {
    switch event {
    case .value(let value):
      return upstreamSwitch.forwardValue(.value(value), generation: generation)
    case .finished:
      return upstreamSwitch.pass(.finished, generation: generation)
    case .failed(let error):
      guard let context = upstreamSwitch.context(ifCurrent: generation) else { return .stop }
      upstreamSwitch.forward(to: context.handler(error))
      return .stop
    }
  }
}

extension CatchSignal: HandsOverSubscription {}
