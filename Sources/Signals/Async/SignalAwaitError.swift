/// Why awaiting a signal's value did not produce one: the signal failed, it
/// finished without the value, or the awaiting task was cancelled.
///
/// Thrown (typed) by ``Signal/firstValue()``, ``Signal/lastValue()`` and
/// ``Signal/allValues()``:
///
/// <!-- setup
/// let load = TaskSignal { () async throws -> [UInt8] in [] }  // the animation file's bytes
/// func show(_ file: [UInt8]) {}
/// func showFallback(_ error: any Error) {}
/// -->
/// ```swift
/// do throws(SignalAwaitError<any Error>) {
///   let file = try await load.firstValue()
///   show(file)
/// } catch .failed(let error) {
///   showFallback(error)
/// } catch {
///   // .empty or .cancelled
/// }
/// ```
@frozen
public enum SignalAwaitError<Failure: Error>: Error {
  /// The signal failed with this error.
  case failed(Failure)
  /// The signal finished without the value awaited (no value at all).
  case empty
  /// The awaiting task was cancelled before the signal produced the answer.
  case cancelled

  /// The signal's error, if it failed.
  @inlinable
  public var failure: Failure? {
    if case .failed(let error) = self { return error }
    return nil
  }
}

extension SignalAwaitError: Equatable where Failure: Equatable {}
extension SignalAwaitError: Hashable where Failure: Hashable {}
