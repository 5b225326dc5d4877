extension Signal where Output: Equatable {
  /// Emits `true` and finishes at the first value equal to `output`, or `false` when the upstream finishes
  /// without one.
  ///
  /// ```marble contains
  /// upstream:        -a-b-c-|
  /// contains("b"):   ---(t|)
  /// ```
  ///
  /// Above, `t` is `true`. The answer is sent as soon as it is known, and the upstream is released. A
  /// failure before a match passes through, with no answer, as in Combine (an error is never turned into
  /// `false`).
  public consuming func contains(_ output: Output) -> ContainsSignal<Self, Failure> {
    tryContains { (value) throws(Failure) in value == output }
  }
}

extension Signal {
  /// Emits `true` and finishes at the first value that satisfies `predicate`, or `false` when the upstream
  /// finishes without one.
  ///
  /// <!-- setup
  /// struct Download: Sendable { var failed: Bool }
  /// let downloads = [Download(failed: false), Download(failed: true)].signal
  /// -->
  /// ```swift
  /// let anyFailed = downloads.contains { $0.failed }  // true, finished
  /// ```
  ///
  /// The answer is sent as soon as it is known, and the upstream is released. A failure before a match
  /// passes through, with no answer.
  public consuming func contains(
    where predicate: @escaping @Sendable (Output) -> Bool
  ) -> ContainsSignal<Self, Failure> {
    tryContains { (value) throws(Failure) in predicate(value) }
  }

  /// Emits `true` at the first value that satisfies a predicate that may throw, or `false` when the
  /// upstream finishes without one; a thrown error ends the signal with that error.
  ///
  /// The predicate throws the upstream's own failure type here (typed throws), so the failure type is
  /// kept. When it throws, the error is sent and the upstream subscription is released.
  public consuming func tryContains(
    where predicate: @escaping @Sendable (Output) throws(Failure) -> Bool
  ) -> ContainsSignal<Self, Failure> {
    ContainsSignal(upstream: self, predicate: predicate) { $0 }
  }

  /// Emits whether a value satisfies a predicate that may throw any error; the failure type becomes
  /// `any Error`, as in Combine.
  public consuming func tryContains(
    where predicate: @escaping @Sendable (Output) throws -> Bool
  ) -> ContainsSignal<Self, any Error> {
    ContainsSignal(upstream: self, predicate: predicate) { $0 }
  }
}

/// A signal that emits whether its upstream sends a value that satisfies a predicate: ``Signal/contains(_:)``,
/// ``Signal/contains(where:)`` and their `try` form.
public struct ContainsSignal<Upstream: Signal, Failure: Error>: Signal {
  /// Whether a value satisfied the predicate.
  public typealias Output = Bool

  /// The signal whose values are tested.
  public let upstream: Upstream
  /// The condition a value must satisfy; a thrown error ends the signal.
  public let predicate: @Sendable (Upstream.Output) throws(Failure) -> Bool
  let mapFailure: @Sendable (Upstream.Failure) -> Failure

  /// Subscribes `observer` to the answer.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(observer, matching: PredicateStep(predicate: predicate, decides: true), mapFailure: mapFailure)
  }
}

/// The step of `contains` (`decides` is `true`) and `allSatisfy` (`false`): the first value whose predicate
/// returns `decides` decides it; without one, the answer at the finish is its opposite.
struct PredicateStep<Input: Sendable, Failure: Error>: MatchingStep {
  let predicate: @Sendable (Input) throws(Failure) -> Bool
  let decides: Bool

  func decide(_ value: Input) throws(Failure) -> Bool? { try predicate(value) == decides ? decides : nil }

  var answerAtFinish: Bool? { !decides }
}

extension ContainsSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
