import Intro
import Signals
import SignalsTesting

// Swift Testing, where it can be imported (a test target's build): a refused run is recorded as a test failure
// (`Issue.record`) instead of ending the whole test run. Nothing else here depends on it.
#if canImport(Testing)
  import Testing
#endif

/// Runs an app's own intro in virtual time, through the methods the app calls: inputs at times in, the
/// outcome, the trace and the typed progress out, decided in microseconds.
///
/// ```swift
/// @MainActor func checkMyIntro() {
///   let intro = IntroHarness(
///     IntroConfiguration(
///       animation: .endTrigger(fallbackLength: .milliseconds(2600)), content: .reported, timeout: .seconds(3),
///       gate: .firstLaunch))
///   let result = intro.run(trigger: .at(seconds: 1.2), content: .at(seconds: 2))
///   assert(result.kind == .finished && result.endedAfter == .seconds(2))
/// }
/// ```
///
/// Each run makes a new `TestScheduler` and, on it, the app's coordinator: from its configuration, or with
/// the app's own code, given the scheduler. Every run starts from a fresh install: the gate's history is
/// the run's own, in memory, whatever store the configuration names (`UserDefaults.standard`, an App
/// Group's suite, a file), and nothing the run does reaches that store — unless the test gives a history on
/// purpose (`run(history: .shown(version: "1.0"))`: a launch after one that showed it). It calls `start`
/// at the run's instant zero,
/// the scripts' methods at their times (a negative time: before `start`), and advances until `until` (60 s
/// by default), on the calling thread — the main actor, so the outcome is decided inside the advance, at
/// its virtual instant.
///
/// Async work (`IntroWork.task`, an async end trigger) runs in virtual time on the scheduler's task executor.
/// Where task executors do not exist (before macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2) the work is
/// refused rather than run in real time: the run records a test failure that names the OS it needs (with
/// Swift Testing; without it, a precondition failure), and the work never ends. The app's calls run
/// everywhere.
@MainActor
public struct IntroHarness<Progress: Sendable> {
  private let make: @MainActor (TestScheduler) -> (owner: Any, coordinator: IntroCoordinator<Progress>)
  private var offersTaskExecutor = true

  /// A harness for the intro `configuration` describes, built as the app builds it, on the test's
  /// scheduler.
  public init(_ configuration: IntroConfiguration<Progress>) {
    self.init { scheduler in IntroCoordinator(configuration, scheduler: scheduler) }
  }

  /// A harness for the coordinator the app's own code builds with the test's scheduler.
  public init(_ makeCoordinator: @escaping @MainActor (TestScheduler) -> IntroCoordinator<Progress>) {
    make = { scheduler in
      let coordinator = makeCoordinator(scheduler)
      return (coordinator, coordinator)
    }
  }

  /// A harness for the coordinator of an object of the app's (`makeOwner` builds it with the test's
  /// scheduler), kept alive for the run: `IntroHarness(AppModel.init(scheduler:)) { $0.intro }`.
  public init<Owner>(
    _ makeOwner: @escaping @MainActor (TestScheduler) -> Owner,
    coordinator: @escaping @MainActor (Owner) -> IntroCoordinator<Progress>
  ) {
    make = { scheduler in
      let owner = makeOwner(scheduler)
      return (owner, coordinator(owner))
    }
  }

  /// A harness whose scheduler offers its task executor only if `offersTaskExecutor`: `false` plays, on any
  /// OS, one without task executors (how this package tests the refusal on Linux).
  package init(
    offersTaskExecutor: Bool, _ makeCoordinator: @escaping @MainActor (TestScheduler) -> IntroCoordinator<Progress>
  ) {
    self.init(makeCoordinator)
    self.offersTaskExecutor = offersTaskExecutor
  }

