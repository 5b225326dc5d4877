/// A real-time scheduler's pending action: runs at most once, and cancelling releases the closure at once
/// (the queue or task that will call `run()` only keeps this small object).
final class ScheduledAction: Sendable {
  private let action: Locked<PendingAction>

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(PendingAction(action))
  }

  /// Runs the action unless it was cancelled (or already ran).
  func run() {
    action.withLock { $0.take() }.body?()
  }

  /// Releases the action's closure, unless it ran already.
  func cancel() {
    let action = action.withLock { $0.take() }
    _ = action  // released here, outside the lock
  }
}

/// A closure that runs at most once, in a concrete struct (the Engines article, rule 5).
@usableFromInline
struct PendingAction: Sendable {
  @usableFromInline var body: (@Sendable () -> Void)?

  @usableFromInline
  init(_ body: (@Sendable () -> Void)?) {
    self.body = body
  }

  /// Takes the closure out, leaving nothing to run.
  @usableFromInline
  mutating func take() -> PendingAction {
    defer { body = nil }
    return self
  }
}
