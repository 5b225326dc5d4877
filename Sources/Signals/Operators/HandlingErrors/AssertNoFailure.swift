extension Signal {
  /// Stops the program with a fatal error if the upstream fails; values and `finished` pass through, and
  /// the result cannot fail.
  ///
  /// ```marble assert-no-failure
  /// upstream:             -a-b-|
  /// assertNoFailure():    -a-b-|
  /// ```
  ///
  /// For a failure that would be a programming error, as in Combine (a signal that fails only when a
  /// bundled resource is missing, say): the message names `prefix`, the error and the place in your code
  /// (`file` and `line`). To handle a failure instead, use ``Signal/catch(_:)`` or
  /// ``Signal/replaceError(with:)``.
  ///
  /// <!-- setup
  /// struct MissingAsset: Error {}
  /// let bundledIntro = FailSignal<String, MissingAsset>(MissingAsset())
  /// -->
  /// ```swift
  /// let intro = bundledIntro.assertNoFailure("bundled intro")  // Signal<String, Never>
  /// ```
  public consuming func assertNoFailure(
    _ prefix: String = "", file: StaticString = #file, line: UInt = #line
  ) -> AssertNoFailureSignal<Self> {
    AssertNoFailureSignal(upstream: self, prefix: prefix, file: file, line: line)
  }
}

/// A signal that stops the program if its upstream fails. See ``Signal/assertNoFailure(_:file:line:)``.
public struct AssertNoFailureSignal<Upstream: Signal>: Signal {
  /// The upstream's output type.
  public typealias Output = Upstream.Output
  /// A failure stops the program: none is delivered.
  public typealias Failure = Never

  /// The signal that must not fail.
  public let upstream: Upstream
  /// The start of the fatal error's message.
  public let prefix: String
  /// The file named by the fatal error.
  public let file: StaticString
  /// The line named by the fatal error.
  public let line: UInt

  /// Creates the signal; prefer ``Signal/assertNoFailure(_:file:line:)``.
  public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
    self.upstream = upstream
    self.prefix = prefix
    self.file = file
    self.line = line
  }

  /// Subscribes `observer` to the values and `finished`.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    upstream.subscribe(
      AssertNoFailureObserver<Observer, Upstream.Failure>(downstream: observer, prefix: prefix, file: file, line: line))
  }
}

struct AssertNoFailureObserver<Downstream: SignalObserver, UpstreamFailure: Error>: SignalObserver
where Downstream.Failure == Never {
  let downstream: Downstream
  let prefix: String
  let file: StaticString
  let line: UInt

  func receive(_ event: Event<Downstream.Input, UpstreamFailure>) -> SignalControl {
    switch event {
    case .value(let value):
      return downstream.receive(.value(value))
    case .finished:
      return downstream.receive(.finished)
    case .failed(let error):
      let label = prefix.isEmpty ? "" : "\(prefix): "
      fatalError("Signals: assertNoFailure: \(label)unexpected failure \(error)", file: file, line: line)
    }
  }
}

extension AssertNoFailureSignal: HandsOverSubscription where Upstream: HandsOverSubscription {}
extension AssertNoFailureObserver: ForwardingObserver {}
extension AssertNoFailureObserver: EngineObserver where Downstream: EngineObserver {}
