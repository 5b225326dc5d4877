/// A signal that sends recorded values and a completion to each observer, synchronously.
///
/// Combine's `Record`: a fixed script of events, for tests, previews and placeholders.
///
/// ```swift
/// let script = RecordSignal<Int, Never>(output: [1, 2, 3], completion: .finished)
/// let steps = RecordSignal<String, Never> { recording in
///   recording.receive("loading")
///   recording.receive("ready")
///   recording.receive(completion: .finished)
/// }
/// ```
///
/// Each observer receives every value, then the completion, during `subscribe`; delivery stops early when
/// it answers ``SignalControl/stop``. A recording that was never given a completion finishes.
public struct RecordSignal<Output: Sendable, Failure: Error>: Signal {
  /// A script of values and a completion, written once.
  public struct Recording: Sendable {
    /// The values, in order.
    public private(set) var output: [Output]
    /// The completion; `.finished` until another is received.
    public private(set) var completion: SignalCompletion<Failure>
    var isComplete: Bool

    /// An empty recording, to write with ``receive(_:)`` and ``receive(completion:)``.
    public init() {
      output = []
      completion = .finished
      isComplete = false
    }

    /// A complete recording of `output`, then `completion`.
    public init(output: [Output], completion: SignalCompletion<Failure> = .finished) {
      self.output = output
      self.completion = completion
      isComplete = true
    }

    /// Records a value.
    ///
    /// - Precondition: no completion was recorded: a value after it stops the program with a "Signals: "
    ///   message (as Combine's `Record.Recording` does).
    public mutating func receive(_ input: Output) {
      if let problem = Self.problem(recordingAfterCompletion: isComplete, what: "a value") {
        preconditionFailure(problem)
      }
      output.append(input)
    }

    /// Records the completion.
    ///
    /// - Precondition: no completion was recorded before.
    public mutating func receive(completion: SignalCompletion<Failure>) {
      if let problem = Self.problem(recordingAfterCompletion: isComplete, what: "a second completion") {
        preconditionFailure(problem)
      }
      self.completion = completion
      isComplete = true
    }

    /// Why recording `what` now is refused, or `nil` when it is not. Backs the preconditions.
    package static func problem(recordingAfterCompletion isComplete: Bool, what: String) -> String? {
      isComplete ? "Signals: RecordSignal.Recording cannot record \(what) after its completion" : nil
    }
  }

  /// The script each observer receives.
  public let recording: Recording

  /// A signal of `recording`.
  public init(recording: Recording) {
    self.recording = recording
  }

  /// A signal of `output`, then `completion`.
  public init(output: [Output], completion: SignalCompletion<Failure>) {
    self.recording = Recording(output: output, completion: completion)
  }

  /// A signal of the script `record` writes into an empty recording.
  public init(record: (inout Recording) -> Void) {
    var recording = Recording()
    record(&recording)
    self.recording = recording
  }

  /// Delivers the values, then the completion, before returning; stops early on ``SignalControl/stop``.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    for value in recording.output {
      guard observer.receive(.value(value)) == .continue else { return .empty }
    }
    _ = observer.receive(Event(recording.completion))
    return .empty
  }
}
