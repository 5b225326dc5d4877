import Signals

/// The coordinator's clocks. Each counts *active* time (it pauses while the app is inactive): the timeout,
/// the minimum time and the grace period from `start`, the animation's length from the animation's start.
@usableFromInline
enum IntroClock: String, Sendable, CaseIterable {
  case length
  case minimum
  case grace
  case timeout
}

/// A set of clocks in one byte, iterated in declaration order: what an evaluation reached, and ``all`` for
/// every clock, with no array to allocate (unlike `allCases`).
struct IntroClockSet: Sendable, Equatable, Sequence {
  private var bits: UInt8 = 0

  /// No clock.
  init() {}

  /// Every clock.
  static var all: IntroClockSet {
    var all = IntroClockSet()
    all.bits = 0b1111
    return all
  }

  func contains(_ clock: IntroClock) -> Bool { bits & Self.bit(of: clock) != 0 }

  mutating func insert(_ clock: IntroClock) { bits |= Self.bit(of: clock) }

  func makeIterator() -> Iterator { Iterator(remaining: bits) }

  /// The clocks of a set, lowest bit (earliest declared) first.
  struct Iterator: IteratorProtocol {
    fileprivate var remaining: UInt8

    mutating func next() -> IntroClock? {
      guard remaining != 0 else { return nil }
      let index = remaining.trailingZeroBitCount
      remaining &= remaining - 1
      switch index {
      case 0: return .length
      case 1: return .minimum
      case 2: return .grace
      default: return .timeout
      }
    }
  }

  private static func bit(of clock: IntroClock) -> UInt8 {
    switch clock {
    case .length: 1
    case .minimum: 2
    case .grace: 4
    case .timeout: 8
    }
  }
}

/// One value per clock, in four stored fields: no dictionary (and no allocation) for four keys.
struct IntroPerClock<Value> {
  private var length: Value?
  private var minimum: Value?
  private var grace: Value?
  private var timeout: Value?

  init() {}

  subscript(clock: IntroClock) -> Value? {
    get {
      switch clock {
      case .length: length
      case .minimum: minimum
      case .grace: grace
      case .timeout: timeout
      }
    }
    set {
      switch clock {
      case .length: length = newValue
      case .minimum: minimum = newValue
      case .grace: grace = newValue
      case .timeout: timeout = newValue
      }
    }
  }
}

extension IntroPerClock: Sendable where Value: Sendable {}

/// The timers registered for the clocks, one per clock at most. Not an `IntroPerClock`: a generic value is
/// copied through its type's value witnesses, this one by its own code.
struct IntroTimers {
  private var length: SignalScheduledAction?
  private var minimum: SignalScheduledAction?
  private var grace: SignalScheduledAction?
  private var timeout: SignalScheduledAction?

  /// Keeps `timer`, registered for `clock`.
  mutating func register(_ timer: SignalScheduledAction, for clock: IntroClock) {
    switch clock {
    case .length: length = timer
    case .minimum: minimum = timer
    case .grace: grace = timer
    case .timeout: timeout = timer
    }
  }

  /// Takes `clock`'s timer out, if there is one.
  mutating func take(_ clock: IntroClock) -> SignalScheduledAction? {
    switch clock {
    case .length: length.take()
    case .minimum: minimum.take()
    case .grace: grace.take()
    case .timeout: timeout.take()
    }
  }

  /// Takes every timer out.
  mutating func takeAll() -> IntroTimers {
    defer { self = IntroTimers() }
    return self
  }

  /// Cancels every timer on `scheduler`, in clock order.
  func cancel(on scheduler: any SignalScheduler) {
    if let timer = length { scheduler.cancel(timer) }
    if let timer = minimum { scheduler.cancel(timer) }
    if let timer = grace { scheduler.cancel(timer) }
    if let timer = timeout { scheduler.cancel(timer) }
  }
}

/// Active time since `start`: wall time on the scheduler, minus the time the app was inactive.
struct IntroActiveTime: Sendable {
  /// Active time accumulated before `activeSince` (or in all, while inactive).
  private var accumulated = Duration.zero
  /// When the current active stretch began; `nil` while inactive.
  private var activeSince: SignalInstant?

  init(start: SignalInstant) {
    activeSince = start
  }

  var isActive: Bool { activeSince != nil }

  /// The active time elapsed by `instant` (not before the latest change).
  func elapsed(at instant: SignalInstant) -> Duration {
    guard let activeSince else { return accumulated }
    return accumulated + max(activeSince.duration(to: instant), .zero)
  }

  /// The app became active (`true`) or inactive (`false`) at `instant`; returns whether that changed anything.
  mutating func setActive(_ active: Bool, at instant: SignalInstant) -> Bool {
    switch (active, activeSince) {
    case (true, nil):
      activeSince = instant
      return true
    case (false, .some):
      accumulated = elapsed(at: instant)
      activeSince = nil
      return true
    default:
      return false
    }
  }

  /// The wall instant at which `elapsed` reaches `target`, if the app stays active; `nil` while inactive.
  func instant(reaching target: Duration, from now: SignalInstant) -> SignalInstant? {
    guard isActive else { return nil }
    return now.advanced(by: max(target - elapsed(at: now), .zero))
  }
}

extension IntroClock {
  /// The clock's lane in the trace.
  var traceInput: IntroTraceEntry.Input {
    switch self {
    case .length: .length
    case .minimum: .minimum
    case .grace: .grace
    case .timeout: .timeout
    }
  }

  /// The rule reaching the clock can decide by (the grace period decides nothing).
  var rule: IntroDecisionMachine.Rule? {
    switch self {
    case .length: .animationEnded
    case .minimum: .minimumReached
    case .grace: nil
    case .timeout: .timeout
    }
  }
}
