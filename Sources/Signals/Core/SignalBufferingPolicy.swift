/// How many values may wait where a producer can outrun its consumer, and which
/// to keep when the buffer is full.
///
/// Used wherever values can pile up: delivery onto another scheduler
/// (`receive(on:)`), signals waiting for a `flatMap` slot, and a signal
/// consumed as an `AsyncSequence` (`values`). Values are only ever dropped by
/// the bounded policies, by the rule each names; terminal events are never dropped.
@frozen
public enum SignalBufferingPolicy: Sendable, Hashable {
  /// Keep every value. Memory grows while the consumer lags.
  case unbounded
  /// Keep at most `n` values; when full, drop the oldest waiting value to make room.
  case bufferingNewest(Int)
  /// Keep at most `n` values; when full, drop the new value.
  case bufferingOldest(Int)

  /// The most values the buffer may hold, or `nil` when unbounded.
  ///
  /// - Precondition: a bounded policy's limit is at least 1; a negative or zero
  ///   limit stops the program with a message naming the policy.
  @inlinable
  public var limit: Int? {
    switch self {
    case .unbounded:
      return nil
    case .bufferingNewest(let n), .bufferingOldest(let n):
      precondition(n >= 1, "Signals: SignalBufferingPolicy \(self) needs a limit of at least 1")
      return n
    }
  }
}