  /// Runs the intro once with these scripts; times count from `start` (negative: before it).
  ///
  /// - Parameters:
  ///   - asset: a value calls `animationLoaded()` (a finish too), a failure `animationFailed(_:)`.
  ///   - trigger: a value calls `animationEnded()`, a failure `animationFailed(_:)`.
  ///   - content: a value calls `contentReady()` (a finish too), a failure `contentFailed(_:)`.
  ///   - taps: a value calls `skip()`.
  ///   - isActive: a value `true` or `false` calls `setActive(_:)`.
  ///   - cancelAt: when the app calls `cancel()`, if it does.
  ///   - reduceMotion: whether Reduce Motion is on at `start`.
  ///   - history: the gate's history before the run (by default a fresh install: never shown). For a
  ///     second launch, `.shown(version: nil)`; after an update, `.shown(version: "1.0")`.
  ///   - schedulingSeed: shuffles the order in which same-instant calls are made (the outcome must not
  ///     change).
  ///   - until: how long after `start` to run.
  public func run(
    asset: IntroScript = nil, trigger: IntroScript = nil, content: IntroScript = nil, taps: IntroScript = nil,
    isActive: IntroScript = nil, cancelAt: Duration? = nil, reduceMotion: Bool = false,
    history: IntroHistory = .neverShown, schedulingSeed: UInt64? = nil, until: Duration = .seconds(60)
  ) -> IntroTestResult<Progress> {
    run(
      asset: asset, trigger: trigger, content: content, taps: taps, isActive: isActive, cancelAt: cancelAt,
      reduceMotion: reduceMotion, history: history, schedulingSeed: schedulingSeed, until: until, calls: [])
  }

  /// ``run(asset:trigger:content:taps:isActive:cancelAt:reduceMotion:history:schedulingSeed:until:)`` with
  /// more calls of the coordinator's at their times (a window's `sceneDisappeared(_:)`, say).
  package func run(
    asset: IntroScript = nil, trigger: IntroScript = nil, content: IntroScript = nil, taps: IntroScript = nil,
    isActive: IntroScript = nil, cancelAt: Duration? = nil, reduceMotion: Bool = false,
    history: IntroHistory = .neverShown, schedulingSeed: UInt64? = nil, until: Duration = .seconds(60),
    calls more: [(time: Duration, call: @MainActor @Sendable (IntroCoordinator<Progress>) -> Void)]
  ) -> IntroTestResult<Progress> {
    let refusals = Locked<[String]>([])
    let scheduler = TestScheduler(
      offersTaskExecutor: offersTaskExecutor, asyncWorkRefused: { message in refusals.withLock { $0.append(message) } })
    let store = InMemoryIntroHistoryStore(history)
    let run = IntroRunContext.HarnessRun(store: store)
    let (owner, coordinator) = IntroRunContext.$run.withValue(run) { make(scheduler) }
    var calls: [(time: Duration, call: @Sendable () -> Void)] = []
    func add(
      _ script: IntroScript, value: @escaping @Sendable (Bool) -> Void, finish: (@Sendable () -> Void)?,
      fail: (@Sendable (IntroTestError) -> Void)?
    ) {
      for (time, step) in script.steps {
        switch step {
        case .value(let flag): calls.append((time, { value(flag) }))
        case .finish: if let finish { calls.append((time, finish)) }
        case .fail(let error): if let fail { calls.append((time, { fail(error) })) }
        }
      }
    }
    add(
      asset, value: { _ in coordinator.animationLoaded() }, finish: coordinator.animationLoaded,
      fail: { coordinator.animationFailed($0) })
    add(trigger, value: { _ in coordinator.animationEnded() }, finish: nil, fail: { coordinator.animationFailed($0) })
    add(
      content, value: { _ in coordinator.contentReady() }, finish: coordinator.contentReady,
      fail: { coordinator.contentFailed($0) })
    add(taps, value: { _ in coordinator.skip() }, finish: nil, fail: nil)
    add(isActive, value: { coordinator.setActive($0) }, finish: nil, fail: nil)
    if let cancelAt { calls.append((cancelAt, { MainActor.assumeIsolated { coordinator.cancel() } })) }
    for (time, call) in more { calls.append((time, { MainActor.assumeIsolated { call(coordinator) } })) }

    let start = SignalInstant.zero + max(.zero, .zero - (calls.map(\.time).min() ?? .zero))
    let finishes = Locked(0)
    scheduler.schedule(at: start) {
      MainActor.assumeIsolated {
        coordinator.start(reduceMotion: reduceMotion) { _ in finishes.withLock { $0 += 1 } }
      }
    }
    for (time, call) in SchedulingOrder(seed: schedulingSeed).shuffled(calls) {
      scheduler.schedule(at: start + time, call)
    }
    var progress: [(at: Duration, value: Progress?)] = []
    let end = start + until
    while let next = scheduler.nextDeadline, next <= end {
      scheduler.advance(to: next)
      if next >= start { progress.append((next - start, coordinator.progress)) }
    }
    scheduler.advance(to: end)
    for message in refusals.withLock({ $0 }) { Self.recordFailure(message) }
    return withExtendedLifetime(owner) {
      IntroTestResult(
        outcome: coordinator.phase.outcome, trace: coordinator.trace, finishCount: finishes.withLock { $0 },
        progressSteps: progress, history: store.history, warnings: run.warnings)
    }
  }
}

