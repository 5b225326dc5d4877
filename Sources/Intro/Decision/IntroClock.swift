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

  /// Takes every value out, leaving none.
  mutating func removeAll() -> [Value] {
    defer { self = IntroPerClock() }
    return IntroClock.allCases.compactMap { self[$0] }
  }
}

extension IntroPerClock: Sendable where Value: Sendable {}

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
