import Intro
import IntroTesting
import Signals
import Testing

/// The animated intro (an end trigger or 2.6 s, a 3 s timeout) over a grid of input times, each case
/// checked against a small reference function written straight from the rules, with the app's calls made
/// in an order shuffled by a seed of its own per case (the outcome must not depend on the order of
/// same-instant inputs).
@MainActor
@Suite("The animated intro: every combination of input times against a reference") struct AnimatedIntroGridTests {
  /// One input's script in the grid, in a form the reference reads. Times in milliseconds: exact (a
  /// `Double` number of seconds such as 2.6 is not).
  enum Timing: Hashable, CustomStringConvertible {
    case never
    case value(Int)
    case fails(Int)
    case finishes(Int)

    var script: IntroScript {
      switch self {
      case .never: .never
      case .value(let ms): .at(.milliseconds(ms))
      case .fails(let ms): .fails(at: .milliseconds(ms), "boom")
      case .finishes(let ms): .finishes(at: .milliseconds(ms))
      }
    }

    /// The same timing `offset` later.
    func shifted(by offset: Int) -> Timing {
      switch self {
      case .never: .never
      case .value(let ms): .value(ms + offset)
      case .fails(let ms): .fails(ms + offset)
      case .finishes(let ms): .finishes(ms + offset)
      }
    }

    var description: String {
      switch self {
      case .never: "never"
      case .value(let ms): "\(ms) ms"
      case .fails(let ms): "fails@\(ms) ms"
      case .finishes(let ms): "finishes@\(ms) ms"
      }
    }
  }

  struct Case: CustomStringConvertible {
    /// Times from the animation's start.
    var trigger: Timing
    /// `nil`: no asset configured.
    var asset: Timing?
    /// `nil`: no content configured.
    var content: Timing?
    var tap: Timing

    var description: String {
      "trigger \(trigger), asset \(asset.map(\.description) ?? "none"), "
        + "content \(content.map(\.description) ?? "none"), tap \(tap)"
    }
  }

  static let triggers: [Timing] = [
    .never, .value(0), .value(1000), .value(2600), .value(2900), .fails(1000), .fails(2600), .finishes(1000),
  ]
  static let assets: [Timing?] = [nil, .value(0), .value(400), .value(1000), .never, .fails(400), .fails(3000)]
  static let contents: [Timing?] = [
    nil, .value(0), .value(1000), .value(2600), .value(2900), .value(3000), .value(3500), .never, .fails(1000),
    .fails(2600), .fails(3000),
  ]
  static let taps: [Timing] = [.never, .value(0), .value(1000), .value(2600), .value(2900), .value(3000)]

  static var cases: [Case] {
    triggers.flatMap { trigger in
      assets.flatMap { asset in
        contents.flatMap { content in taps.map { Case(trigger: trigger, asset: asset, content: content, tap: $0) } }
      }
    }
  }

  /// The rules, for this intro (2.6 s length, 3 s timeout, no minimum, no grace), in the plainest form: each
  /// rule has one instant at which it would decide; the earliest wins, ties by the rules' order.
  static func reference(_ input: Case) -> (IntroOutcome.Kind, Int) {
    let length = 2600
    let timeout = 3000
    var candidates: [(time: Int, rank: Int, kind: IntroOutcome.Kind)] = [(timeout, 4, .timedOut)]
    // The animation starts when the asset loads (at once without one), never if it does not load.
    let animationStart: Int?
    switch input.asset {
    case nil: animationStart = 0
    case .value(let time)?, .finishes(let time)?: animationStart = time
    case .fails(let time)?:
      animationStart = nil
      candidates.append((time, 1, .animationFailed))
    case .never?: animationStart = nil
    }
    if let start = animationStart {
      var end = start + length
      switch input.trigger {
      case .value(let time): end = start + min(time, length)
      case .fails(let time) where time <= length: candidates.append((start + time, 1, .animationFailed))
      default: break
      }
      switch input.content {
      case nil: candidates.append((end, 2, .finished))
      case .value(let ready)?: candidates.append((max(end, ready), 2, .finished))
      default: break
      }
    }
    if case .fails(let time)? = input.content { candidates.append((time, 0, .contentFailed)) }
    if case .value(let time) = input.tap { candidates.append((time, 3, .skipped)) }
    let winner = candidates.min { ($0.time, $0.rank) < ($1.time, $1.rank) }!
    return (winner.kind, winner.time)
  }

  static func harness(_ input: Case) -> IntroHarness<Never> {
    IntroHarness(
      IntroConfiguration(
        animation: .endTrigger(fallbackLength: .milliseconds(2600)), asset: input.asset.map { _ in .reported },
        content: input.content.map { _ in .reported }, timeout: .seconds(3)))
  }

  @Test func everyCaseMatchesTheReferenceWhateverTheSchedulingOrder() {
    let cases = Self.cases
    #expect(cases.count == 3_696)
    var mismatches: [String] = []
    for (index, input) in cases.enumerated() {
      if let mismatch = Self.mismatch(input, seed: UInt64(index + 1)) { mismatches.append(mismatch) }
    }
    let count = mismatches.count
    #expect(count == 0, "first mismatches:\n\(mismatches.prefix(5).joined(separator: "\n"))")
  }

  /// How `input`, run with scheduling seed `seed`, differs from the reference; `nil` when it does not.
  ///
  /// A function of its own: inline in the test's loop, this code crashed the Swift 6.3.1 compiler in an
  /// optimized build (its ownership verifier, in copy propagation).
  static func mismatch(_ input: Case, seed: UInt64) -> String? {
    let (kind, milliseconds) = reference(input)
    // The trigger's times count from the animation's start: the app reports its end only once it plays.
    let animationStart: Int? =
      switch input.asset {
      case nil: 0
      case .value(let time)?: time
      default: nil
      }
    let trigger = animationStart.map { input.trigger.shifted(by: $0).script } ?? .never
    let result = harness(input).run(
      asset: input.asset?.script ?? nil, trigger: trigger, content: input.content?.script ?? nil,
      taps: input.tap.script, schedulingSeed: seed, until: .seconds(5))
    let expected = "\(kind.rawValue) after \(Duration.milliseconds(milliseconds))"
    let outcome = result.outcome
    let kindName = outcome.map { $0.reason.kind.rawValue } ?? "undecided"
    let ended = outcome.map { "\($0.duration)" } ?? "-"
    let actual = "\(kindName) after \(ended)"
    guard expected != actual || result.finishCount != 1 || result.trace.deciding.isEmpty else { return nil }
    return "\(input) (seed \(seed)): expected \(expected), got \(actual)"
  }
}
