import Signals

/// How a recorded signal differs from the marble diagram it was expected to produce.
///
/// Its ``description`` shows the two diagrams one above the other, aligned
/// frame by frame, then the first difference with exact times:
///
/// ```text
/// marble mismatch (1 frame = 0.1 seconds)
///   expected: --a--b--|
///   actual:   --a----b|
///   first difference: event 2: expected b at frame 5, got b at frame 7 (0.7 seconds)
/// ```
public struct MarbleMismatch: Error, Sendable, Hashable, CustomStringConvertible {
  /// The expected diagram, padded to line up with ``actual``.
  public let expected: String
  /// The recorded events as a diagram, padded to line up with ``expected``.
  public let actual: String
  /// The first event that differs, in words.
  public let firstDifference: String
  /// The duration of one frame.
  public let frame: Duration

  /// The two diagrams, one above the other, and the first difference.
  public var description: String {
    """
    marble mismatch (1 frame = \(frame))
      expected: \(expected)
      actual:   \(actual)
      first difference: \(firstDifference)
    """
  }

  static func compare<Output: Equatable, Failure: Error>(
    expected: [(frame: Int, column: Int, event: MarbleExpectedEvent<Output, Failure>)],
    diagram: MarbleDiagram,
    recording: MarbleRecording<Output, Failure>,
    symbol: @escaping (Output) -> Character
  ) -> MarbleMismatch? {
    func describe(_ event: MarbleExpectedEvent<Output, Failure>) -> String {
      switch event {
      case .value(let value): return "\(symbol(value)) (\(value))"
      case .finished: return "|"
      case .failed(let error): return "# (\(error))"
      case .anyFailure: return "#"
      }
    }
    func describe(_ entry: MarbleRecording<Output, Failure>.Entry) -> String {
      let (frame, exact) = recording.frame(of: entry.time)
      let at = exact ? "frame \(frame)" : "between frames \(frame) and \(frame + 1)"
      let what: String
      switch entry.event {
      case .value(let value): what = "\(symbol(value)) (\(value))"
      case .finished: what = "|"
      case .failed(let error): what = "# (\(error))"
      }
      return "\(what) at \(at) (\(entry.time))"
    }

    var difference: String?
    for index in 0..<max(expected.count, recording.events.count) {
      switch (
        index < expected.count ? expected[index] : nil, index < recording.events.count ? recording.events[index] : nil
      ) {
      case (let want?, let got?):
        let (frame, exact) = recording.frame(of: got.time)
        if !(exact && frame == want.frame && matches(want.event, got.event)) {
          difference = "event \(index): expected \(describe(want.event)) at frame \(want.frame), got \(describe(got))"
        }
      case (let want?, nil):
        difference = "event \(index): expected \(describe(want.event)) at frame \(want.frame), got nothing"
      case (nil, let got?):
        difference = "event \(index): expected nothing, got \(describe(got))"
      case (nil, nil):
        break
      }
      if difference != nil { break }
    }
    guard let difference else { return nil }
    let (top, bottom) = MarbleRendering.aligned(
      MarbleRendering.cells(of: diagram), recording.cells(symbol: symbol))
    return MarbleMismatch(expected: top, actual: bottom, firstDifference: difference, frame: recording.frame)
  }

  static func matches<Output: Equatable, Failure: Error>(
    _ expected: MarbleExpectedEvent<Output, Failure>, _ actual: Event<Output, Failure>
  ) -> Bool {
    switch (expected, actual) {
    case (.value(let want), .value(let got)): return want == got
    case (.finished, .finished): return true
    case (.anyFailure, .failed): return true
    case (.failed(let want), .failed(let got)): return errorsMatch(want, got)
    default: return false
    }
  }

  /// `==` when the error type is `Equatable`, else equal descriptions.
  static func errorsMatch<Failure: Error>(_ lhs: Failure, _ rhs: Failure) -> Bool {
    if let equatable = lhs as? any Equatable {
      return isEqual(equatable, rhs)
    }
    return String(reflecting: lhs) == String(reflecting: rhs)
  }

  private static func isEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs == rhs
  }
}
