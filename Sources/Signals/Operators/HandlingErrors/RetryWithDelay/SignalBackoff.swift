/// How long `retry(_:delay:scheduler:)` waits before each retry: a fixed delay, or one that grows
/// exponentially up to a cap, optionally shortened by a random jitter.
///
/// ```swift
/// let fixed = SignalBackoff.fixed(.seconds(1))
/// let growing = SignalBackoff.exponential(initial: .milliseconds(200), maximum: .seconds(5))
/// // 0.2 s, 0.4 s, 0.8 s, … up to 5 s; each drawn between 50% and 100% of that:
/// let spread = SignalBackoff.exponential(initial: .milliseconds(200), maximum: .seconds(5), jitter: 0.5)
/// ```
///
/// **Jitter** takes a random part off each delay: with `jitter` *j*, a delay *d* becomes a value drawn
/// uniformly between *d* × (1 − *j*) and *d*, so it never exceeds the delay without jitter, nor the cap
/// (`jitter: 1` is the "full jitter" of AWS's guidance: anywhere from zero to *d*). The random numbers come
/// from `generator`, the system's by default. Pass a generator of your own, seeded, to make the delays
/// repeatable in tests: each subscription starts from a copy of it, so each draws the same delays.
///
/// - Precondition: delays and the cap are not negative, `multiplier` is at least 1 (and finite), and
///   `jitter` is between 0 and 1; otherwise the program stops with a "Signals: " message.
public struct SignalBackoff: Sendable {
  /// The delay before the first retry.
  public let initial: Duration
  /// What each delay is multiplied by for the next retry (1 for a fixed delay).
  public let multiplier: Double
  /// The longest delay, or `nil` for none.
  public let maximum: Duration?
  /// The largest part of each delay the jitter may take off, from 0 (none) to 1.
  public let jitter: Double
  var generator: any RandomNumberGenerator & Sendable

  init(
    initial: Duration, multiplier: Double, maximum: Duration?, jitter: Double,
    generator: any RandomNumberGenerator & Sendable
  ) {
    if let problem = Self.problem(initial: initial, multiplier: multiplier, maximum: maximum, jitter: jitter) {
      preconditionFailure(problem)
    }
    self.initial = initial
    self.multiplier = multiplier
    self.maximum = maximum
    self.jitter = jitter
    self.generator = generator
  }

  /// The same delay before every retry.
  public static func fixed(
    _ delay: Duration, jitter: Double = 0, using generator: some RandomNumberGenerator & Sendable
  ) -> SignalBackoff {
    SignalBackoff(initial: delay, multiplier: 1, maximum: nil, jitter: jitter, generator: generator)
  }

  /// The same delay before every retry, with the system's random numbers for the jitter.
  public static func fixed(_ delay: Duration, jitter: Double = 0) -> SignalBackoff {
    fixed(delay, jitter: jitter, using: SystemRandomNumberGenerator())
  }

  /// `initial` before the first retry, then `multiplier` times the delay before it, at most `maximum`.
  public static func exponential(
    initial: Duration, multiplier: Double = 2, maximum: Duration? = nil, jitter: Double = 0,
    using generator: some RandomNumberGenerator & Sendable
  ) -> SignalBackoff {
    SignalBackoff(initial: initial, multiplier: multiplier, maximum: maximum, jitter: jitter, generator: generator)
  }

  /// `initial` before the first retry, then `multiplier` times the delay before it, at most `maximum`, with
  /// the system's random numbers for the jitter.
  public static func exponential(
    initial: Duration, multiplier: Double = 2, maximum: Duration? = nil, jitter: Double = 0
  ) -> SignalBackoff {
    exponential(
      initial: initial, multiplier: multiplier, maximum: maximum, jitter: jitter, using: SystemRandomNumberGenerator())
  }

  /// Why these cannot make a backoff, or `nil` when they can. Backs the precondition.
  package static func problem(initial: Duration, multiplier: Double, maximum: Duration?, jitter: Double) -> String? {
    if initial < .zero { return "Signals: SignalBackoff needs a delay of at least zero, got \(initial)" }
    if let maximum, maximum < .zero { return "Signals: SignalBackoff needs a maximum of at least zero, got \(maximum)" }
    if !(multiplier >= 1) || !multiplier.isFinite {
      return "Signals: SignalBackoff needs a finite multiplier of at least 1, got \(multiplier)"
    }
    if !(0...1).contains(jitter) { return "Signals: SignalBackoff needs a jitter from 0 to 1, got \(jitter)" }
    return nil
  }

  /// The delay before retry `retry` (1 for the first), before jitter.
  public func baseDelay(forRetry retry: Int) -> Duration {
    guard initial > .zero else { return .zero }
    let cap = maximum.map(Self.seconds) ?? Self.longest
    var factor = 1.0
    var base = multiplier
    var exponent = max(retry - 1, 0)
    while exponent > 0 && factor < .infinity {  // exponentiation by squaring: the factor is multiplier^(retry − 1)
      if exponent & 1 == 1 { factor *= base }
      base *= base
      exponent >>= 1
    }
    return .seconds(min(Self.seconds(initial) * factor, cap))
  }

  /// The delay before retry `retry` (1 for the first): ``baseDelay(forRetry:)`` less a random part when there
  /// is jitter, drawn from the generator.
  public mutating func delay(forRetry retry: Int) -> Duration {
    let base = baseDelay(forRetry: retry)
    guard jitter > 0 else { return base }
    let fraction = Double.random(in: 0..<1, using: &generator)
    return base * (1 - jitter * fraction)
  }

  /// The longest delay a backoff gives: about 30,000 years.
  static let longest = 1e12

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
