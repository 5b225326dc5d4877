import Foundation
import Intro
import IntroTesting
import Testing

/// The coordinator against an independent model of its rules, on random intros and random calls: a timeout,
/// a fallback length, a minimum time, a grace period, a skip policy, an asset and content or not, Reduce
/// Motion and its policy, the app's calls at random instants on a 100 ms grid (so ties are common; some
/// before `start`), up to three windows that pause, come back and go, a cancel, and the calls of each
/// instant made in a random order. 4,700 cases a run;
/// `SIGNALS_STRESS_SCALE=100` runs 470,000; `SIGNALS_SEED=<n>` runs case `n` alone.
@MainActor
@Suite("The coordinator against a model of its rules") struct IntroModelTests {
  static var seeds: [UInt64] {
    let environment = ProcessInfo.processInfo.environment
    if let seed = environment["SIGNALS_SEED"].flatMap(UInt64.init) { return [seed] }
    let scale = environment["SIGNALS_STRESS_SCALE"].flatMap(Int.init) ?? 1
    return (0..<UInt64(4_700 * max(scale, 1))).map { 0x1A7_0000 &+ $0 }
  }

  @Test func everyRandomIntroEndsAsTheModelSaysExactlyOnce() {
    var mismatches: [String] = []
    var kinds: [IntroOutcome.Kind: Int] = [:]
    for seed in Self.seeds {
      let intro = RandomIntro(seed: seed)
      let expected = intro.expected
      let result = intro.run()
      if let kind = result.kind { kinds[kind, default: 0] += 1 }
      let actual = result.outcome.map { ($0.reason.kind, Int($0.duration / .milliseconds(1))) }
      guard
        actual?.0 != expected?.kind || actual?.1 != expected?.milliseconds
          || result.finishCount != (actual == nil ? 0 : 1)
      else { continue }
      mismatches.append(
        "SIGNALS_SEED=\(seed): \(intro)\n  expected \(expected.map { "\($0.kind.rawValue) at \($0.milliseconds) ms" } ?? "undecided"), "
          + "got \(actual.map { "\($0.0.rawValue) at \($0.1) ms" } ?? "undecided") (onFinish \(result.finishCount)×)\n\(result.diagram)"
      )
    }
    #expect(
      mismatches.isEmpty,
      "\(mismatches.count) of \(Self.seeds.count) disagree; first:\n\(mismatches.prefix(3).joined(separator: "\n"))")
    if Self.seeds.count > 1 {
      // The random intros reach every outcome an undecided-free run can have.
      let reached: Set<IntroOutcome.Kind> = [
        .finished, .skipped, .timedOut, .animationFailed, .contentFailed, .reducedMotion, .cancelled,
      ]
      #expect(Set(kinds.keys) == reached, "\(kinds)")
    }
  }
}

/// One random intro: its configuration, the app's calls, and what the rules say about them.
struct RandomIntro: CustomStringConvertible {
  enum Call: CustomStringConvertible {
    case value(Int)
    case fails(Int)

    var time: Int {
      switch self {
      case .value(let time), .fails(let time): time
      }
    }

    var description: String {
      switch self {
      case .value(let time): "\(time)"
      case .fails(let time): "fails@\(time)"
      }
    }
  }

  var timeout = 3000
  var length: Int?
  var minimum = 0
  var grace = 0
  var hasAsset = false
  var hasContent = false
  var reduceMotion = false
  var staticPolicy = false
  var skipNever = false
  var asset: Call?
  var trigger: [Call] = []
  var content: Call?
  var taps: [Int] = []
  /// Windows' calls, at distinct instants, in time order: `setActive` (`true` or `false`) or
  /// `sceneDisappeared` (`nil`), for window 0, 1 or 2.
  var activity: [(time: Int, window: Int, active: Bool?)] = []
  var cancel: Int?
  var schedulingSeed: UInt64 = 0

