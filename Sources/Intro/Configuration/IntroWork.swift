import Signals

/// Work the intro waits for: the animation's asset, or the content the intro hides.
///
/// - **Reported**: the app calls ``IntroCoordinator/contentReady()`` or ``IntroCoordinator/contentFailed(_:)``
///   for the content, ``IntroCoordinator/animationLoaded()`` or ``IntroCoordinator/animationFailed(_:)`` for
///   the asset, from any thread, before `start` or after (the calls count with the other forms too).
/// - **An `async throws` function** (``task(_:)``), run from `start` in a task on the coordinator's
///   scheduler's clock: on the main-queue scheduler of an app, on the global executor; on a
///   `TestScheduler`, on its executor, so the app's real async path runs in virtual time (where task
///   executors do not exist, before macOS 15 / iOS 18, it refuses it: `IntroHarness` records a test failure
///   naming the OS it needs). Ready when it returns.
/// - **A signal** (``signal(_:)``), subscribed at `start`: ready at its first value or when it finishes;
///   a `Bool` signal with ``readyWhen(_:)`` is ready at its first `true`. Its failure is the work's.
///
/// ```swift
/// let content = IntroWork.task { try await Task.sleep(for: .milliseconds(300)) }  // the app's first request
/// ```
public struct IntroWork: Sendable {
  /// Subscribes the work's own source, on the coordinator's scheduler: its events go to `send`.
  typealias Source =
    @Sendable (any SignalScheduler, @escaping @Sendable (IntroEvent) -> Void) ->
    SignalSubscription

  let source: Source?
  /// Ready at a `true` value only (a `Bool` signal with ``readyWhen(_:)``).
  let readyWhenTrue: Bool
  /// What the source is, in words (`task`); `nil` for work the app reports.
  let kind: StaticString?

  init(source: Source?, readyWhenTrue: Bool = false, kind: StaticString?) {
    self.source = source
    self.readyWhenTrue = readyWhenTrue
    self.kind = kind
  }

  /// Work the app reports with the coordinator's methods.
  public static let reported = IntroWork(source: nil, kind: nil)

  /// Where this work's readiness comes from, as a timeout's diagnostic names it: the app's `call`, or the
  /// configured source (`the content's task`).
  func awaited(as role: StaticString, call: StaticString) -> IntroDecision.Source {
    kind.map { .configured($0, of: role) } ?? .call(call)
  }

  /// Work that runs `work` from `start`, in a task on the coordinator's scheduler's clock; ready when it
  /// returns, failed with its error. The intro ending does not cancel it; the coordinator's `cancel()` does.
  public static func task(_ work: @escaping @Sendable () async throws -> Void) -> Self {
    IntroWork(
      source: { scheduler, send in
        TaskSignal(on: scheduler) { () async throws -> Void in try await work() }.observe {
          send(IntroEvent(erasing: $0))
        }
      }, kind: "task")
  }

  /// Work that is ready at `signal`'s first value or finish, and fails with its failure.
  public static func signal<Work: Signal>(_ signal: Work) -> Self {
    IntroWork(source: { _, send in signal.observe { send(IntroEvent(erasing: $0)) } }, kind: "signal")
  }

  /// Work that is ready when `flag` first sends `true`, and fails with its failure.
  public static func readyWhen<Flag: Signal<Bool, Failure>, Failure: Error>(_ flag: Flag) -> Self {
    IntroWork(
      source: { _, send in flag.observe { send(IntroEvent(erasing: $0)) } }, readyWhenTrue: true,
      kind: "flag")
  }
}
