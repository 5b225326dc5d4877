/// One event of a signal: a value, or one of the two terminal events.
///
/// Every signal follows the grammar `value* (finished | failed)?`: any number of
/// values, then at most one terminal event, after which nothing more is
/// delivered, ever. See <doc:EventContract>.
@frozen
public enum Event<Output: Sendable, Failure: Error>: Sendable {
  /// A value.
  case value(Output)
  /// The signal ended normally. Terminal.
  case finished
  /// The signal ended with an error. Terminal.
  case failed(Failure)

  /// Whether this is `finished` or `failed`.
  @inlinable
  public var isTerminal: Bool {
    if case .value = self { return false }
    return true
  }

  /// The value, if this event carries one.
  @inlinable
  public var value: Output? {
    if case .value(let output) = self { return output }
    return nil
  }

  /// The terminal event as a completion, or `nil` for a value.
  @inlinable
  public var completion: SignalCompletion<Failure>? {
    switch self {
    case .value: return nil
    case .finished: return .finished
    case .failed(let error): return .failed(error)
    }
  }

  /// Rebuilds a terminal event from a completion.
  @inlinable
  public init(_ completion: SignalCompletion<Failure>) {
    switch completion {
    case .finished: self = .finished
    case .failed(let error): self = .failed(error)
    }
  }
}

extension Event: Equatable where Output: Equatable, Failure: Equatable {}
extension Event: Hashable where Output: Hashable, Failure: Hashable {}

/// How a signal ended: normally, or with an error.
@frozen
public enum SignalCompletion<Failure: Error>: Sendable {
  /// The signal ended normally.
  case finished
  /// The signal ended with an error.
  case failed(Failure)

  /// The error, if the signal failed.
  @inlinable
  public var error: Failure? {
    if case .failed(let error) = self { return error }
    return nil
  }
}

extension SignalCompletion: Equatable where Failure: Equatable {}
extension SignalCompletion: Hashable where Failure: Hashable {}
