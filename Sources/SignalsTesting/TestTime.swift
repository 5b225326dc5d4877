import Signals

/// A time in a marble test: a tick (frame `n` of the test) or an exact instant.
///
/// An integer literal is a tick, so event lists read like RxTest's: `.value(210, 2)` is the value `2` at
/// tick 210. What a tick lasts is the test's frame: with `MarbleTest(frame: .milliseconds(1))`, tick 210
/// is 210 ms after the test's origin.
///
/// ```swift
/// let test = MarbleTest(frame: .milliseconds(1))
/// let times: [TestTime] = [150, .tick(210), .instant(SignalInstant(offset: .milliseconds(2650)))]
/// // test.instant(of: times[1]) == SignalInstant(offset: .milliseconds(210))
/// ```
///
/// Times a test *records* (a recording's ``MarbleRecording/testEvents``, an input's
/// ``TestInput/subscriptions``) are ticks whenever they fall exactly on a frame, and instants only when they
/// do not: compare recorded times with ticks, and use ``MarbleTest/time(of:)`` to turn an instant into the
/// time a test records for it.
public enum TestTime: Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
  /// Frame `n` of the test: `origin + n × frame`.
  case tick(Int)
  /// An exact instant on the scheduler's timeline (for a cold input: after its subscription).
  case instant(SignalInstant)

  /// The tick `value`.
  public init(integerLiteral value: Int) {
    self = .tick(value)
  }

  /// The tick's number (`210`), or the instant in seconds (`2.65 s`).
  public var description: String {
    switch self {
    case .tick(let n): return "\(n)"
    case .instant(let instant): return SignalTimeline.text(of: instant.offset)
    }
  }
}

/// A test's frame and origin: how ticks and instants convert.
struct TestGrid: Sendable, Hashable {
  var frame: Duration
  var origin: SignalInstant

  /// The instant of `time`.
  func instant(of time: TestTime) -> SignalInstant {
    switch time {
    case .tick(let n): return origin + frame * n
    case .instant(let instant): return instant
    }
  }

  /// The duration from frame zero to `time`, for times relative to a subscription (cold inputs).
  func offset(of time: TestTime) -> Duration {
    switch time {
    case .tick(let n): return frame * n
    case .instant(let instant): return instant.offset
    }
  }

  /// `instant` as a tick when it is exactly on a frame, else as itself.
  func time(of instant: SignalInstant) -> TestTime {
    let (n, exact) = SignalTimeline(frame: frame, origin: origin).frame(of: instant)
    return exact ? .tick(n) : .instant(instant)
  }
}