extension IntroHarness {
  /// Records `message` as a failure of the running test (Swift Testing), or stops the program where Swift
  /// Testing cannot be imported.
  fileprivate static func recordFailure(_ message: String) {
    #if canImport(Testing)
      Issue.record(Comment(rawValue: "IntroHarness: " + message))
    #else
      preconditionFailure("IntroHarness: " + message)
    #endif
  }
}

/// The order in which a run's calls are made at each instant: as written, or shuffled by a seed. Outcomes
/// must not depend on it.
struct SchedulingOrder {
  let seed: UInt64?

  /// `elements` in this order's order: a small, seeded Fisher–Yates shuffle (SplitMix64 steps).
  func shuffled<Element>(_ elements: [Element]) -> [Element] {
    guard var state = seed else { return elements }
    var elements = elements
    for index in stride(from: elements.count - 1, to: 0, by: -1) {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      mixed ^= mixed >> 31
      elements.swapAt(index, Int(mixed % UInt64(index + 1)))
    }
    return elements
  }
}

/// What an intro run gave: the outcome, the trace, how often `onFinish` ran, the progress, the gate's
/// history after the run and the coordinator's warnings.
///
/// In an expectation, ask it a question — `#expect(result.ended(.finished, after: .seconds(2)))` — so that
/// a failure prints it: the outcome, then the trace as a marble diagram of every input.
public struct IntroTestResult<Progress: Sendable>: Sendable, CustomStringConvertible {
  /// The outcome (`nil` if the run ended undecided, which the timeout makes impossible unless the app
  /// stayed inactive).
  public var outcome: IntroOutcome?
  /// The trace as it stood at the end of the run.
  public var trace: IntroTrace
  /// How many times `onFinish` ran (always 1 once decided).
  public var finishCount: Int
  /// The coordinator's progress after each instant at which something happened, from `start`.
  public var progressSteps: [(at: Duration, value: Progress?)]
  /// The gate's history after the run: what a next launch would read (`.shown(version: nil)` once a
  /// first-launch intro has shown).
  public var history: IntroHistory
  /// What the coordinator warned about (an input the intro waited for that the app never called), which an
  /// app's debug build prints.
  public var warnings: [String]

  /// Whether the intro ended with `kind`, and, if given, `after` that long from `start`. In an expectation
  /// (`#expect(result.ended(.timedOut))`) a failure prints this result: its outcome and its diagram.
  public func ended(_ kind: IntroOutcome.Kind, after duration: Duration? = nil) -> Bool {
    self.kind == kind && (duration == nil || endedAfter == duration)
  }

  /// The outcome's reason without its error, for `#expect(result.kind == .finished)`.
  public var kind: IntroOutcome.Kind? { outcome?.reason.kind }
  /// When it ended, from `start`.
  public var endedAfter: Duration? { outcome?.duration }

  /// The progress as it stood at `time` after `start`.
  public func progress(at time: Duration) -> Progress? {
    progressSteps.last { $0.at <= time }?.value ?? nil
  }

  /// The trace as a marble diagram at 100 ms a frame (see `IntroTrace.diagram(frame:width:)`).
  public var diagram: String { trace.diagram() }

  /// The outcome, then the trace's diagram (and the warnings, if any): what a failing expectation prints.
  public var description: String {
    let warned = warnings.map { "\nwarning: \($0)" }.joined()
    return "\(outcome.map(String.init(describing:)) ?? "undecided")\n\(diagram)\(warned)"
  }
}
