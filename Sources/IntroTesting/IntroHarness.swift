import Intro
import Signals
import SignalsTesting

// Swift Testing, where it can be imported (a test target's build): a refused run is recorded as a test failure
// (`Issue.record`) instead of ending the whole test run. Nothing else here depends on it.
#if canImport(Testing)
  import Testing
#endif

/// The inputs a test's intro is made of, scripted on a ``IntroHarness``'s virtual time.
///
/// Pass them where the app passes its own: `.endTrigger(inputs.trigger, …)`, `.signal(inputs.content)`,
/// `skipTaps: inputs.taps`, `isActive: inputs.isActive`, `scheduler: inputs.scheduler`. The asset, the
/// content, the taps and the activity are hot: their times count from `start`. The trigger and the
/// playback are cold (the animation's own streams exist once it starts): their times count from when the
/// coordinator subscribes them, after the asset has loaded.
@MainActor
public final class IntroTestInputs {
  /// The virtual-time scheduler everything runs on.
  public let scheduler: TestScheduler
  /// The animation's end trigger.
  public let trigger: AnySignal<Void, IntroTestError>
  /// The animation's playback: values 1, 2, 3, … as progress.
  public let playback: AnySignal<Int, IntroTestError>
  /// The animation's asset load.
  public let asset: AnySignal<Void, IntroTestError>
  /// The content work.
  public let content: AnySignal<Void, IntroTestError>
  /// Skip taps.
  public let taps: AnySignal<Void, IntroTestError>
  /// Whether the app is active (a value `true` or `false`; active until it says otherwise).
  public let isActive: AnySignal<Bool, IntroTestError>

  init(scheduler: TestScheduler, scripts: IntroScripts, order: inout SchedulingOrder) {
    self.scheduler = scheduler
    trigger = Self.cold(scripts.trigger, on: scheduler) { _ in () }
    playback = Self.cold(scripts.playback, on: scheduler) { index in index }
    asset = Self.hot(scripts.asset, on: scheduler, order: &order) { _ in () }
    content = Self.hot(scripts.content, on: scheduler, order: &order) { _ in () }
    taps = Self.hot(scripts.taps, on: scheduler, order: &order) { _ in () }
    isActive = Self.hot(scripts.isActive, on: scheduler, order: &order, flag: true)
  }

  /// A hot input: a subject whose scripted events are scheduled now, at their times from now.
  private static func hot<Output: Sendable>(
    _ script: IntroScript, on scheduler: TestScheduler, order: inout SchedulingOrder,
    value: @escaping @Sendable (Int) -> Output
  ) -> AnySignal<Output, IntroTestError> {
    let subject = PassthroughSignal<Output, IntroTestError>()
    let start = scheduler.now
    for (index, (time, step)) in script.steps.enumerated() {
      order.add {
        scheduler.schedule(at: start + time) { IntroTestInputs.send(step, index: index + 1, to: subject, value: value) }
      }
    }
    return AnySignal(subject)
  }

  private static func hot(
    _ script: IntroScript, on scheduler: TestScheduler, order: inout SchedulingOrder, flag: Bool
  ) -> AnySignal<Bool, IntroTestError> {
    let subject = PassthroughSignal<Bool, IntroTestError>()
    let start = scheduler.now
    for (time, step) in script.steps {
      order.add {
        scheduler.schedule(at: start + time) {
          switch step {
          case .value(let flag): subject.send(flag)
          case .finish: subject.send(completion: .finished)
          case .fail(let error): subject.send(completion: .failed(error))
          }
        }
      }
    }
    return AnySignal(subject)
  }

  /// A cold input: each subscription gets the scripted events at their times from its subscription.
  private static func cold<Output: Sendable>(
    _ script: IntroScript, on scheduler: TestScheduler, value: @escaping @Sendable (Int) -> Output
  ) -> AnySignal<Output, IntroTestError> {
    AnySignal { observer in
      let subject = PassthroughSignal<Output, IntroTestError>()
      let subscription = subject.subscribe(observer)
      let start = scheduler.now
      let actions = script.steps.enumerated().map { index, timed in
        scheduler.schedule(at: start + timed.0) {
          IntroTestInputs.send(timed.1, index: index + 1, to: subject, value: value)
        }
      }
      return SignalSubscription {
        subscription.cancel()
        for action in actions { scheduler.cancel(action) }
      }
    }
  }