  init(seed: UInt64) {
    var random = SplitMix(state: seed)
    func time(_ range: ClosedRange<Int> = -3...45) -> Int { random.int(in: range) * 100 }
    func maybe(_ percent: Int) -> Bool { random.int(in: 0...99) < percent }
    timeout = random.int(in: 1...3) * 1000
    length = maybe(70) ? random.int(in: 0...timeout / 100) * 100 : nil
    minimum = maybe(30) ? random.int(in: 1...timeout / 100) * 100 : 0
    grace = maybe(30) ? random.int(in: 1...15) * 100 : 0
    hasAsset = maybe(40)
    hasContent = maybe(70)
    reduceMotion = maybe(10)
    staticPolicy = maybe(60)
    skipNever = maybe(15)
    if maybe(hasAsset ? 85 : 5) { asset = maybe(85) ? .value(time()) : .fails(time()) }
    for _ in 0..<random.int(in: 0...2) { trigger.append(maybe(80) ? .value(time()) : .fails(time())) }
    if maybe(hasContent ? 85 : 10) { content = maybe(85) ? .value(time()) : .fails(time()) }
    for _ in 0..<random.int(in: 0...2) { taps.append(time()) }
    var instants = Set<Int>()
    for _ in 0..<(maybe(35) ? random.int(in: 1...3) : 0) { instants.insert(time()) }
    activity = instants.sorted().map { time in
      (time, random.int(in: 0...2), maybe(25) ? nil : maybe(55))
    }
    if maybe(5) { cancel = time(0...45) }
    schedulingSeed = random.next()
  }

  /// The intro through the coordinator, driven by its calls in virtual time.
  @MainActor func run() -> IntroTestResult<Never> {
    let configuration = IntroConfiguration(
      animation: .endTrigger(fallbackLength: length.map(Duration.milliseconds)), asset: hasAsset ? .reported : nil,
      content: hasContent ? .reported : nil, minimumDuration: .milliseconds(minimum), timeout: .milliseconds(timeout),
      skipPolicy: skipNever ? .never : .tapAnywhere, skipGracePeriod: .milliseconds(grace),
      reduceMotionPolicy: staticPolicy ? .staticPose : .skip)
    func script(_ calls: [Call]) -> IntroScript {
      IntroScript(
        calls.map { call in
          switch call {
          case .value(let time): (.milliseconds(time), .value(true))
          case .fails(let time): (.milliseconds(time), .fail(IntroTestError("boom")))
          }
        })
    }
    let windows = activity.map { call in
      let (window, active) = ("window \(call.window)", call.active)
      return (
        time: Duration.milliseconds(call.time),
        call: { @MainActor @Sendable (coordinator: IntroCoordinator<Never>) in
          if let active { coordinator.setActive(active, scene: window) } else { coordinator.sceneDisappeared(window) }
        }
      )
    }
    return IntroHarness(configuration).run(
      asset: script(asset.map { [$0] } ?? []), trigger: script(trigger), content: script(content.map { [$0] } ?? []),
      taps: IntroScript(taps.map { (.milliseconds($0), .value(true)) }), cancelAt: cancel.map(Duration.milliseconds),
      reduceMotion: reduceMotion, schedulingSeed: schedulingSeed, until: .seconds(30), calls: windows)
  }

  // MARK: The model

  /// The active time elapsed at wall time `t` (from `start`, in milliseconds): pauses excluded. A call
  /// before `start` counts at `start`. The app is active until a window reports, then while a window still
  /// there is active; a window that has gone no longer counts (one that never reported cannot go).
  func activeTime(at t: Int) -> Int {
    var windows: [Int: Bool]?
    var active = true
    var since = 0
    var total = 0
    for call in activity where max(call.time, 0) <= t {
      let at = max(call.time, 0)
      if call.active == nil, windows?[call.window] == nil { continue }
      windows = windows ?? [:]
      windows?[call.window] = call.active
      let now = windows?.values.contains(true) ?? true
      if active && !now { total += at - since }
      if !active && now { since = at }
      active = now
    }
    return active ? total + t - since : total
  }

