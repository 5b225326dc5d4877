/// The failure of a signal with a ``Signal/timeout(_:scheduler:)``: it timed
/// out, or its upstream failed.
///
/// <!-- setup
/// struct LoadError: Error {}
/// enum Reason { case timedOut }
/// func showApp(reason: Reason? = nil) {}
/// func showError(_ error: LoadError) {}
/// let content = PassthroughSignal<String, LoadError>()
/// let scheduler = DispatchSignalScheduler.main
/// -->
/// ```swift
/// let subscription = content.timeout(.seconds(3), scheduler: scheduler)
///   .sink(receiveCompletion: { completion in
///     switch completion {
///     case .finished: showApp()
///     case .failed(.timedOut): showApp(reason: .timedOut)
///     case .failed(.upstream(let error)): showError(error)
///     }
///   }, receiveValue: { _ in })
/// ```
@frozen
public enum TimeoutFailure<UpstreamFailure: Error>: Error {
  /// Nothing arrived within the interval.
  case timedOut
  /// The upstream failed with this error.
  case upstream(UpstreamFailure)

  /// The upstream's error, if that is why the signal failed.
  @inlinable
  public var upstreamError: UpstreamFailure? {
    if case .upstream(let error) = self { return error }
    return nil
  }
}

extension TimeoutFailure: Equatable where UpstreamFailure: Equatable {}
extension TimeoutFailure: Hashable where UpstreamFailure: Hashable {}
