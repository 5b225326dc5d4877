import Signals

/// Work the intro waits for: the animation's asset, or the content the intro hides.
///
/// - A **signal** is ready at its first value or when it finishes; a failure is the work's failure.
/// - A **`Bool` signal** with ``readyWhen(_:)`` is ready at its first `true`.
/// - An **`async throws` function** with ``task(_:)`` runs in a task on the coordinator's scheduler's clock:
///   on a `TestScheduler` (its task executor), the app's real async path runs in virtual time; on the
///   main-queue scheduler of an app, on the global executor. It is ready when it returns. (Where task
///   executors do not exist, before macOS 15 / iOS 18, a `TestScheduler` refuses it rather than run it in
///   real time: `IntroHarness` records a test failure that names the OS it needs.)
///
/// ```swift
/// let content = IntroWork.task { try await Task.sleep(for: .milliseconds(300)) }  // the app's first request
/// ```
public struct IntroWork: Sendable {
  @usableFromInline
  enum Kind: Sendable {
    case signal(IntroInputSource)
    case readyWhenTrue(IntroInputSource)
    case task(@Sendable () async throws -> Void)
  }

  @usableFromInline let kind: Kind

  @inlinable
  init(kind: Kind) {
    self.kind = kind
  }

  /// Work that is ready at `signal`'s first value or finish, and fails with its failure.
  @inlinable
  public static func signal<Work: Signal>(_ signal: Work) -> Self {
    Self(kind: .signal(IntroInputSource(signal)))
  }

  /// Work that is ready when `flag` first sends `true`, and fails with its failure.
  @inlinable
  public static func readyWhen<Flag: Signal<Bool, Failure>, Failure: Error>(_ flag: Flag) -> Self {
    Self(kind: .readyWhenTrue(IntroInputSource(flag)))
  }

  /// Work that runs `work` in a task on the coordinator's scheduler's clock, ready when it returns.
  public static func task(_ work: @escaping @Sendable () async throws -> Void) -> Self {
    Self(kind: .task(work))
  }

  /// The source the coordinator subscribes, on `scheduler` for a task.
  func source(on scheduler: any SignalScheduler) -> IntroInputSource {
    switch kind {
    case .signal(let source), .readyWhenTrue(let source): source
    case .task(let work): IntroInputSource(on: scheduler, work: work)
    }
  }

  /// Whether a value makes the work ready.
  func isReady(_ event: IntroInputEvent) -> Bool {
    switch (kind, event) {
    case (.readyWhenTrue, .value(_, let flag)): flag == true
    case (.readyWhenTrue, .finished): false
    case (_, .value), (_, .finished): true
    case (_, .failed): false
    }
  }
}