  nonisolated private static func send<Output: Sendable>(
    _ step: IntroScript.Step, index: Int, to subject: PassthroughSignal<Output, IntroTestError>,
    value: (Int) -> Output
  ) {
    switch step {
    case .value: subject.send(value(index))
    case .finish: subject.send(completion: .finished)
    case .fail(let error): subject.send(completion: .failed(error))
    }
  }
}

/// The scripts of one run.
struct IntroScripts: Sendable {
  var trigger: IntroScript
  var playback: IntroScript
  var asset: IntroScript
  var content: IntroScript
  var taps: IntroScript
  var isActive: IntroScript
  var skips: [Duration]
  var cancel: Duration?
}

/// The order in which a run's hot events are scheduled: as written, or shuffled by a seed. Outcomes must
/// not depend on it.
struct SchedulingOrder {
  private var pending: [() -> Void] = []
  private let seed: UInt64?

  init(seed: UInt64?) {
    self.seed = seed
  }

  mutating func add(_ schedule: @escaping () -> Void) {
    pending.append(schedule)
  }

  /// Schedules everything added, in this order's order.
  mutating func schedule() {
    var actions = pending
    pending = []
    if let seed {
      var state = seed
      // A small, seeded Fisher–Yates shuffle (SplitMix64 steps): the same seed, the same order.
      for index in stride(from: actions.count - 1, to: 0, by: -1) {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        actions.swapAt(index, Int(mixed % UInt64(index + 1)))
      }
    }
    for action in actions { action() }
  }
}

/// What an intro run gave: the outcome, the trace, how often `onFinish` ran.
public struct IntroTestResult: Sendable, CustomStringConvertible {
  /// The outcome (`nil` if the run ended undecided, which the timeout makes impossible unless the app
  /// stayed inactive).
  public var outcome: IntroOutcome?
  /// The trace as it stood at the end of the run.
  public var trace: IntroTrace
  /// How many times `onFinish` ran (always 1 once decided).
  public var finishCount: Int

  /// The outcome's reason without its error, for `#expect(result.kind == .completed)`.
  public var kind: IntroOutcome.Kind? { outcome?.reason.kind }
  /// When it ended, from `start`.
  public var endedAfter: Duration? { outcome?.duration }

  /// The trace as a marble diagram at 100 ms a frame (see `IntroTrace.diagram(frame:width:)`).
  public var diagram: String { trace.diagram() }

  /// The outcome, then the trace's diagram: what a failing expectation should print.
  public var description: String {
    "\(outcome.map(String.init(describing:)) ?? "undecided")\n\(diagram)"
  }
}

/// States an intro case in a line or two: the app's own configuration over scripted inputs, outcome and
/// trace out, in virtual time.
///
/// ```swift
/// @MainActor func checkSeed000() {
///   let intro = IntroHarness { inputs in
///     .seed000(
///       animation: .seed000(endTrigger: inputs.trigger), content: .signal(inputs.content),
///       skipTaps: inputs.taps, scheduler: inputs.scheduler)
///   }
///   let result = intro.run(trigger: .at(seconds: 1.2), content: .at(seconds: 2))
///   assert(result.kind == .completed && result.endedAfter == .seconds(2))
/// }
/// ```
///
/// Each run makes a new `TestScheduler`, the inputs and the coordinator, starts it at virtual time zero and
/// advances until `until` (60 s by default), on the calling thread — the main actor, so the outcome is
/// decided inside the advance, at its virtual instant.
///
/// Async work (`IntroWork.task`) runs in virtual time on the scheduler's task executor. Where task executors
/// do not exist (before macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2) the work is refused rather than
/// run in real time: the run records a test failure that names the OS it needs (with Swift Testing;
/// without it, a precondition failure), and the work never becomes ready.
@MainActor
public struct IntroHarness {
  private let makeConfiguration: @MainActor (IntroTestInputs) -> IntroConfiguration
  private let offersTaskExecutor: Bool

