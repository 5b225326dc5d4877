/// A signal that sends an optional's value, if it has one, then finishes. See `Optional.signal`.
///
/// Combine's `Optional.Publisher`.
public struct OptionalSignal<Output: Sendable>: Signal {
  /// An optional's signal cannot fail.
  public typealias Failure = Never

  /// The value sent, if any.
  public let output: Output?

  /// A signal of `output`: its value and `finished`, or `finished` alone.
  public init(_ output: Output?) {
    self.output = output
  }

  /// Delivers the value, if any, then `finished`, before returning.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    if let output, observer.receive(.value(output)) == .stop { return .empty }
    _ = observer.receive(.finished)
    return .empty
  }
}

extension Optional where Wrapped: Sendable {
  /// A signal that sends this optional's value, if it has one, then finishes.
  ///
  /// ```swift
  /// let savedName: String? = nil
  /// let name = savedName.signal.replaceEmpty(with: "Guest")  // "Guest", finished
  /// ```
  public var signal: OptionalSignal<Wrapped> {
    OptionalSignal(self)
  }
}

/// A signal that sends a result's value and finishes, or fails with its error. See `Result.signal`.
///
/// Combine's `Result.Publisher`.
public struct ResultSignal<Output: Sendable, Failure: Error>: Signal {
  /// The result every observer receives.
  public let result: Result<Output, Failure>

  /// A signal of `result`.
  public init(_ result: Result<Output, Failure>) {
    self.result = result
  }

  /// Delivers the value and `finished`, or the failure, before returning.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    switch result {
    case .success(let output):
      if observer.receive(.value(output)) == .continue { _ = observer.receive(.finished) }
    case .failure(let error):
      _ = observer.receive(.failed(error))
    }
    return .empty
  }
}

extension Result where Success: Sendable {
  /// A signal that sends this result's value and finishes, or fails with its error.
  ///
  /// <!-- setup
  /// struct BadNumber: Error {}
  /// func parsePort(_ text: String) throws(BadNumber) -> Int {
  ///   guard let port = Int(text) else { throw BadNumber() }
  ///   return port
  /// }
  /// -->
  /// ```swift
  /// let port = Result { try parsePort("8080") }.signal  // 8080, finished
  /// ```
  public var signal: ResultSignal<Success, Failure> {
    ResultSignal(self)
  }
}
