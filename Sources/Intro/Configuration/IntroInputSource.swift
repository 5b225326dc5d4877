import Signals

/// One event of an intro input, as the coordinator sees it: every input's signal, whatever its types,
/// reduces to this.
@usableFromInline
enum IntroInputEvent: Sendable {
  /// A value, described for the trace; `flag` is its truth for a `Bool` input (nil otherwise). The value
  /// itself reaches the coordinator only from a playback, as ``IntroMessage/progress(label:value:)``.
  case value(label: String, flag: Bool?)
  case finished
  case failed(any Error)

  var isFinished: Bool {
    if case .finished = self { return true }
    return false
  }

  /// The event as the trace writes it, but a failure's description, written when the trace is read
  /// (see ``IntroTraceEntry/undescribedFailure``).
  var traced: IntroTraceEntry.Event {
    switch self {
    case .value(let label, _): .value(label)
    case .finished: .finished
    case .failed: .failed("")
    }
  }

  /// The failure, if the event is one.
  var failure: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }
}

/// What reaches the coordinator through its inbox, from any thread, to be handled on the main actor.
@usableFromInline
enum IntroMessage: Sendable {
  case input(IntroTraceEntry.Input, IntroInputEvent)
  /// A playback's value: its progress, and a value of the playback input.
  case progress(label: String, value: IntroProgressValue)
  case evaluate
  case clock(IntroClock)
  case historyWriteFailed(IntroHistoryDiagnostic)
}

/// A playback's value in a box: the one allocation per playback value that keeps every message free of
/// an opaque existential, which would make ``IntroMessage`` address-only: copied and destroyed through
/// value witnesses at each step of the inbox, for every input, timer and decision.
@usableFromInline
final class IntroProgressValue: Sendable {
  @usableFromInline let value: any Sendable

  @inlinable
  init(_ value: any Sendable) {
    self.value = value
  }
}

/// The coordinator's way in: every input, timer and store failure is sent here, and the coordinator
/// receives it on the main actor through `receiveOnMainActor()` (one subscription for all of them).
@usableFromInline
typealias IntroInbox = PassthroughSignal<IntroMessage, Never>

/// A type-erased intro input: a signal whose events go to an inbox, tagged with their input.
///
/// The erasing closure is made in inlinable code, so it is specialized where the signal's type is known
/// (the app's module): subscribing then runs the signal's specialized subscribe, with no generic metadata
/// to carry (unspecialized, a subject's subscription costs three allocations more).
@usableFromInline
struct IntroInputSource: Sendable {
  @usableFromInline
  let subscribeInput: @Sendable (IntroTraceEntry.Input, IntroInbox) -> SignalSubscription

  @inlinable
  init<Input: Signal>(_ signal: Input) {
    subscribeInput = { input, inbox in
      signal.subscribe(IntroInputObserver<Input.Output, Input.Failure>(input: input, inbox: inbox))
    }
  }

  /// A source that runs `work` in a task on `scheduler`'s clock (its task executor, when it has one).
  init(on scheduler: any SignalScheduler, work: @escaping @Sendable () async throws -> Void) {
    self.init(TaskSignal(on: scheduler) { () async throws -> Void in try await work() })
  }

  /// Subscribes the input: its events go to `inbox` as `input`.
  func subscribe(_ input: IntroTraceEntry.Input, into inbox: IntroInbox) -> SignalSubscription {
    subscribeInput(input, inbox)
  }

  /// How a value is written in the trace: `()` as nothing, strings as they are, others described.
  ///
  /// Generic and inlinable: specialized for the input's type, the casts are decided at compile time (a
  /// `Void` trigger's label is `""` with no dynamic cast).
  @inlinable
  static func label<Value>(of value: Value) -> String {
    if value is Void { return "" }
    if let text = value as? String { return text }
    return String(describing: value)
  }
}

/// Forwards one input's events to the inbox, tagged.
@usableFromInline
struct IntroInputObserver<Output: Sendable, Failure: Error>: SignalObserver {
  @usableFromInline let input: IntroTraceEntry.Input
  @usableFromInline let inbox: IntroInbox

  @inlinable
  init(input: IntroTraceEntry.Input, inbox: IntroInbox) {
    self.input = input
    self.inbox = inbox
  }

  @inlinable
  func receive(_ event: Event<Output, Failure>) -> SignalControl {
    switch event {
    case .value(let value):
      if input == .playback {
        inbox.send(.progress(label: IntroInputSource.label(of: value), value: IntroProgressValue(value)))
      } else {
        inbox.send(.input(input, .value(label: IntroInputSource.label(of: value), flag: value as? Bool)))
      }
    case .finished:
      inbox.send(.input(input, .finished))
    case .failed(let error):
      inbox.send(.input(input, .failed(error)))
    }
    return .continue
  }
}