  /// A harness for the intro `makeConfiguration` builds from the scripted inputs.
  public init(_ makeConfiguration: @escaping @MainActor (IntroTestInputs) -> IntroConfiguration) {
    self.init(offersTaskExecutor: true, makeConfiguration)
  }

  /// A harness whose scheduler offers its task executor only if `offersTaskExecutor`: `false` plays, on any
  /// OS, one without task executors (how this package tests the refusal on Linux).
  package init(
    offersTaskExecutor: Bool, _ makeConfiguration: @escaping @MainActor (IntroTestInputs) -> IntroConfiguration
  ) {
    self.makeConfiguration = makeConfiguration
    self.offersTaskExecutor = offersTaskExecutor
  }

  /// Runs one intro with these scripts.
  ///
  /// - Parameters:
  ///   - trigger, playback: the animation's streams (times from the animation's start).
  ///   - asset, content, taps, isActive: the other inputs (times from `start`).
  ///   - skips: instants (from `start`) at which the app calls `skip()`.
  ///   - cancelAt: the instant at which the app calls `cancel()`, if it does.
  ///   - reduceMotion: whether Reduce Motion is on at `start`.
  ///   - schedulingSeed: shuffles the order in which same-instant inputs are scheduled (the outcome must
  ///     not change).
  ///   - until: how long to run.
  public func run(
    trigger: IntroScript = nil, playback: IntroScript = nil, asset: IntroScript = nil, content: IntroScript = nil,
    taps: IntroScript = nil, isActive: IntroScript = nil, skips: [Duration] = [], cancelAt: Duration? = nil,
    reduceMotion: Bool = false, schedulingSeed: UInt64? = nil, until: Duration = .seconds(60)
  ) -> IntroTestResult {
    let refusals = Locked<[String]>([])
    let scheduler = TestScheduler(
      offersTaskExecutor: offersTaskExecutor, asyncWorkRefused: { message in refusals.withLock { $0.append(message) } })
    var order = SchedulingOrder(seed: schedulingSeed)
    let scripts = IntroScripts(
      trigger: trigger, playback: playback, asset: asset, content: content, taps: taps, isActive: isActive,
      skips: skips, cancel: cancelAt)
    let inputs = IntroTestInputs(scheduler: scheduler, scripts: scripts, order: &order)
    let coordinator = IntroCoordinator(makeConfiguration(inputs))
    // The app's calls, through the main actor's way in: skip() and cancel() at their instants.
    let calls = PassthroughSignal<Bool, Never>()
    let callSubscription = calls.receiveOnMainActor().sink { isSkip in
      if isSkip { coordinator.skip() } else { coordinator.cancel() }
    }
    for time in skips { order.add { scheduler.schedule(at: .zero + time) { calls.send(true) } } }
    if let cancelAt { order.add { scheduler.schedule(at: .zero + cancelAt) { calls.send(false) } } }
    order.schedule()
    let finishes = Locked(0)
    coordinator.start(reduceMotion: reduceMotion) { _ in finishes.withLock { $0 += 1 } }
    scheduler.advance(to: .zero + until)
    callSubscription.cancel()
    for message in refusals.withLock({ $0 }) { Self.recordFailure(message) }
    return IntroTestResult(
      outcome: coordinator.phase.outcome, trace: coordinator.trace, finishCount: finishes.withLock { $0 })
  }

  /// Records `message` as a failure of the running test (Swift Testing), or stops the program where Swift
  /// Testing cannot be imported.
  private static func recordFailure(_ message: String) {
    #if canImport(Testing)
      Issue.record(Comment(rawValue: "IntroHarness: " + message))
    #else
      preconditionFailure("IntroHarness: " + message)
    #endif
  }
}