  /// The first wall time at which the active time reaches `target`, if it ever does (before 30 s).
  func wallTime(reaching target: Int) -> Int? {
    (0...300).lazy.map { $0 * 100 }.first { activeTime(at: $0) >= target }
  }

  /// What the rules say: the outcome's kind and its time from `start`, or `nil` for none.
  var expected: (kind: IntroOutcome.Kind, milliseconds: Int)? {
    if reduceMotion && !staticPolicy { return (.reducedMotion, 0) }
    let isStatic = reduceMotion
    var candidates: [(time: Int, rank: Int, kind: IntroOutcome.Kind)] = []
    if let cancel { candidates.append((cancel, -1, .cancelled)) }
    if let timeout = wallTime(reaching: timeout) { candidates.append((timeout, 4, .timedOut)) }
    if !skipNever, let tap = taps.map({ max($0, 0) }).sorted().first(where: { activeTime(at: $0) >= grace }) {
      candidates.append((tap, 3, .skipped))
    }
    if case .fails(let time)? = content { candidates.append((max(time, 0), 0, .contentFailed)) }
    // The animation: it ends at its first reported end (a load too, when it comes first) or at its length
    // from its load (at `start` without an asset); a still pose counts as ended at once.
    let calls = (asset.map { [$0] } ?? []) + trigger
    let ends = trigger.compactMap { call -> Int? in if case .value(let t) = call { max(t, 0) } else { nil } }
    let loads = (asset.map { [$0] } ?? []).compactMap { call -> Int? in
      if case .value(let t) = call { max(t, 0) } else { nil }
    }
    var end: Int? = isStatic ? 0 : ends.min()
    let start: Int? = hasAsset ? (loads + ends).min() : 0
    if !isStatic, let start, let length, let byLength = wallTime(reaching: activeTime(at: start) + length) {
      end = min(end ?? max(byLength, start), max(byLength, start))
    }
    if !isStatic {
      let failures = calls.compactMap { call -> Int? in if case .fails(let t) = call { max(t, 0) } else { nil } }
      if let failure = failures.min(), end.map({ $0 >= failure }) ?? true {
        candidates.append((failure, 1, .animationFailed))
      }
    }
    // It finishes once the animation has ended, the content is ready and the minimum time has passed.
    var conditions = [end]
    if hasContent { conditions.append(content.flatMap { if case .value(let t) = $0 { max(t, 0) } else { nil } }) }
    // A still pose with no content to wait for is held at least 1 s (up to the timeout): it never blinks.
    let minimum = isStatic && !hasContent ? max(minimum, min(1000, timeout)) : minimum
    if minimum > 0 { conditions.append(wallTime(reaching: minimum)) }
    if !conditions.contains(nil) { candidates.append((conditions.map { $0! }.max()!, 2, .finished)) }
    return candidates.min { ($0.time, $0.rank) < ($1.time, $1.rank) }.map { ($0.kind, $0.time) }
  }

  var description: String {
    var parts = ["timeout \(timeout)"]
    if let length { parts.append("length \(length)") }
    if minimum > 0 { parts.append("minimum \(minimum)") }
    if grace > 0 { parts.append("grace \(grace)") }
    if reduceMotion { parts.append("reduce motion (\(staticPolicy ? "static" : "skip"))") }
    if skipNever { parts.append("no skip") }
    if hasAsset { parts.append("asset") }
    if hasContent { parts.append("content") }
    if let asset { parts.append("loaded \(asset)") }
    if !trigger.isEmpty { parts.append("ended \(trigger)") }
    if let content { parts.append("ready \(content)") }
    if !taps.isEmpty { parts.append("taps \(taps)") }
    if !activity.isEmpty {
      parts.append("windows \(activity.map { "\($0.window):\($0.active.map(String.init) ?? "gone")@\($0.time)" })")
    }
    if let cancel { parts.append("cancel \(cancel)") }
    return parts.joined(separator: ", ") + ", scheduling seed \(schedulingSeed)"
  }
}

/// SplitMix64: a small seeded generator, the same numbers for the same seed everywhere.
struct SplitMix {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
}
