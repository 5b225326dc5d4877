extension Signal {
  /// Replaces a failure with the signal `handler` builds from the error, or fails with the error `handler`
  /// throws.
  ///
  /// With a cold fallback (its lane counts frames from its subscription, at the failure):
  ///
  /// ```marble try-catch
  /// upstream:                     -a-#
  /// fallback:                     -x-|
  /// tryCatch { _ in fallback }:   -a--x-|
  /// ```
  ///
  /// As ``Signal/catch(_:)``, and `handler` may throw instead of returning a fallback: the thrown error
  /// ends the result. Here the handler throws the fallback's own failure type (typed throws), so the
  /// failure type is the fallback's, as with `catch`:
  ///
  /// <!-- setup
  /// enum LoadError: Error { case offline, corrupt }
  /// let loadRemoteIntro = FailSignal<String, LoadError>(.corrupt)
  /// let bundledIntro = JustSignal("bundled").setFailureType(to: LoadError.self)
  /// -->
  /// ```swift
  /// let intro = loadRemoteIntro.tryCatch { error throws(LoadError) in
  ///   guard error == .offline else { throw error }  // only going offline falls back
  ///   return bundledIntro
  /// }
  /// ```
  ///
  /// Values and `finished` of the upstream pass through. On a failure, the upstream is released and
  /// `handler` is called with the error; the observer is then subscribed to the returned signal, whose
  /// events (including its own failure) pass through. Cancelling cancels whichever of the two is current.
  public consuming func tryCatch<NewSignal: Signal>(
    _ handler: @escaping @Sendable (Failure) throws(NewSignal.Failure) -> NewSignal
  ) -> TryCatchSignal<Self, NewSignal, NewSignal.Failure> where NewSignal.Output == Output {
    TryCatchSignal(upstream: self, handler: handler) { $0 }
  }

  /// Replaces a failure with the signal `handler` builds from the error, or fails with any error `handler`
  /// throws; the failure type becomes `any Error`, as in Combine.
  ///
  /// Chosen when the handler throws errors of another type than the fallback's failure (an untyped
  /// `throws`). The fallback's own failure passes through as `any Error`.
  public consuming func tryCatch<NewSignal: Signal>(
    _ handler: @escaping @Sendable (Failure) throws -> NewSignal
  ) -> TryCatchSignal<Self, NewSignal, any Error> where NewSignal.Output == Output {
    TryCatchSignal(upstream: self, handler: handler) { $0 }
  }
}

/// A signal that switches to a fallback signal when its upstream fails, or fails with the error its
/// handler throws. See ``Signal/tryCatch(_:)->TryCatchSignal<Self,NewSignal,NewSignal.Failure>``.
public struct TryCatchSignal<Upstream: Signal, NewSignal: Signal, Failure: Error>: Signal
where NewSignal.Output == Upstream.Output {
  /// The upstream's output type.
  public typealias Output = Upstream.Output

  /// The signal that may fail.
  public let upstream: Upstream
  /// Builds the fallback from the upstream's error, or throws the error that ends the signal.
  public let handler: @Sendable (Upstream.Failure) throws(Failure) -> NewSignal
  let mapFailure: @Sendable (NewSignal.Failure) -> Failure

  /// Subscribes `observer` to the upstream, and to the fallback after a failure.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    let context = TryCatchContext(downstream: observer, handler: handler, mapFailure: mapFailure)
    return UpstreamSwitch.subscribe(observer, to: upstream, in: context)
  }
}

/// A `tryCatch` subscription's context, and its rule: a failure of the upstream switches to the fallback
/// the handler returns, or ends the operator with the error the handler throws.
struct TryCatchContext<Downstream: SignalObserver, UpstreamFailure: Error, NewSignal: Signal>: UpstreamSwitchContext
where NewSignal.Output == Downstream.Input {
  let downstream: Downstream
  let handler: @Sendable (UpstreamFailure) throws(Downstream.Failure) -> NewSignal
  let mapFailure: @Sendable (NewSignal.Failure) -> Downstream.Failure

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
      do {
        upstreamSwitch.forward(to: try context.handler(error).mapError(context.mapFailure))
      } catch {
        return upstreamSwitch.pass(.failed(error), generation: generation)
      }
      return .stop
    }
  }
}

extension TryCatchSignal: HandsOverSubscription {}
