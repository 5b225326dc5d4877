// The operators that end at the first value that decides their answer, or give a default answer when the
// upstream finishes first: `contains`, `allSatisfy` and `tryFirst(where:)`, with their `where:` and `try`
// forms. Each is a face and a step, a small value that says what a value decides; `MatchingObserver` runs
// the step, holds no state (after it answers `stop`, the upstream delivers nothing more), and releases the
// upstream once the answer is sent.

/// What a value decides for an operator of the matching family.
protocol MatchingStep: Sendable {
  associatedtype Input: Sendable
  associatedtype Output: Sendable
  associatedtype Failure: Error

  /// The answer `value` decides, sent before `finished`; `nil` waits for the next value. May call the
  /// user's closure, which may throw: the error ends the signal.
  func decide(_ value: Input) throws(Failure) -> Output?

  /// The answer when the upstream finishes before a value decided one: `nil` sends only `finished`.
  var answerAtFinish: Output? { get }
}

/// Runs a ``MatchingStep`` on the values of one subscription: the first answer is sent, then `finished`,
/// and the upstream is released. A failure before the answer passes through, as in Combine.
struct MatchingObserver<Downstream: SignalObserver, Step: MatchingStep, UpstreamFailure: Error>: SignalObserver
where Step.Output == Downstream.Input, Step.Failure == Downstream.Failure {
  let downstream: Downstream
  /// `nil` for a downstream that needs none (see `TrailingFinishGuard`).
  let finishGuard: TrailingFinishGuard?
  let step: Step
  let mapFailure: @Sendable (UpstreamFailure) -> Downstream.Failure

  init(
    downstream: Downstream, step: Step, mapFailure: @escaping @Sendable (UpstreamFailure) -> Downstream.Failure,
    finishGuard: TrailingFinishGuard?
  ) {
    self.downstream = downstream
    self.finishGuard = finishGuard
    self.step = step
    self.mapFailure = mapFailure
  }

  func receive(_ event: Event<Step.Input, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value):
      let answer: Step.Output?
      do {
        answer = try step.decide(value)
      } catch {
        _ = downstream.receive(.failed(error))
        return .stop
      }
      guard let answer else { return .continue }
      if downstream.receive(.value(answer)) == .continue {
        _ = finishGuard.finish(downstream)
      }
      return .stop
    case .finished:
      if let answer = step.answerAtFinish, downstream.receive(.value(answer)) == .stop { return .stop }
      return finishGuard.finish(downstream)
    case .failed(let error):
      return downstream.receive(.failed(mapFailure(error)))
    }
  }
}

extension MatchingObserver: ForwardingObserver {}
extension MatchingObserver: EngineObserver where Downstream: EngineObserver {}

extension Signal {
  /// Subscribes `observer` to the answer `step` decides over this signal's values (see `MatchingObserver`).
  ///
  /// Always inlined, as `subscribe(_:reducing:mapFailure:)` is.
  func subscribe<Observer: SignalObserver, Step: MatchingStep>(
    _ observer: Observer, matching step: Step, mapFailure: @escaping @Sendable (Failure) -> Observer.Failure
  ) -> SignalSubscription
  where Step.Input == Output, Step.Output == Observer.Input, Step.Failure == Observer.Failure {
    TrailingFinishGuard.subscribe(observer, to: self) {
      MatchingObserver(downstream: observer, step: step, mapFailure: mapFailure, finishGuard: $0)
    }
  }
}
