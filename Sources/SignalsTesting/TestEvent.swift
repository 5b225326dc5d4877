import Signals

/// An event at a time of a marble test: what RxTest calls a recorded event.
///
/// Lists of them make test inputs (`MarbleTest.hotInput(_:)`, `MarbleTest.coldInput(_:)`) and are
/// what a recording is compared with (``MarbleRecording/testEvents``). Integer literals are ticks of the test's frame:
///
/// ```swift
/// let events: [TestEvent<Int, Never>] = [.value(150, -1), .value(210, 101), .finished(600)]
/// ```
public struct TestEvent<Output: Sendable, Failure: Error>: Sendable {
  /// When the event happens.
  public var time: TestTime
  /// The event.
  public var event: Event<Output, Failure>

  /// `event` at `time`.
  public init(_ time: TestTime, _ event: Event<Output, Failure>) {
    self.time = time
    self.event = event
  }

  /// The value `value` at `time`.
  public static func value(_ time: TestTime, _ value: Output) -> TestEvent {
    TestEvent(time, .value(value))
  }

  /// The signal finishes at `time`.
  public static func finished(_ time: TestTime) -> TestEvent {
    TestEvent(time, .finished)
  }

  /// The signal fails with `error` at `time`.
  public static func failed(_ time: TestTime, _ error: Failure) -> TestEvent {
    TestEvent(time, .failed(error))
  }
}

extension TestEvent: Equatable where Output: Equatable, Failure: Equatable {}
extension TestEvent: Hashable where Output: Hashable, Failure: Hashable {}

extension TestEvent: CustomStringConvertible {
  /// As written: `value(210, 2)`, `finished(600)`, `failed(300, timedOut)`.
  public var description: String {
    switch event {
    case .value(let value): return "value(\(time), \(value))"
    case .finished: return "finished(\(time))"
    case .failed(let error): return "failed(\(time), \(error))"
    }
  }
}

/// When one subscription to a ``TestInput`` started and ended.
///
/// A subscription ends when it is cancelled (or released), when its terminal event reached the
/// subscriber, or when the subscriber answered `SignalControl.stop`; ``ended`` is `nil` while it lasts.
/// Compare with a literal list, as in RxTest:
///
/// ```swift
/// let test = MarbleTest(frame: .milliseconds(1))
/// let xs = test.hotInput([.value(150, 1), .value(210, 2), .finished(600)])
/// _ = test.start { xs }
/// // xs.subscriptions == [TestSubscriptionRecord(200, 600)]
/// ```
///
/// Not `Subscription`: that is Combine's protocol, and SwiftUI files import Combine.
public struct TestSubscriptionRecord: Sendable, Hashable, CustomStringConvertible {
  /// When the subscription started.
  public var subscribed: TestTime
  /// When it ended, or `nil` if it has not.
  public var ended: TestTime?

  /// A subscription from `subscribed` to `ended` (`nil`: not ended).
  public init(_ subscribed: TestTime, _ ended: TestTime? = nil) {
    self.subscribed = subscribed
    self.ended = ended
  }

  /// `(200, 600)`, or `(200, not ended)`.
  public var description: String {
    "(\(subscribed), \(ended.map(\.description) ?? "not ended"))"
  }
}
