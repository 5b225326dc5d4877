import Signals

/// One event of an intro input, as the coordinator sees it: every input's signal, whatever its types,
/// reduces to this.
enum IntroInputEvent: Sendable {
  /// A value, described for the trace; `flag` is its truth for a `Bool` input (nil otherwise).
  case value(any Sendable, label: String, flag: Bool?)
  case finished
  case failed(any Error)
}

/// A type-erased intro input: subscribes a signal, delivering its events on the main actor.
struct IntroInputSource: Sendable {
  let subscribe: @Sendable (_ deliver: @escaping @MainActor (IntroInputEvent) -> Void) -> SignalSubscription

  init<Input: Signal>(_ signal: Input) {
    subscribe = { deliver in
      signal.receiveOnMainActor().observe { event in
        switch event {
        case .value(let value): deliver(.value(value, label: IntroInputSource.label(of: value), flag: value as? Bool))
        case .finished: deliver(.finished)
        case .failed(let error): deliver(.failed(error))
        }
      }
    }
  }

  /// A source that runs `work` in a task on `scheduler`'s clock (its task executor, when it has one).
  init(on scheduler: any SignalScheduler, work: @escaping @Sendable () async throws -> Void) {
    self.init(TaskSignal(on: scheduler) { () async throws -> Void in try await work() })
  }

  /// How a value is written in the trace: `()` as nothing, strings as they are, others described.
  static func label(of value: some Sendable) -> String {
    if value is Void { return "" }
    if let text = value as? String { return text }
    return String(describing: value)
  }
}
