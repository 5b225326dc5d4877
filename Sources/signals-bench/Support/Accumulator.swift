/// A running total that the sinks of both sides add into.
///
/// Not `Sendable`: each workload owns one on one thread. The Signals side hands it
/// to `@Sendable` closures through a `nonisolated(unsafe)` local, so both sides pay
/// the same plain, unsynchronised add.
final class Accumulator {
  var value = 0

  /// Folds `item` into the total so that order matters (for order-sensitive checksums).
  @inline(__always)
  func fold(_ item: Int) {
    value = value &* 31 &+ item
  }
}
